/**
 * Compiles pages exactly as the build does (the same compiler, front matter, links resolved in their version, the
 * page's imports) and reports every problem with file:line, a FAIL line each, and the build's warnings. With no file named, every page.
 * Usage: npx tsx scripts/check-mdx.ts [content/docs/1.1/getting-started.mdx ...]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import compilePage from '../src/builder/pages/mdx-compile-worker.ts';
import { listPageSources, readCategorySources } from '../src/builder/pages/read-content.ts';
import { slugOfText } from '../src/builder/pages/front-matter.ts';
import { linkContextOf, routeTables, versionOfSource } from '../src/builder/pages/page-routes.ts';
import { problemLines } from '../src/builder/pages/page-problems.ts';
import { linkerReady, linkRuntime, PageImportError } from '../src/builder/common/page-link.ts';

const root = process.cwd();
const pages = await listPageSources(root);
const tables = routeTables(pages, (source) => slugOfText(readFileSync(path.join(root, source), 'utf8')), readCategorySources(root));
const asked = process.argv.slice(2).map((f) => path.relative(root, path.resolve(f)).split(path.sep).join('/'));
await linkerReady;

let failed = 0;
for (const source of asked.length ? asked : pages.map((p) => p.source)) {
  const page = pages.find((p) => p.source === source);
  const relPath = page?.relPath ?? source;
  const version = versionOfSource(source);
  const out = await compilePage({
    path: path.join(root, source),
    source,
    relPath,
    text: readFileSync(path.join(root, source), 'utf8'),
    development: false,
    withDoc: true,
    ...(version ? { links: linkContextOf(version, relPath, tables) } : {}),
  });
  let errors = out.errors && problemLines(out.errors);
  if (!errors) {
    try {
      linkRuntime(out.code, 'check');
    } catch (e) {
      if (!(e instanceof PageImportError)) throw e;
      errors = [`${source}: ${e.message}`];
    }
  }
  for (const w of out.warnings ?? []) console.log(`warn ${w}`);
  if (errors) {
    failed++;
    for (const e of errors) console.log(`FAIL ${e}`);
  } else console.log(`ok   ${source}`);
}
process.exit(failed ? 1 : 0);

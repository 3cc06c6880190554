/**
 * Cuts a docs version: `npm run docs:version -- <name>` (e.g. 1.2).
 *
 * - copies the current version's folder, content/docs/<current>, to content/docs/<name>;
 * - makes <name> current at /docs/ in site.config.ts, and moves the former current version to /docs/<its name>/ with
 *   its own search tag;
 * - gives <name> its expected routes (test/fixtures/routes/<name>.txt, the former current's list) and moves the former
 *   current's list under its prefix;
 * - points content/cli/<name>.json at the former current's release facts, until scripts/extract-cli.ts reads the new
 *   release's (a file already there is kept).
 *
 * Links need no rewrite: a page's links resolve in its own version (src/builder/links/resolve-link.ts). Nothing is
 * changed when the name is refused, and a step that fails undoes the ones before it.
 */
import { cpSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import siteConfig from '../site.config.ts';
import { configWithVersions, currentOf, cutRefusal, movedRoutes, versionsAfterCut } from './version-cut.ts';

const root = path.join(import.meta.dirname, '..');
const at = (...parts: string[]) => path.join(root, ...parts);
const started = performance.now();
const name = process.argv[2];

const refusal = cutRefusal(name, siteConfig.versions, (v) => existsSync(at('content/docs', v)));
if (refusal) {
  console.error(`docs:version: ${refusal}`);
  process.exit(1);
}
const former = currentOf(siteConfig.versions);

/** Each step's undo, run last first when a later step fails. */
const undo: (() => void)[] = [];
const write = (file: string, text: string) => {
  const before = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  writeFileSync(file, text);
  undo.push(() => (before === undefined ? rmSync(file, { force: true }) : writeFileSync(file, before)));
};
const changed: string[] = [];

try {
  // Copied aside, then renamed: a copy cut short never looks like a version.
  const folder = at('content/docs', name);
  const aside = at('content/docs', `.${name}.copying`);
  rmSync(aside, { recursive: true, force: true });
  cpSync(at('content/docs', former.name), aside, { recursive: true });
  renameSync(aside, folder);
  undo.push(() => rmSync(folder, { recursive: true, force: true }));
  changed.push(`content/docs/${name}/ (a copy of content/docs/${former.name}/)`);

  write(at('site.config.ts'), configWithVersions(readFileSync(at('site.config.ts'), 'utf8'), versionsAfterCut(siteConfig.versions, name)));
  changed.push(`site.config.ts (${name} current at /docs/, ${former.name} at /docs/${former.name}/ with tag docs-default-${former.name})`);

  const routes = (v: string) => at('test/fixtures/routes', `${v}.txt`);
  if (existsSync(routes(former.name))) {
    const list = readFileSync(routes(former.name), 'utf8');
    write(routes(name), list);
    write(routes(former.name), movedRoutes(list, former.name));
    changed.push(`test/fixtures/routes/${name}.txt and ${former.name}.txt (expected routes)`);
  }

  // Only where the command guard is in use: a site without content/cli/ checks no commands.
  const facts = at('content/cli', `${name}.json`);
  if (existsSync(at('content/cli')) && !existsSync(facts)) {
    write(facts, `${JSON.stringify({ factsOf: former.name }, null, 2)}\n`);
    changed.push(`content/cli/${name}.json (checked against ${former.name}'s release until its own facts are read)`);
  }
} catch (e) {
  for (const step of undo.reverse()) step();
  console.error(`docs:version: ${(e as Error).message}; nothing was changed`);
  process.exit(1);
}

console.log(`Cut docs version ${name} from ${former.name} in ${((performance.now() - started) / 1000).toFixed(2)} s:`);
for (const c of changed) console.log(`  ${c}`);
console.log(`Next: npm run build. When zrok's v${name}.x release is tagged: npx tsx scripts/extract-cli.ts <zrok git dir> v${name}.<patch>`);

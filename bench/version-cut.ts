/**
 * Cutting a docs version of the real site, in a throwaway copy: how long `npm run docs:version` takes, whether the
 * build then passes, how many links in page bodies leave their version, and what renaming a page of the new version
 * that the former current version also has does to each version. Usage: npx tsx bench/version-cut.ts
 */
import { execFile } from 'node:child_process';
import { cp, readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import siteConfig from '../site.config.ts';
import { createWorkspace } from '../test/e2e/workspace.ts';
import { bodyLinksLeavingVersion } from '../test/body-links.ts';
import { currentOf, versionsAfterCut } from '../scripts/version-cut.ts';

const run = promisify(execFile);
const former = currentOf(siteConfig.versions);
const [major, minor] = former.name.split('.').map(Number);
const name = `${major}.${minor + 1}`;

async function inProject(dir: string, args: string[]): Promise<{ ok: boolean; output: string; seconds: number }> {
  const start = performance.now();
  const seconds = () => (performance.now() - start) / 1000;
  try {
    const { stdout, stderr } = await run(process.execPath, args, { cwd: dir, maxBuffer: 64 << 20 });
    return { ok: true, output: stdout + stderr, seconds: seconds() };
  } catch (e) {
    const err = e as { stdout: string; stderr: string };
    return { ok: false, output: err.stdout + err.stderr, seconds: seconds() };
  }
}

const ws = await createWorkspace('zrok-docs-cut-bench-', siteConfig.redirects);
try {
  await cp('content', path.join(ws.dir, 'content'), { recursive: true });
  await cp('test/fixtures/routes', path.join(ws.dir, 'test/fixtures/routes'), { recursive: true });
  const cut = await inProject(ws.dir, ['--import', 'tsx', 'scripts/docs-version.ts', name]);
  if (!cut.ok) throw new Error(cut.output);
  console.log(`docs:version ${name}: ${cut.seconds.toFixed(2)} s (node and tsx started included)`);
  const built = await inProject(ws.dir, ['scripts/build.mjs']);
  console.log(`build after the cut: ${built.ok ? 'passed' : 'FAILED'} in ${built.seconds.toFixed(1)} s`);
  if (!built.ok) throw new Error(built.output);
  const versions = versionsAfterCut(siteConfig.versions, name);
  const { links, byVersion, leaving } = await bodyLinksLeavingVersion(path.join(ws.dir, 'dist'), versions);
  const each = Object.entries(byVersion).map(([v, n]) => `${v}: ${n}`).join(', ');
  console.log(`body links to docs pages: ${links} (${each}); leaving their version: ${leaving.length}`);
  for (const l of leaving) console.log(`  ${l.page} → ${l.href}`);

  // The page of the new version that most of its own pages link to, renamed; the former current version has it too.
  const folder = path.join(ws.dir, 'content/docs', name);
  const pages = (await readdir(folder, { recursive: true })).filter((f) => /\.mdx?$/.test(f) && !f.endsWith('index.mdx'));
  const texts = await Promise.all(pages.map((f) => readFile(path.join(folder, f), 'utf8')));
  const linkedFrom = (f: string) => texts.filter((t) => t.includes(`](/docs/${f.replace(/\.mdx?$/, '/')}`)).length;
  const target = pages.sort((a, b) => linkedFrom(b) - linkedFrom(a))[0];
  await rename(path.join(folder, target), path.join(folder, target.replace(/(\.mdx?)$/, '-renamed$1')));
  const broken = await inProject(ws.dir, ['scripts/build.mjs']);
  const named = [...broken.output.matchAll(/content\/docs\/([^/]+)\/\S+?:\d+/g)].map((m) => m[1]);
  const count = (v: string) => named.filter((n) => n === v).length;
  console.log(`renaming ${name}/${target} (linked from ${linkedFrom(target)} of its pages): build ${broken.ok ? 'passed' : 'failed'}; broken links named in ${name}: ${count(name)}, in ${former.name}: ${count(former.name)}, elsewhere: ${named.length - count(name) - count(former.name)}`);
} finally {
  await ws.remove();
}

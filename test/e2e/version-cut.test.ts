/**
 * Cutting a docs version as a maintainer does, in a throwaway copy of the engine with the fixture site: one command,
 * then a build that passes with no hand edit, no link in a page's body that leaves its version, and a page renamed
 * in the new version that breaks nothing in the old one.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cp, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { createWorkspace, type Workspace } from './workspace.ts';
import { FIXTURE_VERSIONS, CURRENT } from '../fixture-versions.ts';
import { bodyLinksLeavingVersion } from '../body-links.ts';
import { versionsAfterCut } from '../../scripts/version-cut.ts';

const run = promisify(execFile);
let workspace: Workspace;
let project: string;
/** A name the fixture site does not have, newer than its current version. */
const NEW = `${CURRENT.name.split('.')[0]}.${Number(CURRENT.name.split('.')[1]) + 1}`;

before(async () => {
  workspace = await createWorkspace('zrok-docs-cut-', [], undefined, FIXTURE_VERSIONS);
  project = workspace.dir;
  await cp(path.join(process.cwd(), 'test/fixtures/mini/content'), path.join(project, 'content'), { recursive: true });
});
after(async () => {
  await workspace.remove();
});

async function inProject(args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, args, { cwd: project });
    return { code: 0, output: stdout + stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, output: err.stdout + err.stderr };
  }
}
const cut = (name: string) => inProject(['--import', 'tsx', 'scripts/docs-version.ts', name]);
const build = () => inProject(['scripts/build.mjs']);
const file = (version: string, relPath: string) => path.join(project, 'content/docs', version, relPath);

describe('npm run docs:version', () => {
  it('refuses a name that exists or is not a version, and changes nothing', async () => {
    const config = await readFile(path.join(project, 'site.config.ts'), 'utf8');
    for (const [name, reason] of [
      [CURRENT.name, `version ${CURRENT.name} exists already`],
      ['next', '"next" is not a version'],
      ['1.2.3', '"1.2.3" is not a version'],
      [FIXTURE_VERSIONS.at(-1)!.name.replace(/\d+$/, (m) => String(Number(m) + 1)), 'is not newer than the current version'],
    ]) {
      const { code, output } = await cut(name);
      assert.equal(code, 1, output);
      assert.match(output, new RegExp(`docs:version: .*${reason.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`), name);
    }
    assert.equal(await readFile(path.join(project, 'site.config.ts'), 'utf8'), config);
  });

  it('cuts a version that builds at once, whose pages and the old ones link only within their own version', async () => {
    const { code, output } = await cut(NEW);
    assert.equal(code, 0, output);
    const built = await build();
    assert.equal(built.code, 0, built.output);
    const versions = versionsAfterCut(FIXTURE_VERSIONS, NEW);
    const { links, leaving } = await bodyLinksLeavingVersion(path.join(project, 'dist'), versions);
    assert.ok(links >= 2 * FIXTURE_VERSIONS.length, `the fixture's pages link to one another (${links} links)`);
    assert.deepEqual(leaving, []);
    // The former current version's pages now live under its name, and so do their links.
    const moved = await readFile(path.join(project, 'dist/docs', CURRENT.name, 'getting-started/index.html'), 'utf8');
    assert.match(moved, new RegExp(`href="/docs/${CURRENT.name.replace('.', '\\.')}/guides/one/#step-one"`));
    const fresh = await readFile(path.join(project, 'dist/docs/getting-started/index.html'), 'utf8');
    assert.match(fresh, /href="\/docs\/guides\/one\/#step-one"/);
    // So do the links of its Markdown copy (what llms.txt leads to), as full URLs.
    const copy = await readFile(path.join(project, 'dist/docs', CURRENT.name, 'getting-started/index.md'), 'utf8');
    assert.match(copy, new RegExp(`\\]\\(https?://[^/)]+/docs/${CURRENT.name.replace('.', '\\.')}/guides/one/#step-one\\)`), copy);
    assert.doesNotMatch(copy, /\]\(\/docs\/guides\//, copy);
  });

  it('lets a page of the new version be renamed without touching the old one', async () => {
    await rename(file(NEW, 'guides/one.mdx'), file(NEW, 'guides/first.mdx'));
    // Until the new version's own links follow, its build fails, naming those links alone.
    const broken = await build();
    assert.equal(broken.code, 1, broken.output);
    const named = [...broken.output.matchAll(/content\/docs\/([^/]+)\/[^\s:]+:\d+/g)].map((m) => m[1]);
    assert.ok(named.length > 0, broken.output);
    assert.deepEqual([...new Set(named)], [NEW], broken.output);
    const start = file(NEW, 'getting-started.mdx');
    await writeFile(start, (await readFile(start, 'utf8')).replace('/docs/guides/one/', './guides/first.mdx'));
    const mended = await build();
    assert.equal(mended.code, 0, mended.output);
    const old = await readFile(path.join(project, 'dist/docs', CURRENT.name, 'getting-started/index.html'), 'utf8');
    assert.match(old, new RegExp(`href="/docs/${CURRENT.name.replace('.', '\\.')}/guides/one/#step-one"`), 'the old version still links to its own page');
    const fresh = await readFile(path.join(project, 'dist/docs/getting-started/index.html'), 'utf8');
    assert.match(fresh, /href="\/docs\/guides\/first\/#step-one"/);
    assert.deepEqual((await bodyLinksLeavingVersion(path.join(project, 'dist'), versionsAfterCut(FIXTURE_VERSIONS, NEW))).leaving, []);
  });
});

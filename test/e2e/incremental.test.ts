/**
 * Incremental builds: a build that reuses .cache/ from earlier builds writes the same dist/, byte
 * for byte, as a cold build of the same content (after an edit, a rename, an add and a delete); a
 * build with nothing changed does nothing, and a changed dist/ is built again (a page edited in place
 * there included: dist/ shares its files with the render cache); a link on a page kept from the
 * render cache is still checked against the pages rendered again.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { createWorkspace, type Workspace } from './workspace.ts';
import { FIXTURE_VERSIONS } from '../fixture-versions.ts';

const run = promisify(execFile);
const repo = process.cwd();
let warm: Workspace;
let cold: Workspace;

before(async () => {
  warm = await createWorkspace('zrok-docs-incremental-', [{ from: '/docs/old-guide/', to: '/docs/guides/one/' }], undefined, FIXTURE_VERSIONS);
  cold = await createWorkspace('zrok-docs-cold-', [{ from: '/docs/old-guide/', to: '/docs/guides/one/' }], undefined, FIXTURE_VERSIONS);
  await cp(path.join(repo, 'test/fixtures/mini/content'), path.join(warm.dir, 'content'), { recursive: true });
});
after(async () => {
  await warm?.remove();
  await cold?.remove();
});

async function build(dir: string, env: Record<string, string> = {}): Promise<string> {
  const { stdout, stderr } = await run(process.execPath, ['scripts/build.mjs'], { cwd: dir, env: { ...process.env, FORCE_BUILD: '', ...env } });
  return stdout + stderr;
}

/** Every file of a folder, relative path → bytes. */
async function tree(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const full = path.join(e.parentPath, e.name);
    files.set(path.relative(dir, full), await readFile(full));
  }
  return files;
}

function assertSameTree(a: Map<string, Buffer>, b: Map<string, Buffer>) {
  const onlyA = [...a.keys()].filter((f) => !b.has(f));
  const onlyB = [...b.keys()].filter((f) => !a.has(f));
  assert.deepEqual({ onlyIncremental: onlyA, onlyCold: onlyB }, { onlyIncremental: [], onlyCold: [] });
  const differ = [...a.keys()].filter((f) => !a.get(f)!.equals(b.get(f)!));
  assert.deepEqual(differ, [], 'files whose bytes differ between the incremental and the cold build');
}

/** The build reused what it could: both bundles, and the pages the change does not touch. */
function assertReused(output: string, pages: number) {
  assert.match(output, /client and server bundles unchanged/, output);
  const rendered = Number(/\((\d+) rendered, the others unchanged\)/.exec(output)?.[1] ?? pages + 1);
  assert.ok(rendered < pages, `${rendered} of ${pages} pages rendered again:\n${output}`);
}

const doc = (v: string, name: string) => path.join(warm.dir, 'content/docs', v, name);
async function edit(file: string, from: string | RegExp, to: string) {
  const text = await readFile(file, 'utf8');
  const next = text.replace(from, to);
  assert.notEqual(next, text, `${file} has ${from}`);
  await writeFile(file, next);
}

describe('incremental builds', () => {
  it('a build with nothing changed does nothing; a changed dist/ is built again', async () => {
    assert.match(await build(warm.dir), /built 12 pages/);
    const before = await tree(path.join(warm.dir, 'dist'));
    assert.match(await build(warm.dir), /dist\/ is up to date/);
    // The build is for production whatever NODE_ENV the writer's shell sets: nothing it makes depends on it.
    assert.match(await build(warm.dir, { NODE_ENV: 'development' }), /dist\/ is up to date/);
    assertSameTree(await tree(path.join(warm.dir, 'dist')), before);
    await rm(path.join(warm.dir, 'dist/sitemap.xml'));
    assert.match(await build(warm.dir), /built 12 pages/, 'a file missing from dist/ is built again');
    assertSameTree(await tree(path.join(warm.dir, 'dist')), before);
    // dist/ shares its files with the render cache (hard links): a page changed in place there must
    // not come back from the cache as changed, but be rendered again.
    const page = [...before.keys()].find((f) => f.startsWith('docs/') && f.endsWith('index.html'))!;
    await writeFile(path.join(warm.dir, 'dist', page), '<p>edited by hand</p>');
    assert.match(await build(warm.dir), /built 12 pages/, 'a page changed in dist/ is built again');
    assertSameTree(await tree(path.join(warm.dir, 'dist')), before);
  });

  it('after an edit, a rename, an add and a delete, dist/ equals a cold build byte for byte', async () => {
    // Edit: a new title changes the page, its neighbours' prev/next and every sidebar of its version.
    await edit(doc('7.1', 'guides/one.mdx'), 'title: Guide One', 'title: Guide Number One');
    // Entries of texts no page has any more, as edits leave them: more than twice as many as pages, so the build that
    // compiles the edited page removes them (and keeps every page's own).
    const pageCache = path.join(warm.dir, '.cache/pages');
    const kept = (await readdir(pageCache)).filter((f) => f.endsWith('.mjs'));
    const stale = Array.from({ length: 30 }, (_, i) => `${i.toString(16).padStart(64, '0')}.mjs`);
    for (const f of stale) await writeFile(path.join(pageCache, f), '//page-cache {"doc":{}}\n');
    const edited = await build(warm.dir);
    assert.match(edited, /built 12 pages/);
    assertReused(edited, 12);
    const left = new Set(await readdir(pageCache));
    assert.deepEqual(stale.filter((f) => left.has(f)), [], 'the stale page-cache entries are removed');
    assert.equal(kept.filter((f) => left.has(f)).length, kept.length - 1, "every page's entry is kept but the edited page's old one");
    // Rename, with the link to it.
    await rename(doc('7.0', 'guides/one.mdx'), doc('7.0', 'guides/first.mdx'));
    await edit(doc('7.0', 'getting-started.mdx'), '/docs/guides/one/', './guides/first.mdx');
    assert.match(await build(warm.dir), /built 12 pages/);
    // Add a page with a diagram and code.
    await writeFile(
      doc('6.4', 'guides/two.mdx'),
      '---\ntitle: Guide Two\ndescription: Added by the incremental test.\n---\n\n## Steps\n\n```bash\nzrok enable\n```\n\n```mermaid title="Two steps"\nflowchart LR\n  A --> B\n```\n',
    );
    assert.match(await build(warm.dir), /built 13 pages/);
    // Delete a page nothing links to.
    await rm(doc('7.1', 'guides/crash.mdx'));
    const deleted = await build(warm.dir);
    assert.match(deleted, /built 12 pages/);
    assertReused(deleted, 12);
    // A sentence only: the manifest is as it was, so every other page keeps its render-cache entry by its name alone
    // (entry-names.ts) and the one page is rendered again; its version's search index is updated in place
    // (index-update.ts), and equals the cold build's below. Built from a shell that sets NODE_ENV to development: the
    // bundles are kept, and the page is rendered by production React as the cold build's is.
    await edit(doc('7.1', 'guides/one.mdx'), 'Back to', 'Go back to');
    const renderEntries = async () => (await readdir(path.join(warm.dir, '.cache/render'))).filter((f) => f.endsWith('.json'));
    const entriesBefore = await renderEntries();
    const sentence = await build(warm.dir, { BUILD_TRACE: '1', NODE_ENV: 'development' });
    assertReused(sentence, 12);
    // The edited page's old render-cache entry is removed by its name, and no other.
    const entriesAfter = await renderEntries();
    assert.equal(entriesAfter.length, entriesBefore.length, 'one render-cache entry replaced by one');
    assert.equal(entriesBefore.filter((f) => !entriesAfter.includes(f)).length, 1, "the edited page's old entry is gone");
    assert.match(sentence, /\(1 rendered, the others unchanged\)/, sentence);
    assert.match(sentence, /search: docs-default-current updated/, sentence);
    assert.match(await readFile(path.join(warm.dir, 'dist/docs/guides/one/index.html'), 'utf8'), /Go back to/);

    await cp(path.join(warm.dir, 'content'), path.join(cold.dir, 'content'), { recursive: true });
    assert.match(await build(cold.dir), /built 12 pages/);
    assertSameTree(await tree(path.join(warm.dir, 'dist')), await tree(path.join(cold.dir, 'dist')));
  });

  it('a renamed heading breaks a link on a page that is not rendered again: the build names it, and passes once it is mended', async () => {
    await edit(doc('7.1', 'guides/one.mdx'), '## Step One', '## Step 1');
    const failed = await build(warm.dir).then(
      (output) => assert.fail(`the build passed:\n${output}`),
      (e: { stdout: string; stderr: string }) => e.stdout + e.stderr,
    );
    assert.match(failed, /content\/docs\/7\.1\/getting-started\.mdx:7 \(page \/docs\/getting-started\/\): \/docs\/guides\/one\/#step-one — no element with id "step-one"/);
    await edit(doc('7.1', 'getting-started.mdx'), '#step-one', '#step-1');
    assertReused(await build(warm.dir), 12);
  });

  it("new link mappings in site.config.ts change the links of pages that did not change", async () => {
    const config = path.join(warm.dir, 'site.config.ts');
    await edit(config, 'linkMappings: [],', "linkMappings: [{ from: '@guides', to: '/docs/guides' }],");
    await edit(doc('7.1', 'getting-started.mdx'), /$/, '\nSee [the guide, mapped](@guides/one/).\n');
    await build(warm.dir);
    const html = () => readFile(path.join(warm.dir, 'dist/docs/getting-started/index.html'), 'utf8');
    assert.match(await html(), /href="\/docs\/guides\/one\/"[^>]*>the guide, mapped</);
    // The page is as it was; what its prefix stands for is not.
    await edit(config, "to: '/docs/guides' }", `to: '/docs/${FIXTURE_VERSIONS[2].name}/guides' }`);
    await build(warm.dir);
    assert.match(await html(), new RegExp(`href="/docs/${FIXTURE_VERSIONS[2].name.replace('.', '\\.')}/guides/one/"[^>]*>the guide, mapped<`));
  });
});

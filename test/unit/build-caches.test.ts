import { describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { execFileSync } from 'node:child_process';
import { statSnapshot, unchangedSince } from '../../src/builder/common/stat-snapshot.ts';
import { pageCache } from '../../src/builder/pages/page-cache.ts';
import { restoreBundles, saveBundles } from '../../src/builder/bundles/bundle-cache.ts';

type Entry = { mtimeMs: number; size: number; title: string };

describe('the stat snapshot of what a build learned from each file', () => {
  it('gives back what was saved, for the same fingerprint only', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'snapshot-'));
    const file = path.join(dir, 'compiled.json');
    await statSnapshot<Entry>(file, 'code-1').save(new Map([['a.md', { mtimeMs: 1, size: 2, title: 'A' }]]));
    expect(statSnapshot<Entry>(file, 'code-1').load().get('a.md')?.title).toBe('A');
    expect(statSnapshot<Entry>(file, 'code-2').load().size).toBe(0);
    // Saved by two at once: whole, and nothing left beside it.
    await Promise.all([1, 2, 3].map((n) => statSnapshot<Entry>(file, 'code-1').save(new Map([['a.md', { mtimeMs: n, size: 2, title: 'A' }]]))));
    expect(statSnapshot<Entry>(file, 'code-1').load().get('a.md')?.title).toBe('A');
    expect(await readdir(dir)).toEqual(['compiled.json']);
  });

  it('is empty, not an error, when the file is missing, cut short or not a snapshot', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'snapshot-'));
    const file = path.join(dir, 'compiled.json');
    expect(statSnapshot<Entry>(file, 'code-1').load().size).toBe(0);
    for (const text of ['{"fingerprint":"code-1","entries":[["a.md",{"mt', 'null', '[]', '{"fingerprint":"code-1","entries":{}}']) {
      await writeFile(file, text);
      expect(statSnapshot<Entry>(file, 'code-1').load().size, text).toBe(0);
    }
  });

  it('counts a file unchanged only when its size and modification time are both the same', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'snapshot-'));
    const file = path.join(dir, 'page.md');
    await writeFile(file, 'text');
    const now = await stat(file);
    expect(unchangedSince({ mtimeMs: now.mtimeMs, size: now.size }, now)).toBe(true);
    expect(unchangedSince({ mtimeMs: now.mtimeMs, size: now.size + 1 }, now)).toBe(false);
    expect(unchangedSince({ mtimeMs: now.mtimeMs - 1, size: now.size }, now)).toBe(false);
    expect(unchangedSince(undefined, now)).toBe(false);
  });
});

describe('the page cache', () => {
  it('misses, without an error, on an entry cut short', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'page-cache-'));
    await mkdir(path.join(root, 'src/builder'), { recursive: true });
    const cache = pageCache(root);
    const doc = { title: 'A' } as unknown as Parameters<typeof cache.set>[2]['doc'];
    await cache.set('a.md', 'text', { doc, code: 'export default 1;', compiled: true });
    expect((await cache.get('a.md', 'text'))?.doc).toEqual(doc);
    const [entry] = await readdir(path.join(root, '.cache/pages'));
    await writeFile(path.join(root, '.cache/pages', entry), '//page-cache {"doc":{"tit');
    expect(await cache.get('a.md', 'text')).toBeUndefined();
  });

  it('keeps an entry and its module as one file, which imports as the module', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'page-cache-'));
    await mkdir(path.join(root, 'src/builder'), { recursive: true });
    const cache = pageCache(root);
    // A title with the two characters that end a JavaScript comment but not a JSON string.
    const doc = { title: 'A\u2028B\u2029C' } as unknown as Parameters<typeof cache.set>[2]['doc'];
    await cache.set('a.md', 'text', { doc, code: 'export default 42;', diagramFallbacks: [{ line: 3, reason: 'r' }] });
    expect(await readdir(path.join(root, '.cache/pages'))).toEqual([path.basename(cache.moduleFile('a.md', 'text'))]);
    expect(await cache.get('a.md', 'text')).toEqual({ doc, compiled: true, diagramFallbacks: [{ line: 3, reason: 'r' }] });
    // Imported by Node itself, as the prerender imports it.
    const imported = execFileSync(process.execPath, ['--input-type=module', '-e', `console.log((await import(${JSON.stringify(pathToFileURL(cache.moduleFile('a.md', 'text')).href)})).default)`], { encoding: 'utf8' });
    expect(imported.trim()).toBe('42');
    // What only the manifest reader saw is an entry, not a compiled one.
    await cache.set('b.md', 'text', { doc });
    expect(await cache.get('b.md', 'text')).toEqual({ doc });
  });

  it('keeps an entry written by two requests at once, as the dev server may, and prunes what a stopped write left aside', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'page-cache-'));
    await mkdir(path.join(root, 'src/builder'), { recursive: true });
    const cache = pageCache(root);
    const doc = { title: 'A' } as unknown as Parameters<typeof cache.set>[2]['doc'];
    // With one name aside per process, the second rename found the file gone (ENOENT).
    await Promise.all(Array.from({ length: 8 }, () => cache.set('a.md', 'text', { doc, code: 'export default 1;' })));
    expect((await cache.get('a.md', 'text'))?.doc).toEqual(doc);
    const dir = path.join(root, '.cache/pages');
    const entry = path.basename(cache.moduleFile('a.md', 'text'));
    expect(await readdir(dir)).toEqual([entry]);
    await writeFile(path.join(dir, `${entry}.tmp-12-x0`), '//page-cache {"doc"');
    await writeFile(path.join(dir, `${entry}.34.tmp`), '//page-cache {"doc"'); // as an older build named it
    await cache.prune([cache.moduleFile('a.md', 'text')]);
    expect(await readdir(dir)).toEqual([entry]);
  });

  it('keeps entries of texts no page has any more until it holds twice as many as pages, then removes them', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'page-cache-'));
    await mkdir(path.join(root, 'src/builder'), { recursive: true });
    const cache = pageCache(root);
    const doc = { title: 'A' } as unknown as Parameters<typeof cache.set>[2]['doc'];
    const dir = path.join(root, '.cache/pages');
    await cache.set('b.md', 'text', { doc, code: 'export default 2;' });
    await writeFile(path.join(dir, 'compiled.json'), '{}');
    // The older layout's: a folder by the key's first two digits, an entry apart from its module.
    await mkdir(path.join(dir, 'ab'));
    await writeFile(cache.moduleFile('b.md', 'text').replace(/\.mjs$/, '.json'), '{}');
    const inUse = () => [cache.moduleFile('a.md', 'text 3'), cache.moduleFile('b.md', 'text')];
    // Four entries for two pages: an edit undone still finds its page compiled.
    for (const text of ['text 1', 'text 2', 'text 3']) await cache.set('a.md', text, { doc, code: 'export default 1;' });
    await cache.prune(inUse());
    expect((await cache.get('a.md', 'text 1'))?.doc).toEqual(doc);
    expect((await readdir(dir)).sort()).toHaveLength(5); // the entries and the snapshot; the older layout's are gone
    // Five for two: more than twice as many, and the three no page has are removed.
    await cache.set('a.md', 'text 4', { doc, code: 'export default 1;' });
    await cache.prune(inUse());
    expect(await cache.get('a.md', 'text 1')).toBeUndefined();
    expect(await cache.get('a.md', 'text 4')).toBeUndefined();
    expect((await cache.get('a.md', 'text 3'))?.doc).toEqual(doc);
    expect((await readdir(dir)).sort()).toEqual(['compiled.json', ...inUse().map((m) => path.basename(m))].sort());
  });
});

describe('the bundle cache', () => {
  /** A project folder whose .build/ holds a client and a server bundle as Vite leaves them. */
  async function builtBundles() {
    const root = await mkdtemp(path.join(tmpdir(), 'bundles-'));
    const work = path.join(root, '.build');
    const files: Record<string, string> = {
      'client/index.html': '<!--app-html-->',
      'client/.vite/manifest.json': '{}',
      'client/assets/index-abc.js': 'app',
      'client/assets/mermaid-11/chunks/x.mjs': 'chunk',
      'server/server.js': 'server',
      'server/assets/page-def.js': 'page',
    };
    for (const [rel, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(work, rel)), { recursive: true });
      await writeFile(path.join(work, rel), text);
    }
    return { root, work, files };
  }

  it('gives back every file of both bundles, sharing the hashed assets with the cache and copying the rest', async () => {
    const { root, work, files } = await builtBundles();
    await saveBundles(root, 'key-1', work);
    const again = path.join(root, '.build-again');
    expect(await restoreBundles(root, 'key-2', again)).toBe(false);
    expect(await restoreBundles(root, 'key-1', again)).toBe(true);
    for (const [rel, text] of Object.entries(files)) expect(await readFile(path.join(again, rel), 'utf8'), rel).toBe(text);
    const sameFile = async (rel: string) => (await stat(path.join(work, rel))).ino === (await stat(path.join(again, rel))).ino;
    expect(await sameFile('client/assets/index-abc.js')).toBe(true);
    expect(await sameFile('client/assets/mermaid-11/chunks/x.mjs')).toBe(true);
    expect(await sameFile('server/assets/page-def.js')).toBe(true);
    // The prerender writes the home page over the shell: the cache's shell must stay the template.
    expect(await sameFile('client/index.html')).toBe(false);
    expect(await sameFile('server/server.js')).toBe(false);
  });

  it('keeps its shell when a build writes into its own copy', async () => {
    const { root, work } = await builtBundles();
    await saveBundles(root, 'key-1', work);
    await writeFile(path.join(work, 'client/index.html'), '<html>home</html>');
    const again = path.join(root, '.build-again');
    await restoreBundles(root, 'key-1', again);
    expect(await readFile(path.join(again, 'client/index.html'), 'utf8')).toBe('<!--app-html-->');
  });
});

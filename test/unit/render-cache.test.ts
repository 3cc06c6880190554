import { describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readdir, readFile, stat, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FileSetCache, forgetMetasAhead, keepFiles, keptFile, readEntry, readMetasAhead, readPart, writeFresh } from '../../src/builder/prerender/render-cache.ts';

const temp = () => mkdtemp(path.join(tmpdir(), 'render-'));

/** A site folder with one page written as the prerender writes it. */
async function siteWithPage(text = '<p>x</p>') {
  const site = await temp();
  writeFresh(path.join(site, 'docs/x/index.html'), text);
  writeFresh(path.join(site, 'assets/pages/x.js'), 'export default 1');
  return site;
}
const rels = ['docs/x/index.html', 'assets/pages/x.js'];

describe('the render cache', () => {
  it('names an entry by the common inputs and the entry inputs', async () => {
    const dir = await temp();
    const a = new FileSetCache(dir, 'server v1');
    const entry = a.entryFor('/docs/x/', '{"title":"X"}');
    expect(a.entryFor('/docs/x/', '{"title":"X"}')).toBe(entry);
    expect(a.entryFor('/docs/x/', '{"title":"Y"}')).not.toBe(entry);
    expect(a.entryFor('/docs/y/', '{"title":"X"}')).not.toBe(entry);
    expect(new FileSetCache(dir, 'server v2').entryFor('/docs/x/', '{"title":"X"}')).not.toBe(entry);
  });

  it("keeps a page's files as hard links of the site's, with its data", async () => {
    const dir = await temp();
    const cache = new FileSetCache(dir, 'c');
    await cache.ready();
    const entry = cache.entryFor('/docs/x/', 'data');
    expect(readEntry(entry)).toBeUndefined();
    const extract = { recordsHash: 'h' };
    const site = await siteWithPage();
    await keepFiles(entry, site, rels, extract);
    const kept = readEntry(entry)!;
    expect(kept.data).toEqual(extract);
    expect(kept.files.map((f) => f.rel)).toEqual(rels);
    expect(await readFile(keptFile(entry, 0), 'utf8')).toBe('<p>x</p>');
    expect(await readFile(keptFile(entry, 1), 'utf8')).toBe('export default 1');
    const served = await stat(path.join(site, 'docs/x/index.html'));
    expect([kept.files[0].dev, kept.files[0].ino]).toEqual([served.dev, served.ino]);
    expect(served.nlink).toBeGreaterThan(1);
  });

  it('takes an entry read ahead once, still checking its files then, and reads ahead only until told to stop', async () => {
    const dir = await temp();
    const cache = new FileSetCache(dir, 'c');
    await cache.ready();
    const site = await siteWithPage();
    const names = Array.from({ length: 600 }, (_, i) => `p${i}`);
    const entries = names.map((n) => cache.entryFor(n, 'data'));
    for (const [i, entry] of entries.entries()) await keepFiles(entry, site, rels, { recordsHash: `h${i}` });
    let looked = 0;
    await readMetasAhead(dir, entries.map((e) => path.basename(e)), () => ++looked >= 2);
    // The entry files are gone: what was read ahead is taken, once, the rest read now (and found gone).
    for (const entry of entries) await writeFile(`${entry}.json`, 'not an entry');
    const found = entries.map((entry) => readEntry<{ recordsHash: string }>(entry)?.data.recordsHash);
    const taken = found.filter(Boolean).length;
    expect(taken).toBeGreaterThan(0);
    expect(taken).toBeLessThan(entries.length); // it stopped when told
    expect(found).toEqual(names.map((_, i) => (i < taken ? `h${i}` : undefined)));
    expect(readEntry(entries[0])).toBeUndefined();
    // A kept file changed since is found changed, as in a lookup that reads the entry then.
    const other = new FileSetCache(await temp(), 'c');
    const entry = other.entryFor('/docs/x/', 'data');
    await keepFiles(entry, site, rels, { recordsHash: 'h' });
    await readMetasAhead(path.dirname(entry), [path.basename(entry)], () => false);
    await appendFile(keptFile(entry, 0), 'changed');
    expect(readEntry(entry)).toBeUndefined();
    forgetMetasAhead();
  });

  it('trusts the last site for a file it holds as that same file, unchanged, and finds one changed there', async () => {
    const cache = new FileSetCache(await temp(), 'c');
    await cache.ready();
    const entry = cache.entryFor('/docs/x/', 'data');
    const site = await siteWithPage();
    await keepFiles(entry, site, rels, { recordsHash: 'h' });
    const siteStats = async () => new Map(await Promise.all(rels.map(async (rel) => [rel, await stat(path.join(site, rel))] as const)));
    const lastSite = await siteStats();
    const looked: string[] = [];
    const lookup = (rel: string) => (looked.push(rel), lastSite.get(rel));
    expect(readEntry(entry, lookup)?.files.map((f) => f.rel)).toEqual(rels);
    expect(looked).toEqual(rels);
    // A file of the site that is another file (a copy) says nothing of the cache's: it is looked at itself.
    const other = { ...lastSite.get(rels[0])!, ino: -1 };
    expect(readEntry(entry, (rel) => (rel === rels[0] ? other : lastSite.get(rel)))?.data).toEqual({ recordsHash: 'h' });
    // Edited in place in the site (the cache's file too): the entry is dropped, as without the site's files.
    await appendFile(path.join(site, rels[0]), '<p>edited</p>');
    const edited = await siteStats();
    expect(readEntry(entry, (rel) => edited.get(rel))).toBeUndefined();
  });

  it("keeps parts beside the entry's data, each read only on demand", async () => {
    const dir = await temp();
    const cache = new FileSetCache(dir, 'c');
    await cache.ready();
    const entry = cache.entryFor('/docs/x/', 'data');
    const records = [{ objectID: 'x:0', content: 'line one\nline two' }];
    const facts = [{ path: '/docs/x/', source: 'x.mdx', ids: ['a', 'b'], links: ['/docs/y/'] }];
    await keepFiles(entry, await siteWithPage(), rels, { recordsHash: 'h' }, { records, facts });
    expect(readEntry<{ recordsHash: string }>(entry)?.data).toEqual({ recordsHash: 'h' });
    expect(readPart(entry, 'records')).toEqual(records);
    expect(readPart(entry, 'facts')).toEqual(facts);
    // The entry's first line holds neither: the lookup of every page parses it
    const [first, ...parts] = (await readFile(`${entry}.json`, 'utf8')).split('\n');
    expect(first).not.toMatch(/line one|\/docs\/y\//);
    expect(parts).toHaveLength(2);
    const without = cache.entryFor('/docs/y/', 'data');
    await keepFiles(without, await siteWithPage(), rels, null);
    expect(readEntry(without)?.data).toBeNull();
    expect(readPart(without, 'records')).toBeUndefined();
    expect(readPart(path.join(dir, 'gone'), 'records')).toBeUndefined();
  });

  it('reads an entry whose data is longer than the part of the file the lookup reads first', async () => {
    const dir = await temp();
    const cache = new FileSetCache(dir, 'c');
    await cache.ready();
    const entry = cache.entryFor('/docs/x/', 'data');
    const data = { recordsHash: 'h'.repeat(40_000) };
    await keepFiles(entry, await siteWithPage(), rels, data, { records: [{ objectID: 'x:0' }] });
    expect(readEntry(entry)?.data).toEqual(data);
    expect(readPart(entry, 'records')).toEqual([{ objectID: 'x:0' }]);
  });

  it('drops an entry it cannot read, so that a new one takes its place', async () => {
    const dir = await temp();
    const cache = new FileSetCache(dir, 'c');
    await cache.ready();
    const entry = cache.entryFor('/docs/x/', 'data');
    await keepFiles(entry, await siteWithPage(), rels, { recordsHash: 'old' });
    // Cut short, as on a full disk.
    await writeFile(`${entry}.json`, '{"files":[{"rel":"docs/x/ind');
    expect(readEntry(entry)).toBeUndefined();
    await keepFiles(entry, await siteWithPage(), rels, { recordsHash: 'new' });
    expect(readEntry(entry)?.data).toEqual({ recordsHash: 'new' });
  });

  it('drops an entry whose file was changed in place, through the site folder that shares it', async () => {
    const dir = await temp();
    const cache = new FileSetCache(dir, 'c');
    await cache.ready();
    const entry = cache.entryFor('/docs/x/', 'data');
    const served = await siteWithPage();
    await keepFiles(entry, served, rels, null);
    expect(readEntry(entry)?.data).toBeNull();
    // What a hand edit of dist/ does: the same inode, new bytes.
    await appendFile(path.join(served, 'docs/x/index.html'), '<p>edited</p>');
    expect(readEntry(entry)).toBeUndefined();
    expect(await readdir(dir)).toEqual([]);
  });

  it('writes a page over a kept file without touching the kept copy', async () => {
    const dir = await temp();
    const cache = new FileSetCache(dir, 'c');
    await cache.ready();
    const entry = cache.entryFor('/docs/x/', 'data');
    const site = await siteWithPage('<p>old</p>');
    await keepFiles(entry, site, rels, null);
    writeFresh(path.join(site, 'docs/x/index.html'), '<p>new</p>');
    expect(readEntry(entry)?.data).toBeNull();
    expect(await readFile(keptFile(entry, 0), 'utf8')).toBe('<p>old</p>');
  });

  it('drops the entries a build did not use', async () => {
    const dir = await temp();
    const first = new FileSetCache(dir, 'c');
    await first.ready();
    const site = await siteWithPage();
    for (const route of ['/a/', '/b/']) await keepFiles(first.entryFor(route, 'd'), site, rels, null);
    await writeFile(path.join(dir, 'stale-entry-of-an-older-format.json'), '{}');
    // An entry of the older layout (a folder), and one a stopped build left half-written under the key still used.
    await mkdir(path.join(dir, 'a'.repeat(32)));
    const second = new FileSetCache(dir, 'c');
    const kept = second.entryFor('/a/', 'd');
    await writeFile(`${kept}.json.tmp-1-x`, '{"files":[');
    await second.prune();
    expect((await readdir(dir)).sort()).toEqual([0, 1, 'json'].map((end) => `${path.basename(kept)}.${end}`));
  });
});

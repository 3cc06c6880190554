// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { existsSync } from 'node:fs';
import { appendFile, mkdtemp, readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { keptIndexFiles, pruneIndexFiles, storeIndexFiles } from '../../src/builder/search/search-store.ts';

// Every write passes through, counted: files of the same text must be written once.
const writes = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof import('node:fs/promises')>();
  return { ...fs, writeFile: (...args: Parameters<typeof fs.writeFile>) => (writes.count++, fs.writeFile(...args)) };
});

const temp = () => mkdtemp(path.join(tmpdir(), 'search-store-'));
const index = (part: string) => [
  { path: 'search-index/v.json', text: `{"core":"${part}"}` },
  { path: 'assets/search/v/t1.json', text: '["unchanged part"]' },
  { path: 'assets/search/v/t2.json', text: `["${part}"]` },
];

describe('the search index files kept between builds', () => {
  it('keeps a file already there as it is, and gives each file where the site wants it', async () => {
    const dir = await temp();
    const first = await storeIndexFiles(dir, index('one'));
    const unchanged = path.join(dir, first[1].name);
    const { ino, mtimeMs } = await stat(unchanged);
    const second = await storeIndexFiles(dir, index('two'));
    expect(second[1]).toEqual(first[1]);
    expect((await stat(unchanged)).ino).toBe(ino);
    expect((await stat(unchanged)).mtimeMs).toBe(mtimeMs);
    expect(second[2].name).not.toBe(first[2].name);
    const site = keptIndexFiles(dir, second)!;
    expect(site.map((f) => f.rel)).toEqual(['search-index/v.json', 'assets/search/v/t1.json', 'assets/search/v/t2.json']);
    expect(await readFile(site[2].file, 'utf8')).toBe('["two"]');
    expect(site[1].ino).toBe(ino);
  });

  it('drops an index whose file was changed in place (through dist/, which shares it), and writes the file anew', async () => {
    const dir = await temp();
    const refs = await storeIndexFiles(dir, index('one'));
    await appendFile(path.join(dir, refs[2].name), ' ');
    expect(keptIndexFiles(dir, refs)).toBeUndefined();
    expect(existsSync(path.join(dir, refs[2].name))).toBe(false);
    const again = await storeIndexFiles(dir, index('one'));
    expect(await readFile(path.join(dir, again[2].name), 'utf8')).toBe('["one"]');
    expect(keptIndexFiles(dir, again)).toHaveLength(3);
  });

  it('stores files of the same text once, each place in the site getting that one file', async () => {
    const dir = await temp();
    const same = Array.from({ length: 8 }, (_, i) => ({ path: `assets/search/v/r${i}.json`, text: '["the same records"]' }));
    writes.count = 0;
    const refs = await storeIndexFiles(dir, same);
    expect(writes.count).toBe(1);
    expect(new Set(refs.map((ref) => ref.name)).size).toBe(1);
    expect(await readdir(dir)).toEqual([refs[0].name]);
    const site = keptIndexFiles(dir, refs)!;
    expect(site.map((f) => f.rel)).toEqual(same.map((f) => f.path));
  });

  it('removes the files no index of the build lists', async () => {
    const dir = await temp();
    await storeIndexFiles(dir, index('one'));
    const used = await storeIndexFiles(dir, index('two'));
    pruneIndexFiles(dir, used);
    expect((await readdir(dir)).sort()).toEqual(used.map((ref) => ref.name).sort());
  });
});

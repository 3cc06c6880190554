import { describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { statSnapshot, unchangedSince } from '../../src/build/stat-snapshot.ts';
import { pageCache } from '../../src/build/page-cache.ts';

type Entry = { mtimeMs: number; size: number; title: string };

describe('the stat snapshot of what a build learned from each file', () => {
  it('gives back what was saved, for the same fingerprint only', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'snapshot-'));
    const file = path.join(dir, 'compiled.json');
    await statSnapshot<Entry>(file, 'code-1').save(new Map([['a.md', { mtimeMs: 1, size: 2, title: 'A' }]]));
    expect(statSnapshot<Entry>(file, 'code-1').load().get('a.md')?.title).toBe('A');
    expect(statSnapshot<Entry>(file, 'code-2').load().size).toBe(0);
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
    await mkdir(path.join(root, 'src/build'), { recursive: true });
    const cache = pageCache(root);
    const doc = { title: 'A' } as unknown as Parameters<typeof cache.set>[2]['doc'];
    await cache.set('a.md', 'text', { doc, code: 'export default 1;', compiled: true });
    expect((await cache.get('a.md', 'text'))?.doc).toEqual(doc);
    const [shard] = await readdir(path.join(root, '.cache/pages'));
    const entry = (await readdir(path.join(root, '.cache/pages', shard))).find((f) => f.endsWith('.json'))!;
    await writeFile(path.join(root, '.cache/pages', shard, entry), '{"doc":{"tit');
    expect(await cache.get('a.md', 'text')).toBeUndefined();
  });
});

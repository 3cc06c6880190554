import { describe, expect, it } from 'vitest';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RenderCache, serializePage } from '../../src/build/render-cache.ts';

describe('the render cache', () => {
  it('names an entry by the common inputs, the route and the page inputs', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'render-'));
    const a = new RenderCache(dir, 'server v1');
    const file = a.fileFor('/docs/x/', '{"title":"X"}');
    expect(a.fileFor('/docs/x/', '{"title":"X"}')).toBe(file);
    expect(a.fileFor('/docs/x/', '{"title":"Y"}')).not.toBe(file);
    expect(a.fileFor('/docs/y/', '{"title":"X"}')).not.toBe(file);
    expect(new RenderCache(dir, 'server v2').fileFor('/docs/x/', '{"title":"X"}')).not.toBe(file);
  });

  it('gives back a page as it was kept, its ids a Set again', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'render-'));
    const cache = new RenderCache(dir, 'c');
    await cache.ready();
    const file = cache.fileFor('/docs/x/', 'data');
    expect(await cache.has(file)).toBe(false);
    const page = { files: [['docs/x/index.html', '<p>x</p>']] as [string, string][], facts: [{ path: '/docs/x/', source: 'x.mdx', ids: new Set(['a', 'b']), links: ['/docs/y/'] }], records: [] };
    await writeFile(file, serializePage(page));
    expect(await cache.has(file)).toBe(true);
    expect(await cache.read(file)).toEqual(page);
  });

  it('drops the entries a build did not use', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'render-'));
    const first = new RenderCache(dir, 'c');
    await first.ready();
    for (const route of ['/a/', '/b/']) await writeFile(first.fileFor(route, 'd'), '{}');
    const second = new RenderCache(dir, 'c');
    const kept = second.fileFor('/a/', 'd');
    await second.prune();
    expect(await readdir(dir)).toEqual([path.basename(kept)]);
  });
});

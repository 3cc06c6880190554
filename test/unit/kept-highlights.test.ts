// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Element, Root } from 'hast';
import { keptHighlights, pruneKeptHighlights } from '../../src/builder/pages/kept-highlights.ts';
import { rehypeShikiKept } from '../../src/builder/pages/rehype-shiki-kept.ts';

const block = (lang: string, code: string): Element => ({
  type: 'element',
  tagName: 'pre',
  properties: {},
  children: [{ type: 'element', tagName: 'code', properties: { className: [`language-${lang}`] }, children: [{ type: 'text', value: code }] }],
});
const page = (...blocks: Element[]): Root => ({ type: 'root', children: blocks });

/** A cache as shiki's rehype plugin uses it, counting what it was given. */
function countingCache(map = new Map<string, Root>()) {
  const cache = {
    map,
    highlighted: 0,
    get: (key: string) => structuredClone(map.get(key)),
    set(key: string, tree: Root | undefined) {
      if (tree) map.set(key, structuredClone(tree)), cache.highlighted++;
      return cache;
    },
  };
  return cache;
}
// The cache's trees are hast's, of another copy of its types than shiki's own.
const options = (cache: ReturnType<typeof countingCache>) => ({ themes: { light: 'github-light-default', dark: 'github-dark-default' }, defaultColor: false as const, langs: ['bash'], lazy: true, cache }) as unknown as Parameters<typeof rehypeShikiKept>[0];

describe('highlighted code blocks kept between builds', () => {
  it('takes every block of a page from the cache, as the highlighter made them, without highlighting one', async () => {
    const first = countingCache();
    const made = page(block('bash', 'zrok enable <token>\n'), block('yaml', 'v: 4\n'));
    await rehypeShikiKept(options(first))(made);
    expect(first.highlighted).toBe(2);
    expect(JSON.stringify(made)).toContain('shiki');

    const again = countingCache(first.map);
    const kept = page(block('bash', 'zrok enable <token>\n'), block('yaml', 'v: 4\n'));
    await rehypeShikiKept(options(again))(kept);
    expect(again.highlighted).toBe(0);
    expect(kept).toEqual(made);
  });

  it('highlights only the block the cache lacks, and the page is as if all were highlighted at once', async () => {
    const cache = countingCache();
    await rehypeShikiKept(options(cache))(page(block('bash', 'zrok share public 8080\n')));
    const mixed = page(block('bash', 'zrok share public 8080\n'), block('bash', 'zrok status\n'));
    await rehypeShikiKept(options(cache))(mixed);
    expect(cache.highlighted).toBe(2);
    const whole = page(block('bash', 'zrok share public 8080\n'), block('bash', 'zrok status\n'));
    await rehypeShikiKept(options(countingCache()))(whole);
    expect(mixed).toEqual(whole);
  });

  it('keeps a block on disk whole, and removes the folders of other compilers', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'kept-highlights-'));
    const tree = page(block('bash', 'zrok version\n'));
    keptHighlights(path.join(root, 'old')).set('k', tree);
    const store = keptHighlights(path.join(root, 'new'));
    expect(store.get('k')).toBeUndefined();
    store.set('k', tree);
    expect(store.get('k')).toEqual(tree);
    pruneKeptHighlights(path.join(root, 'new'));
    expect(await readdir(root)).toEqual(['new']);
    expect(await readdir(path.join(root, 'new'))).toHaveLength(1);
  });
});

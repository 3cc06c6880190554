import { describe, expect, it } from 'vitest';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { entryNames } from '../../src/builder/prerender/entry-names.ts';

describe("the last build's render-cache names", () => {
  it('come back under the key they were saved with, and not under another, nor from a damaged file', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'entry-names-')), 'names.json');
    const names = new Map([['/docs/a/', { module: 'a1.mjs', name: 'e1', tag: 'docs-default-current' }], ['/', { module: '', name: 'e2' }]]);
    await entryNames(file, 'manifest 1').save(names);
    expect(entryNames(file, 'manifest 1').load()).toEqual(names);
    expect(entryNames(file, 'manifest 2').load().size).toBe(0);
    await writeFile(file, '{"key":"manifest 1","names":[["/docs/a/",');
    expect(entryNames(file, 'manifest 1').load().size).toBe(0);
  });
});

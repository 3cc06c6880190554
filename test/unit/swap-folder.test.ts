import { describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { swapFolder } from '../../src/builder/placement/swap-folder.ts';

async function folderWith(dir: string, text: string) {
  await mkdir(path.join(dir, 'docs'), { recursive: true });
  await writeFile(path.join(dir, 'docs/index.html'), text);
}

/** The background removal is another process: wait for it, up to a few seconds. */
async function emptied(dir: string): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    const left = await readdir(dir);
    if (!left.length) return left;
    await new Promise((r) => setTimeout(r, 50));
  }
  return readdir(dir);
}

describe('swapping the built site into place', () => {
  it('puts the new site in place and removes the old one and earlier leftovers in the background', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'swap-'));
    const aside = path.join(root, '.cache/removing');
    await folderWith(path.join(root, 'dist'), 'old');
    await folderWith(path.join(aside, 'dist-left-by-a-stopped-build'), 'older');
    await folderWith(path.join(root, '.build/client'), 'new');
    await swapFolder(path.join(root, '.build/client'), path.join(root, 'dist'), aside);
    expect(await readFile(path.join(root, 'dist/docs/index.html'), 'utf8')).toBe('new');
    expect(await readdir(path.join(root, '.build'))).toEqual([]);
    expect(await emptied(aside)).toEqual([]);
  });

  it('works when there is no site yet', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'swap-'));
    await folderWith(path.join(root, 'next'), 'first');
    await swapFolder(path.join(root, 'next'), path.join(root, 'dist'), path.join(root, 'aside'));
    expect(await readFile(path.join(root, 'dist/docs/index.html'), 'utf8')).toBe('first');
  });
});

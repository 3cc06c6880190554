import { describe, expect, it } from 'vitest';
import { mkdtemp, readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { keepSidebarParts } from '../../src/builder/prerender/sidebar-parts.ts';
import type { PageDataBuilder } from '../../src/content/page-data.ts';
import type { SiteManifest, SidebarItem } from '../../src/content/types.ts';

const category = (dir: string, items: SidebarItem[] = []): SidebarItem => ({ type: 'category', label: dir, dir, items });

/** A site of one sliced version, whose parts say `label` (a new label: new parts). */
function site(label: string) {
  const sidebar = [category('guides', [category('guides/deep')]), category('concepts')];
  const manifest = { versions: [{ name: '1.0', sidebar }] } as unknown as SiteManifest;
  const builder = { isSliced: () => true, sidebarFragment: (_v: string, dir: string) => [{ type: 'link', label: `${label} ${dir}`, href: `/${dir}/` }] } as unknown as PageDataBuilder;
  return { manifest, builder };
}

describe('sidebar parts kept between builds', () => {
  it('gives every category its part, keeps an unchanged one as the same file, and writes anew one changed in place', async () => {
    const dir = path.join(await mkdtemp(path.join(tmpdir(), 'sidebar-parts-')), 'parts');
    const first = await keepSidebarParts(site('a').manifest, site('a').builder, dir);
    expect(first.map((f) => f.rel).sort()).toEqual(['_data/sidebar/1.0/concepts.json', '_data/sidebar/1.0/guides.json', '_data/sidebar/1.0/guides/deep.json']);
    const deep = first.find((f) => f.rel.endsWith('deep.json'))!;
    expect(JSON.parse(await readFile(deep.file, 'utf8'))).toEqual([{ type: 'link', label: 'a guides/deep', href: '/guides/deep/' }]);

    const again = await keepSidebarParts(site('a').manifest, site('a').builder, dir);
    expect(again).toEqual(first);

    // dist/ shares the file: an edit there (same size) is an edit here, and the next build writes the part anew.
    // (Its time set a second on: a machine fast enough to write twice within the clock's tick gives both one time.)
    const written = await stat(deep.file);
    await writeFile(deep.file, (await readFile(deep.file, 'utf8')).replace('a guides', 'x guides'));
    await utimes(deep.file, written.atime, new Date(written.mtimeMs + 1000));
    const mended = (await keepSidebarParts(site('a').manifest, site('a').builder, dir)).find((f) => f.rel.endsWith('deep.json'))!;
    expect(JSON.parse(await readFile(mended.file, 'utf8'))[0].label).toBe('a guides/deep');

    // New parts replace the old, which are removed.
    const changed = await keepSidebarParts(site('b').manifest, site('b').builder, dir);
    expect((await readdir(dir)).sort()).toEqual(changed.map((f) => path.basename(f.file)).sort());
    expect((await stat(changed[0].file)).isFile()).toBe(true);
  });
});

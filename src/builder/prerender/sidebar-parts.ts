/**
 * The sidebar parts of large versions (fetched when a reader opens a closed category), kept between builds as the
 * search index's files are (search-store.ts): each in one folder, named by its content, and put in the site as a link
 * to it. An edit to a page's text changes none of them, so none is written again nor moved into dist/, where the same
 * file already is (at ten thousand pages, 552 parts: about a third of a second of each build, writing and placing).
 * The last build's list, with each file's size and time then, finds a file changed in place (dist/ shares it): it is
 * written anew.
 */
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { SidebarItem, SiteManifest } from '../../content/types.ts';
import { sidebarFragmentPath, type PageDataBuilder } from '../../content/page-data.ts';
import type { KeptSiteFile } from '../placement/place-site.ts';
import { keptIndexFiles, pruneIndexFiles, storeIndexFiles, type IndexFileRef } from '../search/search-store.ts';
import { unchangedSince } from '../common/stat-snapshot.ts';
import { writeWhole } from '../common/write-whole.ts';
import type { SearchIndexFile } from '../search/search-index.ts';

/** Every sidebar part of every sliced version, as files for the site. */
function sidebarParts(site: SiteManifest, builder: PageDataBuilder): SearchIndexFile[] {
  const files: SearchIndexFile[] = [];
  for (const v of site.versions) {
    if (!builder.isSliced(v.name)) continue;
    const walk = (items: SidebarItem[]) => {
      for (const item of items) {
        if (item.type !== 'category') continue;
        files.push({ path: sidebarFragmentPath(v.name, item.dir), text: JSON.stringify(builder.sidebarFragment(v.name, item.dir)) });
        walk(item.items);
      }
    };
    walk(v.sidebar);
  }
  return files;
}

/** Puts every sidebar part in `dir` (those not there yet) and gives them as files for the site. */
export async function keepSidebarParts(site: SiteManifest, builder: PageDataBuilder, dir: string): Promise<KeptSiteFile[]> {
  mkdirSync(dir, { recursive: true });
  const listFile = `${dir}.json`;
  let last: IndexFileRef[] = [];
  try {
    last = JSON.parse(readFileSync(listFile, 'utf8')) as IndexFileRef[];
  } catch {
    // none yet, or damaged: every part is checked by its size alone, then listed anew
  }
  for (const ref of last) {
    const file = path.join(dir, ref.name);
    const found = statSync(file, { throwIfNoEntry: false });
    if (found && !unchangedSince(ref, found)) rmSync(file, { force: true });
  }
  const refs = await storeIndexFiles(dir, sidebarParts(site, builder));
  const kept = keptIndexFiles(dir, refs);
  if (!kept) throw new Error(`a sidebar part stored in ${dir} changed while the build ran: build again`);
  pruneIndexFiles(dir, refs);
  await writeWhole(listFile, JSON.stringify(refs));
  return kept;
}

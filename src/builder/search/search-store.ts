/**
 * The files of the search indexes kept between builds: in one folder (.cache/search-files/), each
 * named by its content and shared by every build whose index has it. After an edit to one page, most
 * of a large version's parts are the same as before (their names in the site too, see
 * search-index.ts): they are neither written again nor moved into dist/, where they already are
 * (at 10,053 pages a version's index is 1,342 files, of which a new sentence changes a few).
 * A version's entry in the search cache (a FileSetCache entry, keyed by its pages' records) lists
 * its files: where each goes in the site, its name here, and the size and time it had when kept,
 * so that a file changed in place (dist/ shares it) is noticed and made again.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { contentName } from '../common/hash.ts';
import type { KeptSiteFile } from '../placement/place-site.ts';
import type { SearchIndexFile } from './search-index.ts';
import { unchangedSince, type Snapshotted } from '../common/stat-snapshot.ts';

/** One file of a kept index, with its size and time when kept. */
export interface IndexFileRef extends Snapshotted {
  rel: string;
  name: string;
}

/** Puts an index's files in the folder (those not there yet) and gives what its entry lists. */
export async function storeIndexFiles(filesDir: string, files: SearchIndexFile[]): Promise<IndexFileRef[]> {
  // Files of the same text are one file, stored once: two writes of it at once would each rename over the other, and
  // the first one's size and time would no longer be the file's.
  const stored = new Map<string, Promise<Snapshotted>>();
  return Promise.all(
    files.map(async ({ path: rel, text }) => {
      const name = `${contentName(text)}.json`;
      let once = stored.get(name);
      if (!once) stored.set(name, (once = storeFile(path.join(filesDir, name), text)));
      return { rel, name, ...(await once) };
    }),
  );
}

/** Writes `text` at `file` unless it is there (whole or not at all: written aside, then renamed); its size and time. */
async function storeFile(file: string, text: string): Promise<Snapshotted> {
  let found = statSync(file, { throwIfNoEntry: false });
  if (found?.size !== Buffer.byteLength(text)) {
    const tmp = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}`;
    await writeFile(tmp, text);
    await rename(tmp, file);
    found = statSync(file);
  }
  return { size: found.size, mtimeMs: found.mtimeMs };
}

/**
 * An index's files as the site gets them from the folder; undefined when one is gone or was changed
 * since it was kept (it is removed: the index is made again and writes it anew).
 */
export function keptIndexFiles(filesDir: string, refs: IndexFileRef[]): KeptSiteFile[] | undefined {
  const kept: KeptSiteFile[] = [];
  for (const ref of refs) {
    const file = path.join(filesDir, ref.name);
    const found = statSync(file, { throwIfNoEntry: false });
    if (!found || !unchangedSince(ref, found)) {
      rmSync(file, { force: true });
      return undefined;
    }
    kept.push({ rel: ref.rel, file, dev: found.dev, ino: found.ino });
  }
  return kept;
}

/** Removes the files no index of this build lists. */
export function pruneIndexFiles(filesDir: string, used: IndexFileRef[]): void {
  const names = new Set(used.map((ref) => ref.name));
  for (const name of readdirSync(filesDir)) if (!names.has(name)) rmSync(path.join(filesDir, name), { force: true });
}

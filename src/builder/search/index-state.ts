/**
 * What each version's last search index was made from, kept beside the search cache (one file per version), so that
 * the next build updates it in place (index-update.ts) when only a few of its pages' records changed: which page gave
 * each document, each page's records (as the render cache keeps them) and the index's files.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { readPart } from '../prerender/render-cache.ts';
import { writeWhole } from '../common/write-whole.ts';
import { keptIndexFiles, type IndexFileRef } from './search-store.ts';
import { updateSearchIndex, type DocChange, type IndexBasis } from './index-update.ts';
import type { MadeIndex } from './search-index.ts';
import type { SearchRecord } from '../../search/types.ts';

/** Above this share of a version's pages changed, its index is made whole: the update would read as much. */
const UPDATE_AT_MOST = 0.05;

/** A page of a version: where its records are kept in the render cache, their hash, and the records when just rendered. */
export interface IndexedPage {
  path: string;
  recordsHash: string;
  entry: string;
  records?: SearchRecord[];
}

export interface IndexState {
  /** The index code's key (the search cache's common key): another code's state is not used. */
  key: string;
  basis: IndexBasis;
  /** Each document's record ID and the page (its place in `pages`) that gave it. */
  docs: { ids: string[]; pages: number[] };
  pages: { path: string; recordsHash: string; entry: string }[];
  refs: IndexFileRef[];
}

const stateFile = (dir: string, tag: string) => path.join(dir, `${tag}.json`);

/** The version's last state, if it was kept by this index code. */
export function loadIndexState(dir: string, tag: string, key: string): IndexState | undefined {
  try {
    const state = JSON.parse(readFileSync(stateFile(dir, tag), 'utf8')) as IndexState;
    return state.key === key ? state : undefined;
  } catch {
    return undefined;
  }
}

export async function saveIndexState(dir: string, tag: string, state: IndexState): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeWhole(stateFile(dir, tag), JSON.stringify(state));
}

export const indexBasis = ({ termParts: _t, recordParts: _r, ...basis }: MadeIndex): IndexBasis => basis;

/** Whether a version whose pages `changed` of `pages` were rendered again will most likely be updated, not made whole. */
export function likelyUpdated(dir: string, tag: string, changed: number, pages: number): boolean {
  return fewChanged(changed, pages) && existsSync(stateFile(dir, tag));
}

/** Whether `changed` of a version's `pages` are few enough for its index to be updated rather than made whole. */
const fewChanged = (changed: number, pages: number) => changed <= Math.max(1, pages * UPDATE_AT_MOST);

/** The job's index as an update of the last one; undefined when it must be made whole. */
export function updatedIndex(last: IndexState, job: { pages: IndexedPage[] }, filesDir: string): { made: MadeIndex; docs: IndexState['docs'] } | undefined {
  if (last.pages.length !== job.pages.length || last.pages.some((p, i) => p.path !== job.pages[i].path)) return undefined;
  const changedPages = job.pages.flatMap((page, i) => (page.recordsHash === last.pages[i].recordsHash ? [] : [i]));
  if (!changedPages.length || !fewChanged(changedPages.length, job.pages.length)) return undefined;
  // The last index's files, as they were kept: one changed in place means it is made whole (and written anew).
  if (!keptIndexFiles(filesDir, last.refs)) return undefined;
  const docOf = new Map(last.docs.ids.map((id, doc) => [id, doc]));
  const changes: DocChange[] = [];
  for (const p of changedPages) {
    const before = readPart<SearchRecord[]>(last.pages[p].entry, 'records');
    const after = job.pages[p].records ?? readPart<SearchRecord[]>(job.pages[p].entry, 'records');
    // A section that came or went numbers the documents anew.
    if (!before || !after || before.length !== after.length) return undefined;
    for (const [i, record] of before.entries()) {
      const doc = docOf.get(record.objectID);
      if (doc === undefined) return undefined;
      changes.push({ doc, before: record, after: after[i] });
    }
  }
  const names = new Map(last.refs.map((ref) => [ref.rel.slice(ref.rel.lastIndexOf('/') + 1), ref.name]));
  const made = updateSearchIndex(last.basis, changes, {
    partText: (file) => {
      const name = names.get(file);
      try {
        return name ? readFileSync(path.join(filesDir, name), 'utf8') : undefined;
      } catch {
        return undefined;
      }
    },
    recordOf: (doc) => {
      const page = job.pages[last.docs.pages[doc]];
      const records = page.records ?? readPart<SearchRecord[]>(page.entry, 'records');
      return records?.find((r) => r.objectID === last.docs.ids[doc]);
    },
  });
  return made && { made, docs: last.docs };
}

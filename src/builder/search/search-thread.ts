/**
 * Makes the search indexes of the versions whose records changed: updates the last index in place
 * after an edit of a few pages (index-update.ts, index-state.ts), or reads the unchanged pages'
 * records back from the render cache and makes it whole (search-index.ts); puts its files in the
 * search cache's folder (search-store.ts) and lists them in its entry. A large site does it on a thread of its own
 * (search-index-thread.ts) so that the prerender checks links meanwhile: at ten thousand pages a
 * version's index takes a second or two, where the thread's start would cost a small one more than it saves.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { indexFiles, makeSearchIndex, type MadeIndex, type SearchIndexFile } from './search-index.ts';
import { keepFiles, readPart } from '../prerender/render-cache.ts';
import { storeIndexFiles, type IndexFileRef } from './search-store.ts';
import { indexBasis, loadIndexState, saveIndexState, updatedIndex, type IndexedPage, type IndexState } from './index-state.ts';
import { threadBundle } from '../threads/thread-bundle.mjs';
import type { SearchRecord } from '../../search/types.ts';
import { trace } from '../common/trace.ts';

export type { IndexedPage };

/** Pages to index above which the indexes are made on a thread. */
const THREAD_ABOVE = 1000;

/** One version's index to make: its search tag, its search-cache entry, and its pages in the site's order. */
export interface SearchIndexJob {
  tag: string;
  entry: string;
  pages: IndexedPage[];
}

export interface SearchIndexJobs {
  /** The search cache's folder of index files. */
  filesDir: string;
  jobs: SearchIndexJob[];
  /** Where each version's last index is described, so that an edit updates it (index-state.ts); none: made whole. */
  state?: { dir: string; key: string };
}

/** Kept pages' records read ahead, by render-cache entry (undefined: the entry had none). */
export type RecordsRead = Map<string, SearchRecord[] | undefined>;

/** A page's records: given (a page rendered in this build), or read from its render-cache entry. */
function recordsOf(page: IndexedPage, read: RecordsRead): SearchRecord[] {
  if (page.records) return page.records;
  const records = read.has(page.entry) ? read.get(page.entry) : readPart<SearchRecord[]>(page.entry, 'records');
  if (!records) throw new Error(`the render cache's entry ${page.entry} lost its search records during the build: build again`);
  return records;
}

/** Makes the indexes here, on this thread: each updated from the last one where it can be, else whole. Gives the tags updated. */
export async function runSearchIndexJobs({ filesDir, jobs, state }: SearchIndexJobs, read: RecordsRead = new Map(), states: StatesRead = new Map()): Promise<string[]> {
  const updatedTags: string[] = [];
  for (const job of jobs) {
    const last = states.has(job.tag) ? states.get(job.tag) : state && loadIndexState(state.dir, job.tag, state.key);
    const updated = last && updatedIndex(last, job, filesDir);
    trace(`search: ${job.tag} ${updated ? 'updated' : 'to be made whole'}`);
    let made = updated?.made;
    let docs = updated?.docs;
    if (made) updatedTags.push(job.tag);
    else {
      // Pages come in render order: records are sorted for stable files.
      const list = job.pages.flatMap((page, p) => recordsOf(page, read).map((record) => ({ record, p }))).sort((a, b) => (a.record.url < b.record.url ? -1 : a.record.url > b.record.url ? 1 : 0));
      made = makeSearchIndex(job.tag, list.map((r) => r.record));
      docs = { ids: list.map((r) => r.record.objectID), pages: list.map((r) => r.p) };
    }
    trace(`search: ${job.tag} index made`);
    const refs = await storeIndex(filesDir, made, last?.refs ?? []);
    trace(`search: ${job.tag} stored`);
    await keepFiles(job.entry, filesDir, [], refs);
    if (state) await saveIndexState(state.dir, job.tag, { key: state.key, basis: indexBasis(made), docs: docs!, pages: job.pages.map(({ path, recordsHash, entry }) => ({ path, recordsHash, entry })), refs });
  }
  return updatedTags;
}

/** Stores an index's new files; a part kept from the last index keeps its file and what its entry listed. */
async function storeIndex(filesDir: string, made: MadeIndex, lastRefs: IndexFileRef[]): Promise<IndexFileRef[]> {
  const files = indexFiles(made);
  const lastByRel = new Map(lastRefs.map((ref) => [ref.rel, ref]));
  const stored = await storeIndexFiles(filesDir, files.filter((f): f is SearchIndexFile => f.text !== undefined));
  return [...stored, ...files.filter((f) => f.text === undefined).map((f) => lastByRel.get(f.path)!)];
}

/** What the thread is given: every job, or the records to read until its jobs come as a message. */
export type SearchThreadInput = SearchIndexJobs | ReadAhead;

/** What the thread can read before its jobs come: kept pages' records, and the last indexes it will most likely update. */
interface ReadAhead {
  filesDir: string;
  readAhead: string[];
  state?: SearchIndexJobs['state'];
  /** The versions whose last index (index-state.ts) is read now, with their pages. */
  updating?: { tag: string; pages: number }[];
}

/** Each version's last index as read ahead (undefined: none usable). */
export type StatesRead = Map<string, IndexState | undefined>;

/** Runs the thread; its promise settles when it has ended. */
async function startThread(input: SearchThreadInput, root: string): Promise<{ thread: Worker; ended: Promise<void> }> {
  const file = await threadBundle(path.join(root, 'src/builder/search/search-index-thread.ts'), root);
  const thread = new Worker(file, { workerData: input });
  const ended = new Promise<void>((resolve, reject) => {
    thread.on('error', reject);
    thread.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`making the search index stopped with code ${code}`))));
  });
  return { thread, ended };
}

/** Makes the indexes of `input.jobs`, on a thread when they are large; settles when their files and entries are in the cache. */
export async function makeSearchIndexes(input: SearchIndexJobs, root: string, threadAbove = THREAD_ABOVE): Promise<void> {
  const pages = input.jobs.reduce((n, job) => n + job.pages.length, 0);
  if (pages <= threadAbove) return void (await runSearchIndexJobs(input));
  return (await startThread(input, root)).ended;
}

/**
 * Starts on the indexes before the pages being rendered have given their records. `readAhead`: the
 * render-cache entries of the kept pages of versions with a page being rendered, whose indexes are
 * most likely made again. When they are many, a thread starts now and reads their records while
 * the pages render (at ten thousand pages, half a second); `finish` gives it the jobs once every
 * page's records are known. `updating`: the versions whose last index will most likely be updated
 * (index-state.ts), which the thread, started for them too, reads meanwhile. Otherwise `finish` is makeSearchIndexes.
 */
export function startSearchIndexes({ filesDir, readAhead, state, updating = [] }: ReadAhead, root: string, threadAbove = THREAD_ABOVE) {
  // A large version's last index is read on the thread while the pages render; a small one's when its job comes.
  if (readAhead.length <= threadAbove && !(state && updating.some((u) => u.pages > threadAbove))) return { finish: (jobs: SearchIndexJob[]) => makeSearchIndexes({ filesDir, jobs, state }, root, threadAbove) };
  const started = startThread({ filesDir, readAhead, state, updating }, root);
  started.then(({ ended }) => ended).catch(() => {}); // a failure shows in finish
  return {
    async finish(jobs: SearchIndexJob[]): Promise<void> {
      const { thread, ended } = await started;
      thread.postMessage(jobs);
      return ended;
    },
  };
}

/**
 * Makes the search indexes of the versions whose records changed (search-index.ts): reads the
 * unchanged pages' records back from the render cache, builds each version's index, puts its files
 * in the search cache's folder (search-store.ts) and lists them in its entry. A large site does it on a thread of its own
 * (search-index-thread.ts) so that the prerender checks links meanwhile: at ten thousand pages a
 * version's index takes a second or two, where the thread's start would cost a small one more than it saves.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { buildSearchIndex } from './search-index.ts';
import { keepFiles, readPart } from '../prerender/render-cache.ts';
import { storeIndexFiles } from './search-store.ts';
import { threadBundle } from '../threads/thread-bundle.mjs';
import type { SearchRecord } from '../../search/types.ts';

/** Pages to index above which the indexes are made on a thread. */
const THREAD_ABOVE = 1000;

/** One version's index to make: its search tag, its search-cache entry, and its pages' records. */
export interface SearchIndexJob {
  tag: string;
  entry: string;
  /** In the site's page order: the records of a page rendered in this build, or where an unchanged page's are kept. */
  pages: ({ records: SearchRecord[] } | { entry: string })[];
}

export interface SearchIndexJobs {
  /** The search cache's folder of index files. */
  filesDir: string;
  jobs: SearchIndexJob[];
}

/** Kept pages' records read ahead, by render-cache entry (undefined: the entry had none). */
export type RecordsRead = Map<string, SearchRecord[] | undefined>;

/** A page's records: given (a page rendered in this build), or read from its render-cache entry. */
function recordsOf(page: SearchIndexJob['pages'][number], read: RecordsRead): SearchRecord[] {
  if ('records' in page) return page.records;
  const records = read.has(page.entry) ? read.get(page.entry) : readPart<SearchRecord[]>(page.entry, 'records');
  if (!records) throw new Error(`the render cache's entry ${page.entry} lost its search records during the build: build again`);
  return records;
}

/** Makes the indexes here, on this thread. */
export async function runSearchIndexJobs({ filesDir, jobs }: SearchIndexJobs, read: RecordsRead = new Map()): Promise<void> {
  for (const { tag, entry, pages } of jobs) {
    // Pages come in render order: records are sorted for stable files.
    const list = pages.flatMap((page) => recordsOf(page, read)).sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
    const refs = await storeIndexFiles(filesDir, buildSearchIndex(tag, list));
    await keepFiles(entry, filesDir, [], refs);
  }
}

/** What the thread is given: every job, or the records to read until its jobs come as a message. */
export type SearchThreadInput = SearchIndexJobs | { filesDir: string; readAhead: string[] };

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
  if (pages <= threadAbove) return runSearchIndexJobs(input);
  return (await startThread(input, root)).ended;
}

/**
 * Starts on the indexes before the pages being rendered have given their records. `readAhead`: the
 * render-cache entries of the kept pages of versions with a page being rendered, whose indexes are
 * most likely made again. When they are many, a thread starts now and reads their records while
 * the pages render (at ten thousand pages, half a second); `finish` gives it the jobs once every
 * page's records are known. Otherwise `finish` is makeSearchIndexes.
 */
export function startSearchIndexes({ filesDir, readAhead }: { filesDir: string; readAhead: string[] }, root: string, threadAbove = THREAD_ABOVE) {
  if (readAhead.length <= threadAbove) return { finish: (jobs: SearchIndexJob[]) => makeSearchIndexes({ filesDir, jobs }, root, threadAbove) };
  const started = startThread({ filesDir, readAhead }, root);
  started.then(({ ended }) => ended).catch(() => {}); // a failure shows in finish
  return {
    async finish(jobs: SearchIndexJob[]): Promise<void> {
      const { thread, ended } = await started;
      thread.postMessage(jobs);
      return ended;
    },
  };
}

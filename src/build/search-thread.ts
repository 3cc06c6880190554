/**
 * Starts search-index-thread.ts: the search indexes of the versions whose records changed are made on
 * a thread of their own, so that the prerender checks links meanwhile (at ten thousand pages a
 * version's index takes two seconds or more).
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { threadBundle } from './thread-bundle.mjs';
import type { SearchRecord } from '../search/types.ts';

/** One version's index to make: its search tag, its search-cache entry, and its pages' records. */
export interface SearchIndexJob {
  tag: string;
  entry: string;
  /** In the site's page order: the records of a page rendered in this build, or where an unchanged page's are kept. */
  pages: ({ records: SearchRecord[] } | { entryDir: string })[];
}

export interface SearchThreadInput {
  siteDir: string;
  jobs: SearchIndexJob[];
}

/** Makes the indexes of `input.jobs`; settles when their files are in the site and in the cache. */
export async function buildSearchIndexesOnThread(input: SearchThreadInput, root: string): Promise<void> {
  if (!input.jobs.length) return;
  const file = await threadBundle(path.join(root, 'src/build/search-index-thread.ts'), root);
  await new Promise<void>((resolve, reject) => {
    const thread = new Worker(file, { workerData: input });
    thread.on('error', reject);
    thread.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`making the search index stopped with code ${code}`))));
  });
}

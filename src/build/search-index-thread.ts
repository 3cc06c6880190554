/**
 * A thread of the prerender that makes the search indexes of the versions whose records changed
 * (search-index.ts), while the prerender's main thread checks the links: it reads the unchanged
 * pages' records back from the render cache, builds each version's index, writes its files into the
 * site and keeps them in the search cache. Started by buildSearchIndexesOnThread (search-thread.ts).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { workerData } from 'node:worker_threads';
import { buildSearchIndex, type SearchIndexFile } from './search-index.ts';
import { keepFiles, readDetail } from './render-cache.ts';
import type { SearchIndexJob, SearchThreadInput } from './search-thread.ts';
import type { SearchRecord } from '../search/types.ts';

/** A page's records: given (a page rendered in this build), or read from its render-cache entry. */
function recordsOf(page: SearchIndexJob['pages'][number]): SearchRecord[] {
  if ('records' in page) return page.records;
  const records = readDetail<SearchRecord[]>(page.entryDir);
  if (!records) throw new Error(`the render cache's entry ${page.entryDir} lost its search records during the build: build again`);
  return records;
}

/** Many files at once (a version's index is a thousand or more): each folder made once, the writes in parallel. */
async function writeFilesIn(dir: string, files: SearchIndexFile[]) {
  for (const folder of new Set(files.map((f) => path.dirname(path.join(dir, f.path))))) await mkdir(folder, { recursive: true });
  await Promise.all(files.map((f) => writeFile(path.join(dir, f.path), f.text)));
}

const { siteDir, jobs } = workerData as SearchThreadInput;
for (const { tag, entry, pages } of jobs) {
  // Pages come in render order: records are sorted for stable files.
  const list = pages.flatMap(recordsOf).sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  const files = buildSearchIndex(tag, list);
  await writeFilesIn(siteDir, files);
  await keepFiles(entry, siteDir, files.map((f) => f.path), null);
}

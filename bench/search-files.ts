/** The built site's local index as the browser's search client loads it, counting what it downloads. */
import { readFile, readdir } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { createLocalSearchClient, type SearchRequest } from '../src/search/local-client.ts';
import { searchIndexPath } from '../src/search/types.ts';
import type { SearchIndexCore } from '../src/search/index-format.ts';

/** A fresh client over `dist` (an empty browser cache) and the files it has fetched so far, gzip sizes. */
export function clientOverDist(dist: string, tags: string[]) {
  const fetched: { file: string; gzip: number }[] = [];
  const client = createLocalSearchClient(async (file) => {
    const raw = await readFile(path.join(dist, file));
    fetched.push({ file, gzip: gzipSync(raw).length });
    return JSON.parse(raw.toString()) as unknown;
  }, tags);
  return { client, fetched };
}

/** A request as the DocSearch modal sends it for one version. */
export const modalRequest = (tag: string, query: string): SearchRequest => ({
  indexName: 'bench', query, hitsPerPage: 20, facetFilters: [['language:en'], [`docusaurus_tag:${tag}`]],
  attributesToSnippet: ['hierarchy.lvl1:10', 'content:10'], highlightPreTag: '<mark>', highlightPostTag: '</mark>',
});

/** The whole published index of one version: its core and every part (gzip bytes, file count). */
export async function wholeIndex(dist: string, tag: string): Promise<{ gzip: number; files: number }> {
  const coreFile = path.join(dist, searchIndexPath(tag));
  const core = JSON.parse(await readFile(coreFile, 'utf8')) as SearchIndexCore;
  const parts = (await readdir(path.join(dist, core.dir))).map((f) => path.join(dist, core.dir, f));
  let gzip = 0;
  for (const f of [coreFile, ...parts]) gzip += gzipSync(await readFile(f)).length;
  return { gzip, files: parts.length + 1 };
}

/** What a first search downloads, for each query, each on an empty cache. */
export async function firstQueryDownloads(dist: string, tag: string, queries: string[]) {
  const out: { query: string; gzip: number; files: number; hits: number }[] = [];
  for (const query of queries) {
    const { client, fetched } = clientOverDist(dist, [tag]);
    const { results } = await client.search({ requests: [modalRequest(tag, query)] });
    out.push({ query, gzip: fetched.reduce((n, f) => n + f.gzip, 0), files: fetched.length, hits: results[0].nbHits });
  }
  return out;
}

/** The built site's local index as the browser's search client loads it, counting what it downloads. */
import { readFile, readdir } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { createLocalSearchClient, type SearchRequest } from '../src/search/local-client.ts';
import { searchIndexPath } from '../src/search/types.ts';
import type { SearchIndexCore, TermEntry } from '../src/search/index-format.ts';

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

/**
 * The whole published index of one version as it would be without some fields (their postings in
 * the term parts, their lengths in the core), gzip bytes: what those fields cost, measured on the
 * index as built rather than against an old build.
 */
export async function wholeIndexWithout(dist: string, tag: string, fields: string[]): Promise<number> {
  const core = JSON.parse(await readFile(path.join(dist, searchIndexPath(tag)), 'utf8')) as SearchIndexCore;
  const dropped = new Set(fields.map((f) => core.fieldIds[f]));
  const kept = Object.entries(core.fieldIds).filter(([, id]) => !dropped.has(id));
  const count = Object.keys(core.fieldIds).length;
  const slim = {
    ...core,
    fieldIds: Object.fromEntries(kept),
    averageFieldLength: core.averageFieldLength.filter((_, id) => !dropped.has(id)),
    fieldLength: core.fieldLength.filter((_, i) => !dropped.has(i % count)),
  };
  let gzip = gzipSync(JSON.stringify(slim)).length;
  const termFiles = new Set(core.termFiles);
  for (const file of await readdir(path.join(dist, core.dir))) {
    const text = await readFile(path.join(dist, core.dir, file), 'utf8');
    if (!termFiles.has(file)) {
      gzip += gzipSync(text).length;
      continue;
    }
    const entries = (JSON.parse(text) as TermEntry[]).flatMap(([term, ...postings]): TermEntry[] => {
      const rest: (number | number[])[] = [];
      for (let i = 0; i < postings.length; i += 2) if (!dropped.has(postings[i] as number)) rest.push(postings[i], postings[i + 1]);
      return rest.length ? [[term, ...rest]] : [];
    });
    if (entries.length) gzip += gzipSync(JSON.stringify(entries)).length;
  }
  return gzip;
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

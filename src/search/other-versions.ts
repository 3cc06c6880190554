/**
 * Where a query that found nothing in the version being read finds something else: the other docs
 * versions, asked in one multi-query request of the same client (local index or hosted provider),
 * so the no-results screen can link to those hits instead of ending the search.
 */
import type { MultiSearchClient } from './client.ts';
import { facetFilters, indexName } from './config.ts';
import type { SearchHit } from './local-client.ts';
import { LEVELS } from './types.ts';

/** Hits shown per other version: enough to see what is there, few enough to stay a hint. */
export const HITS_PER_OTHER_VERSION = 3;

export interface OtherVersionHits {
  /** The version's label, as the version menu shows it ("1.0"). */
  label: string;
  /** Its best hits: the page (and section) title, and the hit's URL as the index gives it. */
  hits: { title: string; url: string }[];
}

/** A hit's title as a path through its headings: "Docker › YOLO". */
const titleOf = (hit: SearchHit) => {
  const levels = LEVELS.slice(1).map((l) => hit.hierarchy[l]).filter((v): v is string => !!v);
  return [levels[0], levels.length > 1 ? levels[levels.length - 1] : undefined].filter(Boolean).join(' › ');
};

/** The versions other than `currentTag` where `query` finds something, in `versions` order. */
export async function otherVersionHits(
  client: Pick<MultiSearchClient, 'search'>,
  query: string,
  currentTag: string,
  versions: { label: string; tag: string }[],
): Promise<OtherVersionHits[]> {
  const others = versions.filter((v) => v.tag !== currentTag);
  if (!others.length || !query.trim()) return [];
  const { results } = await client.search({
    requests: others.map((v) => ({ indexName: indexName(), query, hitsPerPage: HITS_PER_OTHER_VERSION, facetFilters: facetFilters(v.tag), attributesToRetrieve: ['hierarchy', 'url'] })),
  });
  return others
    .map((v, i) => ({ label: v.label, hits: (results[i]?.hits ?? []).slice(0, HITS_PER_OTHER_VERSION).map((h) => ({ title: titleOf(h as SearchHit), url: h.url })) }))
    .filter((v) => v.hits.length > 0);
}

import { liteClient } from 'algoliasearch/lite';
import siteConfig from '../../site.config.ts';
import { site } from '../site-data.ts';
import { createLocalSearchClient, type SearchRequest, type SearchResult } from './local-client.ts';
import { hostedSearch } from './config.ts';
import { searchIndexPath, type SearchRecord } from './types.ts';

export interface MultiSearchClient {
  search(args: { requests: SearchRequest[] }): Promise<{ results: SearchResult[] }>;
}

/** Fetches a version's local index; any failure (offline, 404, bad JSON) is an error the UI shows. */
async function fetchRecords(tag: string): Promise<SearchRecord[]> {
  const res = await fetch(import.meta.env.BASE_URL + searchIndexPath(tag));
  if (!res.ok) throw new Error(`search index ${tag}: HTTP ${res.status}`);
  return (await res.json()) as SearchRecord[];
}

let client: MultiSearchClient | undefined;

/**
 * The one search client of the page: the hosted provider (timeouts connect 1 s, read 2 s, write
 * 30 s; algoliasearch avoids a failed host for 2 minutes) when configured, else the local index.
 */
export function searchClient(): MultiSearchClient {
  if (client) return client;
  const hosted = hostedSearch();
  if (hosted) {
    const lite = liteClient(hosted.appId, hosted.apiKey, { timeouts: { connect: 1000, read: 2000, write: 30000 } });
    client = lite as unknown as MultiSearchClient;
  } else {
    client = createLocalSearchClient(fetchRecords, site.versions.map((v) => v.tag));
  }
  return client;
}

export const externalUrlRegex = siteConfig.search.externalUrlRegex;

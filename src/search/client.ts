import { liteClient } from 'algoliasearch/lite';
import siteConfig from '../../site.config.ts';
import { site } from '../site-data.ts';
import { createLocalSearchClient, type SearchRequest, type SearchResult } from './local-client.ts';
import { hostedSearch } from './config.ts';

export interface MultiSearchClient {
  search(args: { requests: SearchRequest[] }): Promise<{ results: SearchResult[] }>;
  /** Up to `limit` queries close to one that found nothing (local index only). */
  suggest?(query: string, tag: string, limit: number): Promise<string[]>;
}

/** Fetches a file of the local index; any failure (offline, 404, bad JSON) is an error the UI shows. */
async function fetchIndexFile(file: string): Promise<unknown> {
  try {
    const res = await fetch(import.meta.env.BASE_URL + file);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return await res.json();
  } catch (e) {
    // The name the hosted client gives "all hosts unreachable": DocSearch shows its error screen for it.
    const error = new Error(`The search index file ${file} could not be loaded: ${(e as Error).message}`);
    error.name = 'RetryError';
    throw error;
  }
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
    client = createLocalSearchClient(fetchIndexFile, site.versions.map((v) => v.tag));
  }
  return client;
}

export const externalUrlRegex = siteConfig.search.externalUrlRegex;

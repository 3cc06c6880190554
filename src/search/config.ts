import siteConfig from '../../site.config.ts';

export const HITS_PER_PAGE = 20;
export const MAX_RESULTS_PER_GROUP = 5;
export const RECENT_SEARCHES_LIMIT = 7;
export const RECENT_SEARCHES_WITH_FAVORITES_LIMIT = 4;
export const PLACEHOLDER = 'Search docs';
/** Offered by the no-results screen when nothing closer is known: the docs' main sections. */
export const MAIN_SECTIONS = ['Getting Started', 'Concepts', 'Guides'];

/** The hosted provider when configured (build-time env vars win), else null: local search. */
export function hostedSearch() {
  const env = import.meta.env;
  if (env.VITE_ALGOLIA_APP_ID && env.VITE_ALGOLIA_API_KEY && env.VITE_ALGOLIA_INDEX_NAME) {
    return { appId: env.VITE_ALGOLIA_APP_ID as string, apiKey: env.VITE_ALGOLIA_API_KEY as string, indexName: env.VITE_ALGOLIA_INDEX_NAME as string };
  }
  return siteConfig.search.hosted;
}

/** The local index poses as an index of this name. */
export const LOCAL_INDEX_NAME = 'zrok-docs-local';
export const indexName = () => hostedSearch()?.indexName ?? LOCAL_INDEX_NAME;

/** Contextual search: the current language and docs version tag. */
export function facetFilters(versionTag: string): string[][] {
  return [[`language:${siteConfig.locales.default}`], [`docusaurus_tag:${versionTag}`]];
}

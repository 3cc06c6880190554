import siteConfig from '../../site.config.ts';

/** Router path of the search page for a query: /search/?q=<encoded query>. */
export function searchPageHref(query: string): string {
  return `/${siteConfig.search.pagePath}/?q=${encodeURIComponent(query)}`;
}

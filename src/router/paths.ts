import siteConfig from '../../site.config.ts';
import { site } from '../site-data.ts';
import { preferredMainDocRoute } from '../theme/preferred-version.ts';

export const searchPagePath = `/${siteConfig.search.pagePath}/`;

/**
 * Where a path leads instead of to a page: a version's root goes to the main doc of the version the reader prefers
 * (in the browser; the current version's on the server), and the site's configured redirects to their targets.
 */
export function redirectTarget(path: string): string | undefined {
  // Matched as React Router matches routes: with or without the trailing slash.
  if (!path.endsWith('/')) path += '/';
  const version = site.versions.find((v) => v.root === path);
  if (version) return version.current ? preferredMainDocRoute() : version.mainDocRoute;
  return siteConfig.redirects.find((r) => r.from === path)?.to;
}

/** Every path that is neither the home page, the search page nor a redirect is a docs page (or not found). */
export const isPagePath = (path: string) => path !== '/' && path !== searchPagePath && path !== searchPagePath.slice(0, -1) && redirectTarget(path) === undefined;

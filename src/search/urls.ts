/**
 * Result URLs: a URL matching the configured external pattern is left unchanged; any other is
 * reduced to path + hash and put onto the site's base URL, so an index entry pointing at another
 * origin never takes the reader off-site.
 */
export function rewriteResultUrl(url: string, base: string, externalUrlRegex: string | null): string {
  if (externalUrlRegex && new RegExp(externalUrlRegex).test(url)) return url;
  const parsed = new URL(url, 'http://local.invalid');
  const path = parsed.pathname + parsed.hash;
  const root = base.endsWith('/') ? base : `${base}/`;
  return path.startsWith(root) ? path : root + path.replace(/^\/+/, '');
}

/** The router path (relative to the basename) of a same-site URL produced by rewriteResultUrl. */
export function routerPath(url: string, base: string): string {
  const root = base.endsWith('/') ? base : `${base}/`;
  return url.startsWith(root) ? `/${url.slice(root.length)}` : url;
}

export const isExternal = (url: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(url);

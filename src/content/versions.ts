/** The version a site path belongs to (longest root wins: '/docs/1.0/x/' is 1.0, not current). */
export function versionOfPath<V extends { root: string }>(versions: readonly V[], path: string): V | undefined {
  let best: V | undefined;
  for (const v of versions) {
    if (path.startsWith(v.root) && (!best || v.root.length > best.root.length)) best = v;
  }
  return best;
}

/**
 * Link to the same page in another locale: base URL + locale segment (omitted for the default
 * locale) + current path.
 */
export function localeHref(baseUrl: string, locale: string, defaultLocale: string, path: string): string {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const segment = locale === defaultLocale ? '' : `${locale}/`;
  return base + segment + path.replace(/^\/+/, '');
}

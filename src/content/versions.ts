import type { SiteManifest, VersionManifest } from './types.ts';

/** The version a site path belongs to (longest root wins: '/docs/1.0/x/' is 1.0, not current). */
export function versionOfPath(site: SiteManifest, path: string): VersionManifest | undefined {
  let best: VersionManifest | undefined;
  for (const v of site.versions) {
    if (path.startsWith(v.root) && (!best || v.root.length > best.root.length)) best = v;
  }
  return best;
}

/** All page routes of a version: docs and generated category indexes. */
export function versionRoutes(v: VersionManifest): string[] {
  return [...v.docs.map((d) => d.route), ...v.categoryIndexes.map((c) => c.route)];
}

/**
 * Where the version dropdown leads: the same page in the target version when it exists there,
 * otherwise the target version's main doc.
 */
export function versionSwitchTarget(site: SiteManifest, path: string, targetName: string): string {
  const target = site.versions.find((v) => v.name === targetName);
  if (!target) throw new Error(`unknown version ${targetName}`);
  const from = versionOfPath(site, path);
  if (!from) return target.mainDocRoute;
  const relative = path.slice(from.root.length);
  const candidate = target.root + relative;
  return versionRoutes(target).includes(candidate) ? candidate : target.mainDocRoute;
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

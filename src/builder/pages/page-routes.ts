/**
 * Every version's route table for the link resolver (links/resolve-link.ts), from the page files, their `slug:` and
 * the categories: what the compiler hands each page so that its links resolve in its own version.
 */
import siteConfig from '../../../site.config.ts';
import type { CategorySource } from '../../content/types.ts';
import type { VersionRoutes } from '../links/resolve-link.ts';
import type { LinkContext } from './remark-links.ts';
import { versionRoutes } from '../links/version-routes.ts';
import { CONTENT_DIR } from './read-content.ts';

export function routeTables(
  pages: readonly { source: string; relPath: string }[],
  slugOf: (source: string) => string | undefined,
  categories: ReadonlyMap<string, CategorySource[]>,
  contentDir = CONTENT_DIR,
): VersionRoutes[] {
  return siteConfig.versions.map((v) => {
    const folder = `${contentDir}/${v.name}/`;
    const own = pages.filter((p) => p.source.startsWith(folder)).map((p) => ({ relPath: p.relPath, slug: slugOf(p.source) }));
    return versionRoutes(v, own, categories.get(v.name) ?? []);
  });
}

/** The version a page source belongs to: 'content/docs/1.0/x.mdx' → '1.0'. */
export function versionOfSource(source: string, contentDir = CONTENT_DIR): string | undefined {
  return siteConfig.versions.find((v) => source.startsWith(`${contentDir}/${v.name}/`))?.name;
}

/** What the link resolver needs of a page: its version and path in it, every version's routes, the site's link mappings. */
export function linkContextOf(version: string, relPath: string, versions: VersionRoutes[]): LinkContext {
  return { from: { version, relPath }, versions, mappings: siteConfig.linkMappings };
}

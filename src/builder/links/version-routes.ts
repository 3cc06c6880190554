/**
 * The route tables the link resolver reads (resolve-link.ts): each version's page files and routes, from the pages'
 * paths and `slug:` and the categories with a generated index, exactly as the manifest makes routes.
 */
import type { VersionConfig } from '../../../site.config.ts';
import type { CategorySource } from '../../content/types.ts';
import { categoryRelativeRoute } from '../../content/manifest.ts';
import { docRelativeRoute } from '../../content/routes.ts';
import type { VersionRoutes } from './resolve-link.ts';

export interface RoutedPage {
  relPath: string;
  slug?: string;
}

export function versionRoutes(version: Pick<VersionConfig, 'name' | 'pathPrefix'>, pages: Iterable<RoutedPage>, categories: Iterable<CategorySource>): VersionRoutes {
  const files = new Map<string, string>();
  for (const p of pages) files.set(p.relPath, docRelativeRoute(p.relPath, p.slug));
  const routes = new Set(files.values());
  for (const c of categories) if (c.link?.type === 'generated-index') routes.add(categoryRelativeRoute(c));
  return { name: version.name, pathPrefix: version.pathPrefix, files, routes };
}

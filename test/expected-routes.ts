/**
 * The routes each version must have, kept in test/fixtures/routes/<version>.txt. The list is written
 * by hand, not derived from the build, so a page that disappears fails a test; a test compares it
 * with the built sitemap, so a page added without being listed fails too. `npm run docs:version` writes
 * a new version's list. The versions themselves come from site.config.ts: tests name no version.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import siteConfig, { type VersionConfig } from '../site.config.ts';

export const VERSIONS: readonly string[] = siteConfig.versions.map((v) => v.name);
/** The current version, served at /docs/. */
export const CURRENT_VERSION: VersionConfig = siteConfig.versions.find((v) => v.current)!;
/** The older versions, newest first, as the version menu lists them. */
export const OLDER_VERSIONS: readonly VersionConfig[] = siteConfig.versions.filter((v) => !v.current);
/** The route of `relRoute` ('concepts/', '' for the root) in version `v`. */
export const routeIn = (v: VersionConfig, relRoute: string) => `/docs/${v.pathPrefix}${relRoute}`;

export async function expectedRoutes(version: string): Promise<string[]> {
  const file = fileURLToPath(new URL(`fixtures/routes/${version}.txt`, import.meta.url));
  return (await readFile(file, 'utf8')).split('\n').filter(Boolean);
}

export async function allExpectedRoutes(): Promise<string[]> {
  return (await Promise.all(VERSIONS.map(expectedRoutes))).flat();
}

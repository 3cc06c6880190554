import manifest from 'virtual:site-manifest';
import type { DocEntry, CategoryIndexEntry, VersionManifest } from './content/types.ts';
import { versionOfPath } from './content/versions.ts';

/** Lookups over the build-time manifest, shared by the chrome and the route table. */
export const site = manifest;

const docByRoute = new Map<string, DocEntry>();
const categoryByRoute = new Map<string, CategoryIndexEntry>();
for (const v of manifest.versions) {
  for (const d of v.docs) docByRoute.set(d.route, d);
  for (const c of v.categoryIndexes) categoryByRoute.set(c.route, c);
}

export const findDoc = (route: string) => docByRoute.get(route);
export const findCategoryIndex = (route: string) => categoryByRoute.get(route);
export const findVersion = (name: string) => manifest.versions.find((v) => v.name === name) as VersionManifest;
export const currentVersion = manifest.versions.find((v) => v.current) ?? manifest.versions[0];
export const versionForPath = (path: string) => versionOfPath(manifest, path);

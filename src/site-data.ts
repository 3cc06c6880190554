import index from 'virtual:site-index';
import type { VersionSummary } from './content/page-data.ts';
import { versionOfPath } from './content/versions.ts';

/**
 * What every page knows about the site: its versions, never its pages (those arrive one at a
 * time as page data), so the JS a reader downloads does not grow with the site.
 */
export const site = index;

export const findVersion = (name: string) => index.versions.find((v) => v.name === name) as VersionSummary;
export const currentVersion = index.versions.find((v) => v.current) ?? index.versions[0];
export const versionForPath = (path: string) => versionOfPath(index.versions, path);

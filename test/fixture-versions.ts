/**
 * Versions of a made-up site, for tests of the content model that need versions but not the site's own: their names
 * are no zrok release, so a test that uses them holds whatever versions site.config.ts lists.
 */
import type { VersionConfig } from '../site.config.ts';

export const CURRENT: VersionConfig = { name: '7.1', label: '7.1', pathPrefix: '', mainDoc: 'getting-started', tag: 'docs-default-current', current: true };
export const OLDER: VersionConfig = { name: '7.0', label: '7.0', pathPrefix: '7.0/', mainDoc: 'getting-started', tag: 'docs-default-7.0', current: false };

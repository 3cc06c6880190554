/**
 * The versions of a made-up site: the fixture site of the build tests (test/fixtures/mini) and the content model's
 * unit tests. Their names are no zrok release, so a test that uses them holds whatever versions site.config.ts lists.
 */
import type { VersionConfig } from '../site.config.ts';

export const CURRENT: VersionConfig = { name: '7.1', label: '7.1', pathPrefix: '', mainDoc: 'getting-started', tag: 'docs-default-current', current: true };
export const OLDER: VersionConfig = { name: '7.0', label: '7.0', pathPrefix: '7.0/', mainDoc: 'getting-started', tag: 'docs-default-7.0', current: false };
export const OLDEST: VersionConfig = { name: '6.4', label: '6.4', pathPrefix: '6.4/', mainDoc: 'getting-started', tag: 'docs-default-6.4', current: false };
/** The fixture site's versions, as its site.config.ts lists them (test/e2e/workspace.ts). */
export const FIXTURE_VERSIONS: readonly VersionConfig[] = [CURRENT, OLDER, OLDEST];

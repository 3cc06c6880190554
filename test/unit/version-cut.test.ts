// @vitest-environment node
/** The steps of `npm run docs:version`, each on its own (test/e2e/version-cut.test.ts runs the command whole). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import siteConfig from '../../site.config.ts';
import { configWithVersions, cutRefusal, movedRoutes, versionsAfterCut } from '../../scripts/version-cut.ts';
import { CURRENT, FIXTURE_VERSIONS, OLDER, OLDEST } from '../fixture-versions.ts';

describe('cutting a version', () => {
  it('refuses a name that is missing, not <major>.<minor>, taken, or not newer than the current version', () => {
    const none = () => false;
    expect(cutRefusal(undefined, FIXTURE_VERSIONS, none)).toMatch(/^name the new version/);
    for (const name of ['next', 'v7.2', '7', '7.2.1', '7.x']) expect(cutRefusal(name, FIXTURE_VERSIONS, none)).toMatch(/is not a version/);
    expect(cutRefusal(OLDER.name, FIXTURE_VERSIONS, none)).toBe(`version ${OLDER.name} exists already (site.config.ts)`);
    expect(cutRefusal('7.2', FIXTURE_VERSIONS, (n) => n === '7.2')).toMatch(/^content\/docs\/7\.2 exists already/);
    expect(cutRefusal('6.9', FIXTURE_VERSIONS, none)).toBe(`version 6.9 is not newer than the current version ${CURRENT.name}`);
    expect(cutRefusal('7.10', FIXTURE_VERSIONS, none)).toBeUndefined();
    expect(cutRefusal('8.0', FIXTURE_VERSIONS, none)).toBeUndefined();
  });

  it('makes the new version current and moves the former one under its name and tag', () => {
    expect(versionsAfterCut(FIXTURE_VERSIONS, '7.2')).toEqual([
      { ...CURRENT, name: '7.2', label: '7.2' },
      { ...CURRENT, pathPrefix: '7.1/', tag: 'docs-default-7.1', current: false },
      OLDER,
      OLDEST,
    ]);
  });

  it("rewrites site.config.ts's versions list alone, in a form it reads back", () => {
    const text = readFileSync('site.config.ts', 'utf8');
    const same = configWithVersions(text, siteConfig.versions);
    expect(configWithVersions(same, siteConfig.versions)).toBe(same);
    const after = configWithVersions(text, versionsAfterCut(siteConfig.versions, '99.0'));
    const before = new Set(same.split('\n'));
    const added = after.split('\n').filter((line) => !before.has(line));
    expect(added.map((l) => /name: '([^']+)'/.exec(l)?.[1])).toEqual(['99.0', siteConfig.versions.find((v) => v.current)!.name]);
    expect(after.split('\n').length).toBe(same.split('\n').length + 1);
    // Nothing around the list moves.
    expect(same.slice(0, same.indexOf('versions: ['))).toBe(text.slice(0, text.indexOf('versions: [')));
    expect(same.slice(same.indexOf('navbar:'))).toBe(text.slice(text.indexOf('navbar:')));
  });

  it('moves the former current version’s expected routes under its prefix', () => {
    expect(movedRoutes('/docs/category/guides/\n/docs/getting-started/\n', '7.1')).toBe('/docs/7.1/category/guides/\n/docs/7.1/getting-started/\n');
  });
});

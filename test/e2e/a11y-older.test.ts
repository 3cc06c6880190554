/**
 * axe-core on every page of the older versions, in light mode at desktop width: a file of its own, so that the
 * current version's pages (a11y.test.ts) and these run side by side. Text contrast, half of axe's time on a page,
 * is checked on each older version's page of every kind: the colours are the theme's, the same in every version,
 * and what a page's content adds is its kinds of element (a table, a tab, an admonition, a card), which the
 * sample holds. Every other rule runs on every page.
 */
import { describe, it } from 'node:test';
import { serveSiteAndBrowser } from './support.ts';
import { assertPagesPass, everyPageOf, samplePages } from './a11y-pages.ts';
import { OLDER_VERSIONS } from '../expected-routes.ts';

const served = serveSiteAndBrowser();

describe('axe-core on the older versions', () => {
  for (const { name: version } of OLDER_VERSIONS) {
    it(`finds no violation on any page of ${version}, text contrast on a page of every kind (light, 1280 px)`, async () => {
      await assertPagesPass(served, await everyPageOf(version), 'light', 1280, { skip: ['color-contrast'] });
      await assertPagesPass(served, await samplePages(served.site.url, [version], { otherPages: false }), 'light', 1280, { rules: ['color-contrast'] });
    });
  }
});

/**
 * axe-core on every page of the older versions, in light mode at desktop width: a file of its own, so that the
 * current version's pages (a11y.test.ts) and these run side by side.
 */
import { describe, it } from 'node:test';
import { serveSiteAndBrowser } from './support.ts';
import { assertPagesPass, everyPageOf } from './a11y-pages.ts';

const served = serveSiteAndBrowser();

describe('axe-core on the older versions', () => {
  for (const version of ['1.0', '0.4'] as const) {
    it(`finds no violation on any page of ${version} (light, 1280 px)`, async () => assertPagesPass(served, await everyPageOf(version), 'light', 1280));
  }
});

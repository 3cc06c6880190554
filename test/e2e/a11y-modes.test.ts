/**
 * Accessibility in the other colour mode and width: axe-core on a page of every kind, and one of each older version,
 * in light mode at 995 px and in dark mode at desktop width and 995 px (every page, light at desktop width:
 * a11y.test.ts); and, with axe's best practices too, the pages with a comparison table in both modes at desktop and
 * phone width.
 */
import { describe, it } from 'node:test';
import { serveSiteAndBrowser } from './support.ts';
import { assertPagesPass, modeSamplePages, WCAG_AND_BEST_PRACTICE_TAGS } from './a11y-pages.ts';
import { OLDER_VERSIONS, routeIn } from '../expected-routes.ts';

const served = serveSiteAndBrowser();

describe('axe-core, other modes and widths', () => {
  for (const [colorChoice, width] of [['light', 995], ['dark', 1280], ['dark', 995]] as const) {
    it(`finds no violation on a page of every kind, and of each older version (${colorChoice}, ${width} px)`, async () => assertPagesPass(served, await modeSamplePages(served.site.url), colorChoice, width));
  }

  // A comparison table whose first column names each row: its top-left header cell must name that column too. (The
  // hosting page's older copies have the same table; content.test.ts holds every table's header cells to text.)
  const rowNamedTables = [routeIn(OLDER_VERSIONS.at(-1)!, 'guides/linux-user-share/'), '/docs/concepts/hosting/'];
  for (const [colorChoice, width] of [['light', 1280], ['dark', 1280], ['light', 360], ['dark', 360]] as const) {
    it(`finds no violation, best practices included, on the pages whose tables name their rows (${colorChoice}, ${width} px)`, async () =>
      assertPagesPass(served, rowNamedTables, colorChoice, width, { tags: WCAG_AND_BEST_PRACTICE_TAGS }));
  }
});

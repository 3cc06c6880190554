/**
 * Accessibility in the other colour mode and width: axe-core on a page of every kind and version, in light mode at
 * 995 px and in dark mode at desktop width and 995 px (every page, light at desktop width: a11y.test.ts).
 */
import { describe, it } from 'node:test';
import { serveSiteAndBrowser } from './support.ts';
import { assertPagesPass, samplePages } from './a11y-pages.ts';

const served = serveSiteAndBrowser();

describe('axe-core, other modes and widths', () => {
  for (const [colorChoice, width] of [['light', 995], ['dark', 1280], ['dark', 995]] as const) {
    it(`finds no violation on a page of every kind and version (${colorChoice}, ${width} px)`, async () => assertPagesPass(served, await samplePages(served.site.url), colorChoice, width));
  }
});

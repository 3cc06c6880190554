/** Accessibility in dark mode: axe-core on every page at desktop width and at 995 px (see a11y-pages.ts). */
import { describe, it } from 'node:test';
import { serveSiteAndBrowser } from './support.ts';
import { assertEveryPagePasses } from './a11y-pages.ts';

const served = serveSiteAndBrowser();

describe('axe-core, dark mode', () => {
  for (const width of [1280, 995]) {
    it(`finds no violation on any page (dark, ${width} px)`, () => assertEveryPagePasses(served, 'dark', width));
  }
});

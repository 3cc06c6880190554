/**
 * axe-core over the site's pages in one colour mode and width. One pass (light, desktop) takes every page; the other
 * modes and widths take a sample that spans every version and every kind of page, since the same components and
 * colours make every page of a kind.
 */
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { violationLines, WCAG_TAGS, type AxeScope } from './axe.ts';
import { waitHydrated } from './support.ts';
import { CURRENT_VERSION, expectedRoutes, OLDER_VERSIONS, VERSIONS } from '../expected-routes.ts';

/** WCAG 2.1 A and AA, and axe's best practices (an empty table header cell is one). */
export const WCAG_AND_BEST_PRACTICE_TAGS = [...WCAG_TAGS, 'best-practice'];

/** Opens a browser context whose stored settings choose the colour mode. */
export async function contextIn(browser: Browser, colorChoice: 'light' | 'dark', viewport: { width: number; height: number }) {
  const ctx = await browser.newContext({ viewport });
  await ctx.addInitScript((c) => localStorage.setItem('zrok-docs-settings', JSON.stringify({ state: { colorChoice: c }, version: 0 })), colorChoice);
  return ctx;
}

/** Pages that are not docs: the home page, the search page with results, and the 404 page. */
const OTHER_PAGES = ['/', '/search/?q=reserved', '/docs/no-such-page/'];

/** Every page of a version; the current version's with the pages outside the docs. */
export async function everyPageOf(version: string): Promise<string[]> {
  return [...(version === CURRENT_VERSION.name ? OTHER_PAGES : []), ...(await expectedRoutes(version))];
}

/** What makes a docs page a kind of its own for axe: what its HTML contains. */
const KINDS: [string, (route: string, html: string) => boolean][] = [
  ['category index', (route) => route.includes('/category/')],
  ['tabs', (_, html) => html.includes('role="tablist"')],
  ['diagram', (_, html) => html.includes('class="diagram')],
  ['admonition', (_, html) => html.includes('class="admonition')],
  ['cards', (_, html) => html.includes('class="card"')],
  ['table', (_, html) => html.includes('<table')],
  ['code', (_, html) => html.includes('<pre')],
  ['body kept as HTML', (_, html) => html.includes('data-static-body')],
  ['body hydrated', (route, html) => !route.includes('/category/') && !html.includes('data-static-body')],
];

/** The other pages (unless told not to), and in each version the first docs page of each kind (a page often covers several). */
export async function samplePages(siteUrl: string, versions: readonly string[] = VERSIONS, { otherPages = true } = {}): Promise<string[]> {
  const sample = otherPages ? [...OTHER_PAGES] : [];
  for (const version of versions) {
    const missing = new Set(KINDS.map(([name]) => name));
    for (const route of await expectedRoutes(version)) {
      if (!missing.size) break;
      const html = await (await fetch(siteUrl + route)).text();
      const kinds = KINDS.filter(([name, has]) => missing.has(name) && has(route, html)).map(([name]) => name);
      if (!kinds.length) continue;
      sample.push(route);
      for (const k of kinds) missing.delete(k);
    }
  }
  return sample;
}

/**
 * For what a colour mode or a width changes, which is the same in every version: the other pages, the current
 * version's page of each kind, and the first page of each older version (it has the older-version banner).
 */
export async function modeSamplePages(siteUrl: string): Promise<string[]> {
  const older = await Promise.all(OLDER_VERSIONS.map(async (v) => (await expectedRoutes(v.name)).find((r) => !r.includes('/category/'))!));
  return [...(await samplePages(siteUrl, [CURRENT_VERSION.name])), ...older];
}

/** Until `page`, at `route`, has hydrated; the search page until it lists its results, which load after. */
export async function waitForContent(page: Page, route: string) {
  await waitHydrated(page);
  if (route.startsWith('/search/?q=')) await page.locator('.search-result').first().waitFor();
}

export async function assertPagesPass(served: { site: { url: string }; browser: Browser }, routes: string[], colorChoice: 'light' | 'dark', width: number, scope: AxeScope = {}) {
  const found: string[] = [];
  // Two pages at a time: one per core.
  const worker = async (share: string[]) => {
    const ctx = await contextIn(served.browser, colorChoice, { width, height: 900 });
    const page = await ctx.newPage();
    for (const route of share) {
      await page.goto(served.site.url + route);
      await waitForContent(page, route);
      for (const v of await violationLines(page, scope)) found.push(`${route}: ${v}`);
    }
    await ctx.close();
  };
  await Promise.all([worker(routes.filter((_, i) => i % 2 === 0)), worker(routes.filter((_, i) => i % 2 === 1))]);
  assert.deepEqual(found, []);
}

/**
 * axe-core over every page of the site in one colour mode and width. The modes run from two test files
 * (a11y.test.ts, a11y-dark.test.ts): each pass takes 4 to 7 minutes on 2 cores, and a test file must end
 * within the suite's 15-minute limit.
 */
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { axe, waitHydrated, WCAG_TAGS } from './support.ts';
import { allExpectedRoutes } from '../expected-routes.ts';

export async function violations(page: Page): Promise<string[]> {
  const result = await axe(page).withTags(WCAG_TAGS).analyze();
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

/** Opens a browser context whose stored settings choose the colour mode. */
export async function contextIn(browser: Browser, colorChoice: 'light' | 'dark', viewport: { width: number; height: number }) {
  const ctx = await browser.newContext({ viewport });
  await ctx.addInitScript((c) => localStorage.setItem('zrok-docs-settings', JSON.stringify({ state: { colorChoice: c }, version: 0 })), colorChoice);
  return ctx;
}

export async function assertEveryPagePasses(served: { site: { url: string }; browser: Browser }, colorChoice: 'light' | 'dark', width: number) {
  const routes = ['/', '/search/?q=reserved', '/docs/no-such-page/', ...(await allExpectedRoutes())];
  const found: string[] = [];
  // Two pages at a time: one per core.
  const worker = async (share: string[]) => {
    const ctx = await contextIn(served.browser, colorChoice, { width, height: 900 });
    const page = await ctx.newPage();
    for (const route of share) {
      await page.goto(served.site.url + route);
      await waitHydrated(page);
      for (const v of await violations(page)) found.push(`${route}: ${v}`);
    }
    await ctx.close();
  };
  await Promise.all([worker(routes.filter((_, i) => i % 2 === 0)), worker(routes.filter((_, i) => i % 2 === 1))]);
  assert.deepEqual(found, []);
}

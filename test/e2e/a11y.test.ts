/** Accessibility: axe-core on every page in both colour modes at desktop and 995 px, plus keyboard checks. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { serveSiteAndBrowser, waitHydrated } from './support.ts';
import { allExpectedRoutes } from '../expected-routes.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const served = serveSiteAndBrowser();

async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

async function allRoutes(): Promise<string[]> {
  return ['/', '/search/?q=reserved', '/docs/no-such-page/', ...(await allExpectedRoutes())];
}

describe('axe-core', () => {
  for (const colorChoice of ['light', 'dark'] as const) {
    for (const width of [1280, 995]) {
      it(`finds no violation on any page (${colorChoice}, ${width} px)`, async () => {
        const routes = await allRoutes();
        const found: string[] = [];
        // Two pages at a time: one per core.
        const worker = async (share: string[]) => {
          const ctx = await served.browser.newContext({ viewport: { width, height: 900 } });
          await ctx.addInitScript((c) => localStorage.setItem('zrok-docs-settings', JSON.stringify({ state: { colorChoice: c }, version: 0 })), colorChoice);
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
      });
    }
  }

  it('finds no violation with the search modal open, in both modes', async () => {
    for (const colorChoice of ['light', 'dark']) {
      const ctx = await served.browser.newContext({ viewport: { width: 1280, height: 900 } });
      await ctx.addInitScript((c) => localStorage.setItem('zrok-docs-settings', JSON.stringify({ state: { colorChoice: c }, version: 0 })), colorChoice);
      const page = await ctx.newPage();
      await page.goto(`${served.site.url}/docs/getting-started/`);
      await waitHydrated(page);
      await page.keyboard.press('Control+k');
      await page.locator('.DocSearch-Input').fill('reserved');
      await page.locator('.DocSearch-Hit').first().waitFor();
      assert.deepEqual(await violations(page), [], colorChoice);
      await ctx.close();
    }
  });

  it('finds no violation with the mobile sidebar open, in both modes', async () => {
    for (const colorChoice of ['light', 'dark']) {
      const ctx = await served.browser.newContext({ viewport: { width: 995, height: 800 } });
      await ctx.addInitScript((c) => localStorage.setItem('zrok-docs-settings', JSON.stringify({ state: { colorChoice: c }, version: 0 })), colorChoice);
      const page = await ctx.newPage();
      await page.goto(`${served.site.url}/docs/guides/self-hosting/linux/nginx/`);
      await waitHydrated(page);
      await page.getByRole('button', { name: 'Open the docs navigation' }).click();
      await page.getByRole('dialog', { name: 'Docs navigation' }).waitFor();
      assert.deepEqual(await violations(page), [], colorChoice);
      await ctx.close();
    }
  });
});

describe('keyboard', () => {
  it('offers a skip link first, and every control shows a focus ring', async () => {
    const ctx = await served.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(`${served.site.url}/docs/guides/install/linux/`);
    await waitHydrated(page);
    const before = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80));
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Skip to main content', `focus was on ${before}`);
    assert.ok(await skip.isVisible(), 'the skip link shows when focused');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'main-content');
    // Walk the first controls and check each draws an outline when focused from the keyboard.
    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      const ring = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const s = getComputedStyle(el);
        return { name: `${el.tagName} ${el.textContent?.trim().slice(0, 30)} ${el.getAttribute('aria-label') ?? ''}`, outline: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2 };
      });
      seen.add(ring.name);
      assert.ok(ring.outline, `visible focus ring on ${ring.name}`);
    }
    assert.ok(seen.size > 15, 'tabbed through many controls');
    await ctx.close();
  });

  it('operates tabs with the arrow keys', async () => {
    const ctx = await served.browser.newContext();
    const page = await ctx.newPage();
    await page.goto(`${served.site.url}/docs/guides/install/linux/`);
    await waitHydrated(page);
    const first = page.getByRole('tab').first();
    await first.focus();
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-selected')), 'true');
    assert.notEqual(await page.evaluate(() => document.activeElement?.textContent), await first.textContent());
    await ctx.close();
  });
});

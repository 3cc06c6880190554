/**
 * Accessibility: axe-core on every page of the current version in light mode at desktop width (the older versions'
 * pages: a11y-older.test.ts; the other modes and widths, on a sample: a11y-modes.test.ts); on the open search modal
 * and phone menu in both modes; keyboard checks.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, violationLines } from './axe.ts';
import { serveSiteAndBrowser, waitHydrated } from './support.ts';
import { assertPagesPass, contextIn, everyPageOf } from './a11y-pages.ts';
import { CURRENT_VERSION, OLDER_VERSIONS, routeIn } from '../expected-routes.ts';

const served = serveSiteAndBrowser();

describe('axe-core', () => {
  it('finds no violation on any page of the current version, nor on the home, search and not-found pages (light, 1280 px)', async () => assertPagesPass(served, await everyPageOf(CURRENT_VERSION.name), 'light', 1280));

  it('finds no violation with the search modal open, in both modes', async () => {
    for (const colorChoice of ['light', 'dark'] as const) {
      const ctx = await contextIn(served.browser, colorChoice, { width: 1280, height: 900 });
      const page = await ctx.newPage();
      await page.goto(`${served.site.url}/docs/getting-started/`);
      await waitHydrated(page);
      await page.keyboard.press('Control+k');
      await page.locator('.DocSearch-Input').fill('reserved');
      await page.locator('.DocSearch-Hit').first().waitFor();
      assert.deepEqual(await violationLines(page), [], colorChoice);
      // In the site's colours, not DocSearch's grey and blue.
      // (No named functions in the page: tsx would wrap them in a helper the page does not have.)
      const colours = await page.evaluate(() => {
        const probe = document.body.appendChild(document.createElement('i'));
        const [dialog, hit, match] = ['--bg-soft', '--text', '--link'].map((variable) => {
          probe.style.color = `var(${variable})`;
          return getComputedStyle(probe).color;
        });
        probe.remove();
        return {
          dialog: getComputedStyle(document.querySelector('.DocSearch-Modal')!).backgroundColor,
          hit: getComputedStyle(document.querySelector('.DocSearch-Hit-title')!).color,
          match: getComputedStyle(document.querySelector('.DocSearch-Hit-title mark')!).color,
          site: { dialog, hit, match },
        };
      });
      assert.deepEqual({ dialog: colours.dialog, hit: colours.hit, match: colours.match }, colours.site, colorChoice);
      await ctx.close();
    }
  });

  it('shows the older-version banner in the warning colours, with its icon, at full contrast in both modes', async () => {
    for (const colorChoice of ['light', 'dark'] as const) {
      const ctx = await contextIn(served.browser, colorChoice, { width: 1280, height: 900 });
      const page = await ctx.newPage();
      for (const route of [routeIn(OLDER_VERSIONS[0], 'getting-started/'), routeIn(OLDER_VERSIONS.at(-1)!, 'guides/install/')]) {
        await page.goto(served.site.url + route);
        await waitHydrated(page);
        const banner = page.getByRole('note').filter({ hasText: 'no longer actively maintained' });
        assert.ok(await banner.locator('svg').isVisible(), `${route}: an icon`);
        const look = await banner.evaluate((el) => {
          const probe = document.body.appendChild(document.createElement('i'));
          probe.style.cssText = 'color: var(--warning); background: var(--warning-bg)';
          const warning = { border: getComputedStyle(probe).color, background: getComputedStyle(probe).backgroundColor };
          probe.remove();
          return { banner: { border: getComputedStyle(el).borderLeftColor, background: getComputedStyle(el).backgroundColor }, warning };
        });
        assert.deepEqual(look.banner, look.warning, `${route} (${colorChoice})`);
        const violations = await axeViolations(page, { include: '.version-banner', rules: ['color-contrast'] });
        assert.deepEqual(violations.map((v) => v.nodes.map((n) => n.target.join(' '))), [], `${route} (${colorChoice})`);
      }
      await ctx.close();
    }
  });

  it('finds no violation with the mobile sidebar open, in both modes', async () => {
    for (const colorChoice of ['light', 'dark'] as const) {
      const ctx = await contextIn(served.browser, colorChoice, { width: 995, height: 800 });
      const page = await ctx.newPage();
      await page.goto(`${served.site.url}/docs/guides/self-hosting/linux/nginx/`);
      await waitHydrated(page);
      await page.getByRole('button', { name: 'Open the docs navigation' }).click();
      await page.getByRole('dialog', { name: 'Docs navigation' }).waitFor();
      assert.deepEqual(await violationLines(page), [], colorChoice);
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

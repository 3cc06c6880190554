/**
 * Marks a reader must be able to see, measured as contrast against what is behind them: the focus ring on the
 * header, the bar of a highlighted code line, the announcement bar in dark mode, and install tabs on a phone.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { openHydrated, serveSiteAndBrowser } from './support.ts';

const served = serveSiteAndBrowser();
const KEY = 'zrok-docs-settings';

/** WCAG contrast of two CSS colours (rgb/rgba, alpha ignored). */
function contrast(a: string, b: string): number {
  const luminance = (c: string) =>
    (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number).map((v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)).reduce((l, v, i) => l + v * [0.2126, 0.7152, 0.0722][i], 0);
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const inMode = async (width: number, mode: 'light' | 'dark', path: string): Promise<Page> => {
  const ctx = await served.browser.newContext({ viewport: { width, height: 800 } });
  await ctx.addInitScript(([k, m]) => localStorage.setItem(k, JSON.stringify({ state: { colorChoice: m }, version: 0 })), [KEY, mode] as const);
  return (await openHydrated(ctx, served.site.url + path)).page;
};

describe('marks a reader must see', () => {
  for (const mode of ['light', 'dark'] as const) {
    it(`the header's focus ring stands out on its navy at 4.5:1 or more, in ${mode} mode`, async () => {
      const page = await inMode(1280, mode, '/docs/concepts/');
      const rings: { name: string; ring: string; ground: string }[] = [];
      for (let i = 0; i < 14; i++) {
        await page.keyboard.press('Tab');
        const r = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          if (!el.closest('.navbar') || el.closest('.dropdown__menu')) return null;
          return { name: el.textContent!.trim().slice(0, 20) || el.getAttribute('aria-label') || el.tagName, ring: getComputedStyle(el).outlineColor, ground: getComputedStyle(document.querySelector('.navbar')!).backgroundColor };
        });
        if (r) rings.push(r);
      }
      assert.ok(rings.length >= 2, `${rings.length} header controls reached`);
      for (const r of rings) assert.ok(contrast(r.ring, r.ground) >= 4.5, `${r.name}: ring ${r.ring} on ${r.ground} is ${contrast(r.ring, r.ground).toFixed(2)}:1`);
      await page.context().close();
    });

    it(`a highlighted code line has a bar at 3:1 or more against its block, in ${mode} mode`, async () => {
      const page = await inMode(1280, mode, '/docs/guides/self-hosting/oauth/configuring-oauth/');
      const lines = await page.evaluate(() =>
        [...document.querySelectorAll('.code-block pre .line.highlighted')].map((line) => {
          const shadow = getComputedStyle(line).boxShadow;
          return { bar: shadow.match(/rgba?\([^)]*\)/)?.[0] ?? 'none', width: shadow.match(/inset\s+(\d+)px|(\d+)px[^,]*inset/)?.slice(1).find(Boolean) ?? '0', block: getComputedStyle(line.closest('.code-block')!).backgroundColor };
        }),
      );
      assert.ok(lines.length >= 2, `${lines.length} highlighted lines`);
      for (const l of lines) {
        assert.ok(Number(l.width) >= 3, `a bar ${l.width} px wide`);
        assert.ok(l.bar !== 'none' && contrast(l.bar, l.block) >= 3, `bar ${l.bar} on ${l.block}`);
      }
      await page.context().close();
    });
  }

  it('the announcement bar in dark mode is the page\'s own ground, not a lime band, its text at 4.5:1', async () => {
    const page = await inMode(360, 'dark', '/docs/getting-started/');
    const bar = await page.evaluate(() => {
      const el = document.querySelector('.announcement')!;
      return { ground: getComputedStyle(el).backgroundColor, text: getComputedStyle(el.querySelector('.announcement__text')!).color, page: getComputedStyle(document.querySelector('.navbar')!).backgroundColor };
    });
    assert.ok(contrast(bar.ground, bar.page) < 1.5, `the bar ${bar.ground} next to the header ${bar.page}`);
    assert.ok(contrast(bar.text, bar.ground) >= 4.5, `text ${bar.text} on ${bar.ground}`);
    await page.context().close();
  });

  it('install tabs take no more than two rows on a phone', async () => {
    const page = await inMode(360, 'light', '/docs/guides/install/linux/');
    const rows = await page.evaluate(() => [...document.querySelectorAll('.tabs__list')].map((l) => new Set([...l.children].map((t) => Math.round(t.getBoundingClientRect().top))).size));
    assert.ok(rows.length >= 1);
    assert.ok(Math.max(...rows) <= 2, `rows: ${rows}`);
    await page.context().close();
  });
});

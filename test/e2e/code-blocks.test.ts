/**
 * Code blocks as a reader sees them, above all on a phone: a block that goes on past its box shows it (an edge shadow,
 * a scrollbar), its lines wrap at spaces when the reader asks (a setting kept with the others), lists indent little,
 * the buttons never cover a one-line command, and a highlighted line spans the block.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Locator } from 'playwright-core';
import { openBeforeScripts, openHydrated, serveSiteAndBrowser } from './support.ts';
import { OLDER_VERSIONS, routeIn } from '../expected-routes.ts';

const served = serveSiteAndBrowser();
const KEY = 'zrok-docs-settings';
const LINUX_GUIDE = '/docs/guides/self-hosting/linux/';
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

const open = (ctx: BrowserContext, path: string) => openHydrated(ctx, served.site.url + path);

/** How dark the outermost columns of a block's box are drawn (0 black to 1 white): its left and right edges, measured on a screenshot. */
async function edgeBrightness(pre: Locator): Promise<{ left: number; right: number }> {
  const png = (await pre.screenshot()).toString('base64');
  return pre.page().evaluate(async (data) => {
    const img = new Image();
    img.src = `data:image/png;base64,${data}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    const g = canvas.getContext('2d')!;
    g.drawImage(img, 0, 0);
    const column = [2, img.width - 3].map((x) => {
      const { data: px } = g.getImageData(x, 0, 1, img.height);
      let sum = 0;
      for (let i = 0; i < px.length; i += 4) sum += (px[i] + px[i + 1] + px[i + 2]) / (3 * 255);
      return sum / img.height;
    });
    return { left: column[0], right: column[1] };
  }, png);
}

/**
 * Words (text between spaces, across the highlighter's tokens) of every code block drawn over two lines, and blocks
 * still wider than their box for a reason other than a word longer than a line.
 */
const WRAPPED = `(() => {
  const split = [];
  const wide = [];
  const pres = document.querySelectorAll('.markdown .code-block pre');
  for (const pre of pres) {
    const nodes = [];
    const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
    let full = '';
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      nodes.push({ text, start: full.length });
      full += text.data;
    }
    let longest = 0;
    for (const m of full.matchAll(/\\S+/g)) {
      const at = (offset) => {
        let i = nodes.length - 1;
        while (i > 0 && nodes[i].start > offset) i--;
        return [nodes[i].text, offset - nodes[i].start];
      };
      const range = document.createRange();
      range.setStart(...at(m.index));
      range.setEnd(...at(m.index + m[0].length - 1));
      range.setEnd(range.endContainer, range.endOffset + 1);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      const width = rects.reduce((sum, r) => sum + r.width, 0);
      // A word longer than a whole line has to break where the line ends.
      if (new Set(rects.map((r) => Math.round(r.bottom))).size > 1 && width < pre.clientWidth - 32) split.push(m[0]);
      longest = Math.max(longest, width);
    }
    if (pre.scrollWidth > pre.clientWidth + 1 && longest < pre.clientWidth - 32) wide.push(full.slice(0, 40));
  }
  return { split, wide, blocks: pres.length };
})()`;

describe('code blocks on a phone', () => {
  for (const mode of ['light', 'dark'] as const) {
    it(`show an edge shadow where a block goes on, in ${mode} mode, and at the other edge once scrolled to its end`, async () => {
      const ctx = await served.browser.newContext(PHONE);
      // Unwrapped, as the reader may choose: blocks then go on past their box.
      await ctx.addInitScript(([k, m]) => localStorage.setItem(k, JSON.stringify({ state: { colorChoice: m, codeWrap: false }, version: 1 })), [KEY, mode] as const);
      const { page, errors } = await open(ctx, LINUX_GUIDE);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const pres = page.locator('.markdown .code-block pre');
      const overflowing = await pres.evaluateAll((els) => els.map((p, i) => (p.scrollWidth > p.clientWidth + 20 ? i : -1)).filter((i) => i >= 0));
      assert.ok(overflowing.length >= 10, `${overflowing.length} blocks go on past their box`);
      // The edge shadow is darker on a light page and lime (brighter) on a dark one: either way, unlike its background.
      const differs = (edge: number, background: number) => Math.abs(edge - background) > 0.04;
      for (const i of overflowing.slice(0, 4)) {
        const pre = pres.nth(i);
        await pre.scrollIntoViewIfNeeded();
        const start = await edgeBrightness(pre);
        assert.ok(differs(start.right, start.left), `block ${i}: a shadow on the right at the start (${JSON.stringify(start)})`);
        await pre.evaluate((p) => (p.scrollLeft = p.scrollWidth));
        const end = await edgeBrightness(pre);
        assert.ok(differs(end.left, end.right), `block ${i}: on the left at the end (${JSON.stringify(end)})`);
        assert.ok(Math.abs(end.right - start.left) < 0.04, `block ${i}: none on the right at the end`);
      }
      assert.deepEqual(errors, []);
      await ctx.close();
    });
  }

  it('keep a scrollbar in sight: eight pixels high, its thumb at 3:1 or more against the block', async () => {
    const ctx = await served.browser.newContext(PHONE);
    await ctx.addInitScript((k) => localStorage.setItem(k, JSON.stringify({ state: { codeWrap: false }, version: 1 })), KEY);
    const { page } = await open(ctx, LINUX_GUIDE);
    for (const mode of ['light', 'dark']) {
      await page.evaluate((m) => document.documentElement.setAttribute('data-theme', m), mode);
      const bar = await page.locator('.markdown .code-block pre').first().evaluate((pre) => ({
        height: getComputedStyle(pre, '::-webkit-scrollbar').height,
        thumb: getComputedStyle(pre, '::-webkit-scrollbar-thumb').backgroundColor,
        block: getComputedStyle(pre.closest('.code-block')!).backgroundColor,
      }));
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const luminance = (c: number[]) => c.map((v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)).reduce((l, v, i) => l + v * [0.2126, 0.7152, 0.0722][i], 0);
      const [hi, lo] = [luminance(rgb(bar.thumb)), luminance(rgb(bar.block))].sort((a, b) => b - a);
      assert.equal(bar.height, '8px', mode);
      assert.ok((hi + 0.05) / (lo + 0.05) >= 3, `${mode}: thumb ${bar.thumb} on ${bar.block}`);
    }
    await ctx.close();
  });

  it('indent lists little, so a code block in a nested step keeps most of the column', async () => {
    const ctx = await served.browser.newContext(PHONE);
    const page = await ctx.newPage();
    let nested = 0;
    // The metrics page of the older versions (one has a block two lists deep), and pages of the current version.
    const metrics = OLDER_VERSIONS.map((v) => routeIn(v, 'guides/self-hosting/metrics-and-limits/configuring-metrics/'));
    for (const route of [...metrics, '/docs/guides/frontdoor/', '/docs/guides/install/linux/', '/docs/guides/docker-share/']) {
      await page.goto(served.site.url + route);
      const blocks = await page.evaluate(() => {
        const column = document.querySelector('.markdown')!.getBoundingClientRect().width;
        // Blocks in a tab that is not shown have no width.
        return [...document.querySelectorAll('.markdown .code-block')].filter((b) => b.getBoundingClientRect().width > 0).map((b) => {
          let depth = 0;
          for (let e = b.parentElement; e; e = e.parentElement) if (e.tagName === 'LI') depth++;
          return { share: b.getBoundingClientRect().width / column, depth };
        });
      });
      nested += blocks.filter((b) => b.depth >= 2).length;
      for (const b of blocks) assert.ok(b.share >= 0.8, `${route}: a block ${b.depth} lists deep has ${Math.round(b.share * 100)} % of the column`);
    }
    assert.ok(nested >= 1, `${nested} blocks in nested lists`);
    await ctx.close();
  });

  it('never cover a one-line command with the buttons, before or after copying', async () => {
    const ctx = await served.browser.newContext({ ...PHONE, permissions: ['clipboard-read', 'clipboard-write'] });
    const { page, errors } = await open(ctx, LINUX_GUIDE);
    const blocks = page.locator('.code-block--one-line');
    assert.ok((await blocks.count()) >= 5);
    const overlap = (block: Locator) =>
      block.evaluate((b) => {
        const pre = b.querySelector('pre')!.getBoundingClientRect();
        const buttons = [...b.querySelectorAll('.code-block__buttons button')].map((x) => x.getBoundingClientRect());
        return { covered: buttons.filter((x) => x.width > 0 && x.left < pre.right && x.right > pre.left).length, shown: buttons.filter((x) => x.width > 0).length, width: buttons.map((x) => x.width) };
      });
    for (let i = 0; i < Math.min(5, await blocks.count()); i++) {
      const block = blocks.nth(i);
      const before = await overlap(block);
      assert.deepEqual([before.covered, before.shown], [0, 2], `block ${i}: both buttons beside the command`);
      await block.getByRole('button', { name: 'Copy code to clipboard' }).click();
      await block.getByRole('button', { name: 'Copied' }).waitFor();
      const after = await overlap(block);
      assert.equal(after.covered, 0, `block ${i}: "Copied" covers nothing`);
      assert.deepEqual(after.width, before.width, 'and is as wide as "Copy"');
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), (await block.locator('pre').innerText()).replace(/\n$/, ''));
    }
    assert.deepEqual(errors, []);
    await ctx.close();
  });
});

describe('wrapping code', () => {
  it('is on by default on a phone: a one-line command of the first guide reads whole, and no button covers code', async () => {
    const ctx = await served.browser.newContext(PHONE);
    const { page, errors } = await open(ctx, '/docs/getting-started/');
    const blocks = await page.evaluate(() =>
      [...document.querySelectorAll('.markdown .code-block')].filter((b) => b.getBoundingClientRect().width > 0).map((b) => {
        const pre = b.querySelector('pre')!;
        const code = pre.getBoundingClientRect();
        const covering = [...b.querySelectorAll('.code-block__buttons button')].filter((x) => {
          const r = x.getBoundingClientRect();
          return r.width > 0 && r.left < code.right && r.right > code.left && r.top < code.bottom && r.bottom > code.top;
        });
        return { text: pre.textContent!.slice(0, 40), oneLine: b.classList.contains('code-block--one-line'), cut: pre.scrollWidth > pre.clientWidth + 1, covering: covering.length };
      }),
    );
    assert.ok(blocks.filter((b) => b.oneLine).length >= 5, `${blocks.length} blocks`);
    assert.deepEqual(blocks.filter((b) => b.cut).map((b) => b.text), [], 'no block is cut at its edge');
    assert.deepEqual(blocks.filter((b) => b.covering).map((b) => b.text), [], 'no button over code');
    assert.equal(await page.getByRole('button', { name: 'Wrap long lines', pressed: true }).count(), blocks.length, 'each wrap button says so');
    const wrapped = (await page.evaluate(WRAPPED)) as { split: string[]; wide: string[] };
    assert.deepEqual(wrapped.split, [], 'a word breaks only where it is longer than a line');
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  it('is off by default on a desktop: long lines scroll', async () => {
    const ctx = await served.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page } = await open(ctx, LINUX_GUIDE);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.codeWrap), 'auto');
    assert.ok(((await page.evaluate(WRAPPED)) as { wide: string[] }).wide.length >= 3, 'blocks scroll sideways');
    assert.equal(await page.getByRole('button', { name: 'Wrap long lines', pressed: true }).count(), 0);
    await ctx.close();
  });

  it('is a button on each block that turns it off and on for every block, kept with the settings across pages and reloads', async () => {
    const ctx = await served.browser.newContext(PHONE);
    const { page, errors } = await open(ctx, LINUX_GUIDE);
    assert.equal(await page.locator('.markdown[data-static-body]').count(), 1, 'a body kept as HTML');
    const before = (await page.evaluate(WRAPPED)) as { split: string[]; wide: string[]; blocks: number };
    assert.deepEqual(before.wide, [], 'wrapped at first, every block fits its box');
    assert.deepEqual(before.split, [], 'no word is broken but where it is longer than a line');
    const toggles = page.getByRole('button', { name: 'Wrap long lines' });
    assert.equal(await toggles.count(), before.blocks, 'one on each block');
    await toggles.nth(3).click();
    await page.waitForFunction(() => [...document.querySelectorAll('.code-block__wrap')].every((b) => b.getAttribute('aria-pressed') === 'false'));
    assert.ok(((await page.evaluate(WRAPPED)) as typeof before).wide.length >= 10, 'unwrapped, blocks scroll sideways');
    assert.equal(JSON.parse((await page.evaluate((k) => localStorage.getItem(k), KEY))!).state.codeWrap, false);

    // Another page, its body rendered by the app after a click, scrolls too.
    await page.locator('.markdown a[href="/docs/guides/self-hosting/linux/nginx/"]').first().click();
    await page.waitForURL(/\/linux\/nginx\/$/);
    await page.waitForFunction(() => document.querySelector('.code-block__wrap')?.getAttribute('aria-pressed') === 'false');
    assert.ok(((await page.evaluate(WRAPPED)) as typeof before).wide.length >= 1);

    // A reload shows the choice from the first paint, before any script of the app runs.
    const reloaded = await openBeforeScripts(ctx, served.site.url + LINUX_GUIDE, async (p) => {
      assert.equal(await p.evaluate(() => document.documentElement.dataset.codeWrap), 'off');
      assert.ok(((await p.evaluate(WRAPPED)) as typeof before).wide.length >= 10);
    });
    await reloaded.page.getByRole('button', { name: 'Wrap long lines', pressed: false }).first().click();
    await reloaded.page.waitForFunction(() => document.documentElement.dataset.codeWrap === 'on');
    assert.deepEqual(((await reloaded.page.evaluate(WRAPPED)) as typeof before).wide, [], 'and wraps again');
    assert.deepEqual([...errors, ...reloaded.errors], []);
    await ctx.close();
  });

  it('has no button without JavaScript, where it could not work', async () => {
    const ctx = await served.browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(served.site.url + LINUX_GUIDE);
    assert.equal(await page.getByRole('button', { name: 'Wrap long lines' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Copy code to clipboard' }).count(), 0);
    await ctx.close();
  });
});

describe('highlighted lines', () => {
  for (const width of [360, 1280]) {
    it(`span the whole block at ${width} px`, async () => {
      const ctx = await served.browser.newContext({ viewport: { width, height: 800 } });
      const { page } = await open(ctx, '/docs/guides/self-hosting/oauth/configuring-oauth/');
      const lines = await page.evaluate(() =>
        [...document.querySelectorAll('.code-block pre .line.highlighted')].map((line) => {
          const pre = line.closest('pre')!;
          const box = pre.getBoundingClientRect();
          const l = line.getBoundingClientRect();
          // The line's ends against the block's inner edges, wherever the block is scrolled.
          return { left: Math.round(l.left - (box.left + pre.clientLeft - pre.scrollLeft)) + 0, right: Math.round(box.left + pre.clientLeft + Math.max(pre.scrollWidth, pre.clientWidth) - pre.scrollLeft - l.right) + 0 };
        }),
      );
      assert.ok(lines.length >= 2, `${lines.length} highlighted lines`);
      for (const line of lines) assert.deepEqual(line, { left: 0, right: 0 });
      await ctx.close();
    });
  }
});

/**
 * Tables of every page of every version, as a reader sees them: no word, identifier or code is broken inside, and a
 * table becomes one block per row only where it does not fit its column.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { allExpectedRoutes } from '../expected-routes.ts';
import { serveSiteAndBrowser } from './support.ts';

const served = serveSiteAndBrowser();

/**
 * Every word of every visible table cell (words are what lies between spaces: "sign-in", "--oauth-provider" and a URL
 * are one word each) that is drawn on more than one line. In a table shown as blocks, a word wider than its block has
 * to break, and is not counted. A string, so the test runner's compiler adds no helpers the page does not have.
 */
const BROKEN_WORDS = `(() => {
  const broken = [];
  for (const table of document.querySelectorAll('.markdown table')) {
    const blocks = getComputedStyle(table).display === 'block';
    for (const cell of table.querySelectorAll(blocks ? 'tbody td' : 'th, td')) {
      const style = getComputedStyle(cell);
      const room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        for (const m of text.data.matchAll(/\\S+/g)) {
          const range = document.createRange();
          range.setStart(text, m.index);
          range.setEnd(text, m.index + m[0].length);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0);
          const lines = new Set(rects.map((r) => Math.round(r.bottom))).size;
          const width = rects.reduce((sum, r) => sum + r.width, 0);
          if (lines > 1 && !(blocks && width > room)) broken.push(m[0] + ' (' + lines + ' lines)');
        }
      }
    }
  }
  return broken;
})()`;

/**
 * Each table of up to four columns (the ones that may become blocks): whether it is shown as blocks, whether it
 * overflows its box, its column's width, and the width it needs as a table, measured here: each column as wide as
 * its longest word, or its longest body cell on one line up to 120 px (room for about 15 characters a line).
 */
const TABLE_FIT = `(() => {
  const PROSE_MIN = 120;
  const out = [];
  for (const table of document.querySelectorAll('.markdown table.table--reflow')) {
    const box = table.closest('.table-scroll');
    // The table alone, in table layout, in a column of no width: each column as wide as its longest word. With
    // nowrap, each body cell's text on one line.
    const layOut = (css, read) => {
      const holder = document.createElement('div');
      holder.className = 'markdown';
      holder.style.cssText = 'position: absolute; left: 0; top: 0; width: 0; visibility: hidden; ' + css;
      const copy = table.cloneNode(true);
      copy.className = '';
      holder.append(copy);
      document.body.append(holder);
      const widths = [...copy.rows[0].cells].map((c, i) => read(copy, i));
      holder.remove();
      return widths;
    };
    const words = layOut('', (copy, i) => copy.rows[0].cells[i].getBoundingClientRect().width);
    const lines = layOut('white-space: nowrap', (copy, i) => Math.max(0, ...[...copy.rows].slice(1).map((r) => {
      const range = document.createRange();
      if (r.cells[i]) range.selectNodeContents(r.cells[i]);
      return r.cells[i] ? range.getBoundingClientRect().width : 0;
    })));
    const padding = 25;
    const needed = words.reduce((sum, w, i) => sum + Math.max(w, Math.min(lines[i], PROSE_MIN) + padding), 1);
    out.push({
      text: table.rows[0].textContent.trim().slice(0, 60),
      blocks: getComputedStyle(table).display === 'block',
      overflows: box.scrollWidth > box.clientWidth,
      column: box.clientWidth,
      needed: Math.round(needed),
    });
  }
  return out;
})()`;

let withTables: Promise<string[]> | undefined;
/** The pages of every version whose HTML holds a table: the others have nothing to measure. */
function routesWithTables(): Promise<string[]> {
  withTables ??= allExpectedRoutes().then(async (routes) => {
    const html = await Promise.all(routes.map(async (route) => (await fetch(served.site.url + route)).text()));
    return routes.filter((_, i) => html[i].includes('<table'));
  });
  return withTables;
}

describe('tables', () => {
  for (const width of [768, 1280]) {
    it(`break no word inside, at ${width} px, on every page`, async () => {
      const ctx = await served.browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: false });
      const page = await ctx.newPage();
      const failures: string[] = [];
      let pagesWithTables = 0;
      for (const route of await routesWithTables()) {
        pagesWithTables++;
        await page.goto(served.site.url + route);
        const broken = (await page.evaluate(BROKEN_WORDS)) as string[];
        if (broken.length) failures.push(`${route}: ${broken.join(', ')}`);
        // A desktop keeps every table a table: blocks are for phones and tablets.
        if (width < 996) continue;
        const blocks = await page.evaluate(() => [...document.querySelectorAll('table')].filter((t) => t.closest('.markdown') && getComputedStyle(t).display !== 'table').map((t) => t.rows[0].textContent!.trim().slice(0, 40)));
        if (blocks.length) failures.push(`${route}: shown as blocks: ${blocks.join(' | ')}`);
      }
      assert.ok(pagesWithTables > 60, `${pagesWithTables} pages with tables`);
      assert.deepEqual(failures, []);
      await ctx.close();
    });
  }

  it('become blocks on a phone only where they do not fit, and break a word there only where it is wider than its block', async () => {
    const ctx = await served.browser.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled: false });
    const page = await ctx.newPage();
    const failures: string[] = [];
    let tables = 0;
    let kept = 0;
    for (const route of await routesWithTables()) {
      await page.goto(served.site.url + route);
      const broken = (await page.evaluate(BROKEN_WORDS)) as string[];
      if (broken.length) failures.push(`${route}: ${broken.join(', ')}`);
      for (const t of (await page.evaluate(TABLE_FIT)) as { text: string; blocks: boolean; overflows: boolean; column: number; needed: number }[]) {
        tables++;
        if (!t.blocks) kept++;
        // A table needs this much more than its estimate before it is shown as blocks: the build rounds up to a step.
        const slack = 40;
        if (t.blocks && t.needed <= t.column - slack) failures.push(`${route} "${t.text}": blocks, though it needs ${t.needed} of ${t.column} px`);
        if (!t.blocks && t.overflows) failures.push(`${route} "${t.text}": a table wider than its ${t.column} px column`);
      }
    }
    for (const route of await routesWithTables()) {
      await page.goto(served.site.url + route);
      const labelsOverBlanks = await page.evaluate(() =>
        [...document.querySelectorAll('.markdown table tbody td')].filter((td) => getComputedStyle(td.closest('table')!).display === 'block' && td.getBoundingClientRect().height > 0 && td.textContent!.trim() === '').map((td) => td.getAttribute('data-label')),
      );
      if (labelsOverBlanks.length) failures.push(`${route}: a label over an empty cell (${labelsOverBlanks.join(', ')})`);
    }
    assert.ok(tables > 200, `${tables} tables checked`);
    assert.ok(kept > 10, `${kept} tables stay tables`);
    assert.deepEqual(failures, []);
    await ctx.close();
  });

  it('show an edge shadow on the side where a table wider than its box goes on, in both colour modes', async () => {
    const ctx = await served.browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await ctx.newPage();
    for (const mode of ['light', 'dark']) {
      await page.goto(`${served.site.url}/docs/myzrok/limits/`);
      await page.evaluate((m) => document.documentElement.setAttribute('data-theme', m), mode);
      await page.waitForFunction(() => window.__hydrated === true);
      const box = page.locator('.table-scroll').filter({ has: page.locator('table:not(.table--reflow)') }).first();
      await box.scrollIntoViewIfNeeded();
      // Brightness of a column of the box's body rows (their cells have no background of their own).
      const column = async (x: 'left' | 'right') => {
        const r = (await box.locator('tbody').boundingBox())!;
        const b = (await box.boundingBox())!;
        const png = await page.screenshot({ clip: { x: x === 'left' ? b.x + 2 : b.x + b.width - 4, y: r.y + 4, width: 2, height: r.height - 8 } });
        return page.evaluate(async (data) => {
          const img = new Image();
          img.src = `data:image/png;base64,${data}`;
          await img.decode();
          const c = document.createElement('canvas');
          [c.width, c.height] = [img.width, img.height];
          const g = c.getContext('2d')!;
          g.drawImage(img, 0, 0);
          const px = g.getImageData(0, 0, img.width, img.height).data;
          let sum = 0;
          for (let i = 0; i < px.length; i += 4) sum += (px[i] + px[i + 1] + px[i + 2]) / 765;
          return sum / (px.length / 4);
        }, png.toString('base64'));
      };
      const start = { left: await column('left'), right: await column('right') };
      assert.ok(Math.abs(start.right - start.left) > 0.1, `${mode}: a shadow on the right at the start (${JSON.stringify(start)})`);
      await box.evaluate((b) => b.scrollTo({ left: b.scrollWidth, behavior: 'instant' }));
      await page.waitForFunction((b) => b!.hasAttribute('data-more-left'), await box.elementHandle());
      const end = { left: await column('left'), right: await column('right') };
      assert.ok(Math.abs(end.left - end.right) > 0.1, `${mode}: on the left at the end (${JSON.stringify(end)})`);
    }
    await ctx.close();
  });

  it('keep two short columns as a table on a phone, and turn a table of config keys into blocks that keep their roles', async () => {
    const ctx = await served.browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await ctx.newPage();
    await page.goto(`${served.site.url}/docs/getting-started/`);
    const arch = page.getByRole('table').filter({ hasText: 'CPU type' });
    assert.equal(await arch.evaluate((t) => getComputedStyle(t).display), 'table');
    assert.ok((await arch.boundingBox())!.width <= 328, 'inside the column');
    await page.goto(`${served.site.url}/docs/guides/self-hosting/metrics-and-limits/configuring-metrics/`);
    const keys = page.getByRole('table').filter({ hasText: 'jsonLogger.subscriptions[].type' });
    assert.equal(await keys.evaluate((t) => getComputedStyle(t).display), 'block');
    assert.deepEqual(await keys.getByRole('columnheader').allTextContents(), ['Key', 'Meaning']);
    assert.ok((await keys.getByRole('cell').count()) >= 4);
    await ctx.close();
  });
});

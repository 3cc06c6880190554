/**
 * A link to each section: a "#" beside every h2–h4 of a page, a plain link to the heading's id that needs no script,
 * shown on hover and focus; the heading's name, the table of contents, search and the Markdown copy stay its text.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { serveSiteAndBrowser, waitHydrated } from './support.ts';

const served = serveSiteAndBrowser();
const PAGE = '/docs/getting-started/';

describe('heading links', () => {
  it('each h2–h4 has a link to itself named "Direct link to" its text, and keeps its own name', async () => {
    const ctx = await served.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(served.site.url + PAGE);
    await waitHydrated(page);
    const headings = await page.locator('.markdown :is(h2, h3, h4)').evaluateAll((hs) => hs.map((h) => ({ id: h.id, text: h.textContent!.trim(), level: h.tagName })));
    assert.ok(headings.length > 8 && headings.some((h) => h.level === 'H3'), `${headings.length} headings`);
    for (const h of headings) {
      const link = page.getByRole('link', { name: `Direct link to ${h.text}`, exact: true }).and(page.locator(`a[href="#${h.id}"]`));
      assert.equal(await link.count(), 1, h.text);
      assert.equal(await page.getByRole('heading', { name: h.text, exact: true }).count() >= 1, true, `the heading's name is "${h.text}"`);
    }
    await ctx.close();
  });

  it('shows the "#" on hover and on keyboard focus only, beside the heading', async () => {
    const ctx = await served.browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await ctx.newPage();
    await page.goto(served.site.url + PAGE);
    await waitHydrated(page);
    const links = page.locator('.markdown .hash-link');
    const link = links.nth(2);
    const heading = page.locator('.markdown .heading').nth(2).locator(':is(h2, h3, h4)');
    const opacity = () => link.evaluate((a) => getComputedStyle(a).opacity);
    const shows = (value: string) => page.waitForFunction(([v]) => getComputedStyle(document.querySelectorAll('.markdown .hash-link')[2]).opacity === v, [value]);
    await page.mouse.move(0, 0);
    assert.equal(await opacity(), '0', 'hidden at rest');
    await heading.hover();
    await shows('1');
    const h = (await heading.boundingBox())!;
    const a = (await link.boundingBox())!;
    assert.ok(a.x >= h.x + h.width && a.x < h.x + h.width + 40, 'right after the heading');
    assert.ok(a.y < h.y + h.height && a.y + a.height > h.y, 'on its line');
    assert.equal(await link.evaluate((el) => getComputedStyle(el, '::before').content), '"#" / ""');
    await page.mouse.move(0, 0);
    await shows('0');
    // From the keyboard: Tab reaches the link from the one before, and it shows itself with the focus ring.
    await links.nth(1).focus();
    for (let i = 0; i < 30 && !(await link.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    assert.ok(await link.evaluate((el) => el === document.activeElement), 'the keyboard reaches the link');
    assert.equal(await link.evaluate((el) => el.matches(':focus-visible')), true);
    assert.equal(await opacity(), '1');
    await ctx.close();
  });

  it('works without JavaScript', async () => {
    const ctx = await served.browser.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(served.site.url + PAGE);
    const link = page.locator('.markdown .hash-link').nth(2);
    const href = (await link.getAttribute('href'))!;
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(served.site.url + PAGE + href);
    const top = await page.evaluate((id) => document.getElementById(id)!.getBoundingClientRect().top, href.slice(1));
    assert.ok(Math.abs(top - 72) <= 3, `the heading lands below the header (${top} px)`);
    await ctx.close();
  });

  it('leave the table of contents, search and the Markdown copy alone', async () => {
    const ctx = await served.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(served.site.url + PAGE);
    await waitHydrated(page);
    const headings = await page.locator('.markdown :is(h2, h3)').allTextContents();
    const toc = await page.locator('.doc-page__toc .toc__link').allTextContents();
    assert.deepEqual(toc, headings);
    const markdown = await (await fetch(`${served.site.url}${PAGE}index.md`)).text();
    assert.ok(markdown.includes(`## ${headings[0]}\n`), 'the Markdown copy has the heading as written');
    assert.equal(markdown.includes('Direct link'), false);
    await page.goto(`${served.site.url}/search/?q=${encodeURIComponent('Concepts Review')}`);
    const titles = page.locator('.search-result__title');
    await titles.first().waitFor();
    const all = await titles.allTextContents();
    assert.ok(all.some((t) => t.includes('Concepts Review')), all.join(' | '));
    assert.equal(all.some((t) => /#|Direct link/.test(t)), false, all.join(' | '));
    await ctx.close();
  });
});

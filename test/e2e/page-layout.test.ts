/** The measure of a page: body text within about 80 characters a line at any width, and a home page grid with no gaps. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { serveSiteAndBrowser } from './support.ts';
import { OLDER_VERSIONS, routeIn } from '../expected-routes.ts';

const served = serveSiteAndBrowser();

/** Pages of every kind and version with long paragraphs, lists, admonitions and details. */
const PAGES = [
  '/docs/getting-started/',
  '/docs/concepts/sharing-public/',
  '/docs/guides/self-hosting/linux/',
  '/docs/guides/self-hosting/oauth/configuring-oauth/',
  '/docs/guides/agent/',
  '/docs/myzrok/limits/',
  routeIn(OLDER_VERSIONS[0], 'concepts/'),
  routeIn(OLDER_VERSIONS.at(-1)!, 'guides/self-hosting/docker/'),
];

/**
 * How many characters each line of the page's body text holds (paragraphs, list items, quotes, admonitions; not
 * code, tables or diagrams), as drawn: words grouped by the line they sit on.
 */
const LINE_LENGTHS = `(() => {
  const lines = new Map();
  document.querySelectorAll('.markdown :is(p, li, dd, blockquote, summary, .admonition__body)').forEach((block, b) => {
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      if (text.parentElement.closest('pre, table, .diagram, .code-block')) continue;
      for (const m of text.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(text, m.index);
        range.setEnd(text, m.index + m[0].length);
        const rect = range.getClientRects()[0];
        if (!rect || rect.width === 0) continue;
        const line = b + ':' + Math.round(rect.bottom);
        const was = lines.get(line);
        lines.set(line, { chars: (was ? was.chars + 1 : 0) + m[0].length, text: (was ? was.text + ' ' : '') + m[0] });
      }
    }
  });
  return [...lines.values()];
})()`;

describe('line length', () => {
  for (const width of [768, 1024, 1280, 1600, 1920]) {
    it(`keeps body text within about 80 characters a line at ${width} px`, async () => {
      const ctx = await served.browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: false });
      const page = await ctx.newPage();
      const failures: string[] = [];
      for (const route of PAGES) {
        await page.goto(served.site.url + route);
        const lines = ((await page.evaluate(LINE_LENGTHS)) as { chars: number; text: string }[]).sort((a, b) => a.chars - b.chars);
        assert.ok(lines.length > 20, `${route}: ${lines.length} lines`);
        // Most full lines hold 70 to 80 characters; one of narrow letters may hold a few more.
        const typical = lines[Math.floor(lines.length * 0.95)].chars;
        const longest = lines.at(-1)!;
        if (typical > 80) failures.push(`${route}: 95 % of lines hold up to ${typical} characters`);
        if (longest.chars > 90) failures.push(`${route}: a line of ${longest.chars} characters: ${longest.text}`);
      }
      assert.deepEqual(failures, []);
      await ctx.close();
    });
  }
});

describe('home page', () => {
  for (const width of [360, 768, 1024, 1280, 1600]) {
    it(`leaves no empty slot in its card grid at ${width} px`, async () => {
      const ctx = await served.browser.newContext({ viewport: { width, height: 900 } });
      const page = await ctx.newPage();
      await page.goto(`${served.site.url}/`);
      const lefts = await page.locator('.card-grid--home > li').evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().left)));
      const columns = new Set(lefts).size;
      assert.equal(lefts.length, 6);
      assert.equal(lefts.length % columns, 0, `${lefts.length} cards in ${columns} columns`);
      await ctx.close();
    });
  }
});

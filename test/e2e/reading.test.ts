/** Reading on every screen: the table of contents, first paint, deep links, versions, search, tabs, menus without JS, admonitions and cards. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { CURRENT_VERSION, expectedRoutes, OLDER_VERSIONS, routeIn } from '../expected-routes.ts';

const previous = OLDER_VERSIONS[0];
const oldest = OLDER_VERSIONS.at(-1)!;
import { axeViolations } from './axe.ts';
import { serveSiteAndBrowser, waitHydrated, openBeforeScripts, openHydrated } from './support.ts';

const KEY = 'zrok-docs-settings';
const served = serveSiteAndBrowser();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SMALL_DESKTOP = { width: 1000, height: 800 };

function context(viewport: { width: number; height: number }, options: Parameters<Browser['newContext']>[0] = {}) {
  return served.browser.newContext({ viewport, ...options });
}
const open = (ctx: BrowserContext, path: string) => openHydrated(ctx, served.site.url + path);
const storeSettings = (ctx: BrowserContext, state: Record<string, unknown>) =>
  ctx.addInitScript(([k, s]) => localStorage.setItem(k, JSON.stringify({ state: s, version: 0 })), [KEY, state] as const);

/** A page of this site opened with its scripts held back (see openBeforeScripts). */
async function beforeScripts(ctx: BrowserContext, path: string, check: (page: Page) => Promise<void>) {
  return openBeforeScripts(ctx, served.site.url + path, check);
}

const box = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const r = document.querySelector(s)?.getBoundingClientRect();
    return r && r.width > 0 ? { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) } : null;
  }, selector);

describe('on this page', () => {
  it('keeps the right-hand list at 1000 px, beside readable text', async () => {
    const ctx = await context(SMALL_DESKTOP);
    const { page, errors } = await open(ctx, '/docs/getting-started/');
    const toc = await box(page, '.doc-page__toc .toc');
    const article = await box(page, '.doc-page__article');
    assert.ok(toc && article, 'both are shown');
    assert.ok(toc.x >= article.x + article.width, 'the list is right of the text');
    assert.ok(toc.x + toc.width <= 1000, 'and inside the window');
    assert.ok(article.width >= 480, `the text is ${article.width} px wide`);
    assert.equal(await page.locator('.toc-disclosure').isVisible(), false, 'no disclosure beside the column');
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 1000);
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  it('is a closed disclosure at the top of the article on a phone; it opens, its links jump, and it names the current section', async () => {
    const ctx = await context(PHONE);
    const { page, errors } = await open(ctx, '/docs/getting-started/');
    assert.equal(await page.locator('.doc-page__toc').isVisible(), false);
    const disclosure = page.locator('details.toc-disclosure');
    assert.ok(await disclosure.isVisible());
    assert.equal(await disclosure.evaluate((d: HTMLDetailsElement) => d.open), false, 'closed by default');
    const h1 = await box(page, '.doc-page__article h1');
    const summaryBox = await box(page, '.toc-disclosure');
    assert.ok(h1 && summaryBox && summaryBox.y > h1.y && summaryBox.y < h1.y + 200, 'right below the title');
    const nav = page.getByRole('navigation', { name: 'Sections on this page' });
    assert.equal(await nav.isVisible(), false);
    await page.locator('.toc-disclosure__summary').click();
    await nav.waitFor();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await nav.getByRole('link', { name: 'Concepts Review' }).click();
    await page.waitForFunction(() => Math.abs(document.getElementById('concepts-review')!.getBoundingClientRect().top - 72) < 4);
    assert.ok(page.url().endsWith('#concepts-review'));
    assert.equal(await disclosure.evaluate((d: HTMLDetailsElement) => d.open), false, 'a jump closes it');
    await page.waitForFunction(() => document.querySelector('.toc-disclosure__current')?.textContent === 'Concepts Review');
    assert.equal(await page.locator('.toc-disclosure [aria-current="location"]').getAttribute('href'), '#concepts-review');
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  it('opens without JavaScript', async () => {
    const ctx = await context(PHONE, { javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${served.site.url}/docs/getting-started/`);
    await page.locator('.toc-disclosure__summary').click();
    await page.getByRole('navigation', { name: 'Sections on this page' }).getByRole('link', { name: 'Concepts Review' }).click();
    await page.waitForURL(/#concepts-review$/);
    await ctx.close();
  });
});

describe('first paint', () => {
  for (const viewport of [DESKTOP, SMALL_DESKTOP, PHONE]) {
    it(`hydration moves nothing at ${viewport.width} px: the article and the table of contents keep their boxes`, async () => {
      const ctx = await context(viewport);
      let before: unknown;
      const selectors = ['.doc-page__article', '.doc-page__toc', '.toc-disclosure', '.markdown h2'];
      const measure = (page: Page) => Promise.all(selectors.map((s) => box(page, s)));
      const { page, errors } = await beforeScripts(ctx, '/docs/guides/install/', async (p) => {
        before = await measure(p);
      });
      assert.deepEqual(await measure(page), before);
      assert.deepEqual(errors, []);
      await ctx.close();
    });
  }

  it('marking the current section moves nothing in the table of contents', async () => {
    const ctx = await context({ width: 1350, height: 940 });
    const items = (page: Page) => page.$$eval('.doc-page__toc .toc__item', (els) => els.map((e) => Math.round(e.getBoundingClientRect().y)));
    let before: number[] = [];
    // Its first entry is long: bold, it wrapped onto a third line and pushed the list down.
    const { page } = await beforeScripts(ctx, '/docs/guides/self-hosting/oauth/configuring-oauth/', async (p) => {
      before = await items(p);
    });
    await page.locator('.doc-page__toc .toc__link--active').first().waitFor();
    assert.ok(before.length > 3);
    assert.deepEqual(await items(page), before);
    await ctx.close();
  });

  // Chromium may paint a long page before the parser reaches the table of contents, which comes after the article.
  for (const viewport of [DESKTOP, SMALL_DESKTOP]) {
    it(`the article is as wide before the table of contents is parsed as after, at ${viewport.width} px`, async () => {
      const ctx = await context(viewport, { javaScriptEnabled: false });
      const page = await ctx.newPage();
      const route = '/docs/guides/self-hosting/linux/';
      await page.goto(served.site.url + route);
      const whole = await box(page, '.doc-page__article');
      await page.route(served.site.url + route, async (r) => {
        const html = await (await r.fetch()).text();
        const cut = html.indexOf('<div class="doc-page__toc">');
        assert.ok(cut > 0, 'the page has a table of contents');
        await r.fulfill({ body: html.slice(0, cut), contentType: 'text/html' }); // the document as parsed so far
      });
      await page.reload();
      assert.equal(await page.locator('.doc-page__toc').count(), 0);
      assert.deepEqual(await box(page, '.doc-page__article'), whole);
      await ctx.close();
    });
  }
});

describe('colour toggle before scripts', () => {
  for (const [choice, icon] of [['light', 'light'], ['system', 'system'], [null, 'dark']] as const) {
    it(`shows the ${icon} icon before first paint when the stored choice is ${choice}`, async () => {
      const ctx = await context(DESKTOP);
      if (choice) await storeSettings(ctx, { colorChoice: choice });
      const shown = (p: Page) =>
        p.evaluate(() => [...document.querySelectorAll('.navbar .color-toggle__icon')].filter((i) => getComputedStyle(i).display !== 'none').map((i) => i.getAttribute('class')));
      const { page, errors } = await beforeScripts(ctx, '/docs/getting-started/', async (p) => {
        assert.deepEqual(await shown(p), [`color-toggle__icon color-toggle__icon--${icon}`]);
      });
      assert.deepEqual(await shown(page), [`color-toggle__icon color-toggle__icon--${icon}`], 'the same after hydration');
      await page.locator('.navbar .color-toggle').click();
      const next = icon === 'light' ? 'dark' : icon === 'dark' ? 'system' : 'light';
      assert.deepEqual(await shown(page), [`color-toggle__icon color-toggle__icon--${next}`], 'and it follows the toggle');
      assert.deepEqual(errors, []);
      await ctx.close();
    });
  }
});

describe('deep links', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    for (const route of ['/docs/getting-started/', '/docs/guides/self-hosting/linux/', '/docs/guides/agent/linux-service/']) {
      it(`land on their heading at ${viewport.width} px: ${route}`, async () => {
        const ctx = await context(viewport);
        const { page } = await open(ctx, route);
        const margins = await page.evaluate(() => [...document.querySelectorAll('.markdown :is(h2, h3)[id]')].map((h) => getComputedStyle(h).scrollMarginTop));
        assert.ok(margins.length > 2);
        assert.deepEqual([...new Set(margins)], ['72px'], 'every heading keeps clear of the header');
        // A heading in the middle of the page, so the page can scroll it to the top.
        const ids = await page.evaluate(() => [...document.querySelectorAll('.markdown h2[id]')].map((h) => h.id));
        const id = ids[Math.floor(ids.length / 2)];
        await page.close();
        const deep = await ctx.newPage();
        await deep.goto(`${served.site.url}${route}#${id}`, { waitUntil: 'load' });
        await waitHydrated(deep);
        // Late layout (hydration, fonts) may move it; the page puts it back once it has loaded.
        const at = () => deep.evaluate((i) => document.getElementById(i)!.getBoundingClientRect().top, id);
        await deep.waitForFunction((i) => Math.abs(document.getElementById(i)!.getBoundingClientRect().top - 72) <= 3, id).catch(async () => assert.fail(`#${id} is at ${await at()} px, not 72`));
        await deep.evaluate(() => document.fonts.ready.then(() => true));
        await deep.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        const top = await at();
        assert.ok(Math.abs(top - 72) <= 3, `#${id} is at ${top} px, not 72, once settled`);
        await ctx.close();
      });
    }
  }
});

describe('versions agree', () => {
  it('the announcement links the page in each version, and an older version shows its banner instead', async () => {
    const ctx = await context(DESKTOP);
    const { page } = await open(ctx, '/docs/concepts/sharing-public/');
    const bar = page.getByRole('region', { name: 'Announcement' });
    assert.deepEqual(
      await bar.getByRole('link').evaluateAll((as) => as.map((a) => `${a.textContent} ${a.getAttribute('href')}`)),
      [CURRENT_VERSION, ...OLDER_VERSIONS].map((v) => `${v.label} ${routeIn(v, 'concepts/sharing-public/')}`),
    );
    assert.equal(await page.getByRole('note').filter({ hasText: 'no longer actively maintained' }).count(), 0);
    await page.close();
    for (const route of OLDER_VERSIONS.map((v) => routeIn(v, 'getting-started/'))) {
      const { page: older } = await open(ctx, route);
      assert.equal(await older.getByRole('region', { name: 'Announcement' }).count(), 0, `${route}: one message, not two`);
      assert.ok(await older.getByRole('note').filter({ hasText: 'no longer actively maintained' }).isVisible(), route);
      await older.close();
    }
    await ctx.close();
  });

  it('outside the docs, the navbar shows the version search uses: the one read last', async () => {
    const ctx = await context(DESKTOP);
    const first = await open(ctx, routeIn(oldest, 'getting-started/'));
    await first.page.close();
    for (const route of ['/', '/search/?q=share']) {
      const { page, errors } = await open(ctx, route);
      await page.getByRole('button', { name: `Docs version: ${oldest.label}` }).waitFor();
      if (route.startsWith('/search/')) assert.equal(await page.locator('#search-page-version').inputValue(), oldest.name);
      assert.deepEqual(errors, [], route);
      await page.close();
    }
    // The phone menu marks the same version.
    const phone = await context(PHONE);
    await storeSettings(phone, { preferredVersion: previous.name });
    const { page } = await open(phone, '/');
    await page.getByRole('button', { name: 'Open the docs navigation' }).click();
    await page.getByRole('dialog').getByRole('link', { name: previous.label, exact: true }).and(page.locator('[aria-current="true"]')).waitFor();
    await phone.close();
    await ctx.close();
  });
});

describe('search typed ahead', () => {
  it('keeps what is typed while the modal code loads', async () => {
    const ctx = await context(DESKTOP);
    const { page, errors } = await open(ctx, '/docs/getting-started/');
    // The modal's code arrives only once the reader has typed.
    let release!: () => void;
    const typed = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/SearchModal[^/]*\.js$/, async (route) => {
      await typed;
      await route.continue();
    });
    await page.keyboard.press('Control+k');
    await page.keyboard.type('reserved');
    release();
    const input = page.locator('.DocSearch-Input');
    await input.waitFor({ timeout: 10_000 });
    assert.equal(await input.inputValue(), 'reserved');
    await page.keyboard.type(' share');
    assert.equal(await input.inputValue(), 'reserved share', 'typing goes on in the field');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+k');
    await input.waitFor();
    assert.notEqual(await input.inputValue(), 'reservedreserved');
    assert.deepEqual(errors, []);
    await ctx.close();
  });
});

describe('tabs', () => {
  it('remember the choice of a groupId across reloads and pages, without a hydration mismatch', async () => {
    const ctx = await context(DESKTOP);
    const { page, errors } = await open(ctx, '/docs/getting-started/');
    const selected = (p: Page) => p.locator('.tabs [role="tab"][aria-selected="true"]').first().textContent();
    assert.equal(await selected(page), 'Linux');
    await page.getByRole('tab', { name: 'Windows' }).first().click();
    assert.equal(await selected(page), 'Windows');
    await page.reload();
    await waitHydrated(page);
    await page.waitForFunction(() => document.querySelector('.tabs [role="tab"][aria-selected="true"]')?.textContent === 'Windows');
    const other = await open(ctx, '/docs/guides/agent/');
    await other.page.waitForFunction(() => document.querySelector('.tabs [role="tab"][aria-selected="true"]')?.textContent === 'Windows');
    assert.ok(await other.page.locator('.tabs [role="tabpanel"]:not([hidden])').isVisible());
    assert.deepEqual([...errors, ...other.errors], []);
    await ctx.close();
  });
});

describe('without JavaScript', () => {
  it('the version menu opens and leads to the oldest version (desktop)', async () => {
    const ctx = await context(DESKTOP, { javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${served.site.url}/docs/getting-started/`);
    const summary = page.locator('.navbar .version-dropdown summary');
    await summary.click();
    await page.locator('.navbar .version-dropdown details').getByRole('link', { name: oldest.label, exact: true }).click();
    await page.waitForURL(`${served.site.url}${routeIn(oldest, 'getting-started/')}`);
    await ctx.close();
  });

  it('on a phone, the version and language menus are in the header and the docs sidebar is on the page', async () => {
    const ctx = await context(PHONE, { javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${served.site.url}/docs/getting-started/`);
    assert.ok(await page.locator('.navbar .locale-dropdown summary').isVisible());
    await page.locator('.navbar .version-dropdown summary').click();
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390);
    const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
    assert.ok(await sidebar.isVisible());
    await page.locator('.navbar .version-dropdown details').getByRole('link', { name: previous.label, exact: true }).click();
    await page.waitForURL(`${served.site.url}${routeIn(previous, 'getting-started/')}`);
    await ctx.close();
  });

  it('on a phone, a link at the top of a docs page jumps to the docs sidebar, which has the column’s width and no box of its own', async () => {
    const ctx = await context({ width: 360, height: 740 }, { javaScriptEnabled: false });
    const page = await ctx.newPage();
    // A long page: its sidebar comes after some 20,000 px of text.
    await page.goto(`${served.site.url}/docs/guides/self-hosting/oauth/configuring-oauth/`);
    const link = page.locator('header.navbar').getByRole('link', { name: /^Docs navigation/ });
    const at = (await link.boundingBox())!;
    assert.ok(at.y >= 0 && at.y + at.height <= 100, `the link is in the header (${at.y} px)`);
    await link.click();
    const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
    await page.waitForFunction(() => {
      const top = document.querySelector('.doc-layout__sidebar')!.getBoundingClientRect().top;
      return top >= 0 && top < 200;
    });
    const shape = await sidebar.evaluate((nav) => ({ width: nav.getBoundingClientRect().width, scrolls: nav.scrollHeight > nav.clientHeight + 1 }));
    assert.ok(shape.width >= 320, `the sidebar is ${shape.width} px wide`);
    assert.equal(shape.scrolls, false, 'the sidebar is not a scroll box of its own');
    assert.ok(await sidebar.getByRole('link', { name: 'OAuth Public Frontend Configuration' }).isVisible());
    await ctx.close();
  });

  it('on a desktop, shows no such link: the sidebar is beside the page', async () => {
    const ctx = await context(DESKTOP, { javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${served.site.url}/docs/getting-started/`);
    assert.equal(await page.locator('header.navbar').getByRole('link', { name: /^Docs navigation/ }).isVisible(), false);
    await ctx.close();
  });
});

describe('without JavaScript: sidebar and search', () => {
  it('at 1280 px, the sidebar opens only the current page’s path, and a closed category opens on a click', async () => {
    const ctx = await context(DESKTOP, { javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${served.site.url}/docs/guides/self-hosting/linux/nginx/`);
    const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
    const openCategories = await sidebar.locator('li:has(> details[open])').evaluateAll((lis) => lis.map((li) => li.querySelector('.menu__link')!.textContent));
    assert.deepEqual(openCategories, ['Guides', 'Self Hosting', 'Linux']);
    const current = sidebar.locator('[aria-current="page"]');
    assert.equal(await current.textContent(), 'NGINX TLS');
    const { y } = (await current.boundingBox())!;
    assert.ok(y < DESKTOP.height, `the current page's entry is above the fold (${y} px)`);
    assert.equal(await sidebar.getByRole('link', { name: 'Public Shares' }).isVisible(), false, 'Concepts is closed');
    await sidebar.getByLabel("Expand sidebar category 'Concepts'", { exact: true }).click();
    assert.ok(await sidebar.getByRole('link', { name: 'Public Shares' }).isVisible(), 'and opens');
    await ctx.close();
  });

  it('the search button leads to /search/, which says search needs JavaScript and lists every page as the sidebar groups them', async () => {
    const ctx = await context(DESKTOP, { javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${served.site.url}/docs/concepts/`);
    /** Each link of a list, shown or in a closed category: how deep in nested lists it is, its text and its target. */
    const shape = (nav: Locator) =>
      nav.locator('a').evaluateAll((as) =>
        as.map((a) => {
          let depth = 0;
          for (let el = a.parentElement; el && el.tagName !== 'NAV'; el = el.parentElement) if (el.tagName === 'UL') depth++;
          return `${depth} ${a.textContent} ${a.getAttribute('href')}`;
        }),
      );
    const sidebar = await shape(page.getByRole('navigation', { name: 'Docs sidebar' }));
    await page.getByRole('link', { name: 'Search docs' }).click();
    await page.waitForURL(`${served.site.url}/search/`);
    assert.ok(await page.getByRole('heading', { name: 'Search needs JavaScript' }).isVisible());
    assert.equal(await page.getByRole('searchbox').isVisible(), false, 'no search box that cannot search');
    const index = await shape(page.getByRole('navigation', { name: `Pages of zrok ${CURRENT_VERSION.label}` }));
    assert.deepEqual(index, sidebar, 'the same pages in the same groups as the sidebar');
    assert.deepEqual(index.map((l) => l.split(' ').at(-1)).sort(), (await expectedRoutes(CURRENT_VERSION.name)).sort(), 'every page of the version');
    await ctx.close();
  });
});

describe('admonitions and cards', () => {
  const pages = ['/docs/myzrok/upgrading/', '/docs/guides/self-hosting/linux/', '/docs/guides/agent/http-healthcheck/'];
  for (const mode of ['light', 'dark'] as const) {
    it(`admonitions have an icon and a colour per kind, with enough contrast, in ${mode} mode`, async () => {
      const ctx = await context(DESKTOP);
      await storeSettings(ctx, { colorChoice: mode });
      const colours = new Map<string, string>();
      for (const route of pages) {
        const { page } = await open(ctx, route);
        const kinds = await page.evaluate(() =>
          [...document.querySelectorAll('.admonition')].map((a) => ({
            kind: [...a.classList].find((c) => c.startsWith('admonition--'))!,
            icon: !!a.querySelector('.admonition__heading svg'),
            colour: getComputedStyle(a.querySelector('.admonition__heading')!).color,
            border: getComputedStyle(a).borderLeftColor,
          })),
        );
        assert.ok(kinds.length > 0, route);
        for (const k of kinds) {
          assert.ok(k.icon, `${route}: ${k.kind} has an icon`);
          assert.equal(k.colour, k.border, 'heading and border share the colour');
          if (colours.has(k.kind)) assert.equal(colours.get(k.kind), k.colour);
          colours.set(k.kind, k.colour);
        }
        const violations = await axeViolations(page, { include: '.admonition', rules: ['color-contrast'] });
        assert.deepEqual(violations.map((v) => v.nodes.map((n) => n.target)), [], route);
        await page.close();
      }
      assert.ok(colours.size >= 4, `kinds seen: ${[...colours.keys()]}`);
      assert.equal(new Set(colours.values()).size, colours.size, 'each kind its own colour');
      await ctx.close();
    });
  }

  it('the OS cards on getting-started are one row on a desktop and one column on a phone', async () => {
    for (const [viewport, layout] of [[DESKTOP, 'row'], [SMALL_DESKTOP, 'row'], [PHONE, 'column']] as const) {
      const ctx = await context(viewport);
      const { page } = await open(ctx, '/docs/getting-started/');
      const cards = await page.evaluate(() => {
        const grid = [...document.querySelectorAll('.card-grid--mdx')].find((g) => g.textContent!.includes('Windows'))!;
        return [...grid.children].map((c) => { const r = c.getBoundingClientRect(); return { x: Math.round(r.x), y: Math.round(r.y) }; });
      });
      assert.equal(cards.length, 3);
      if (layout === 'row') assert.equal(new Set(cards.map((c) => c.y)).size, 1, `${viewport.width}: ${JSON.stringify(cards)}`);
      else assert.equal(new Set(cards.map((c) => c.x)).size, 1, `${viewport.width}: ${JSON.stringify(cards)}`);
      await ctx.close();
    }
  });
});

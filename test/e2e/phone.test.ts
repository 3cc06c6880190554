/** Reading on a phone: every page fits the screen, and the header's menu holds what the header has no room for. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { serveSiteAndBrowser, waitHydrated, watchErrors } from './support.ts';
import { samplePages, waitForContent } from './a11y-pages.ts';
import { undersizedTargets } from './target-size.ts';
import { CURRENT_VERSION, OLDER_VERSIONS, routeIn } from '../expected-routes.ts';

// The versions as the menus list them: the current one, then the older ones, newest first.
const labels = [CURRENT_VERSION, ...OLDER_VERSIONS].map((v) => v.label);
const previous = OLDER_VERSIONS[0];
const oldest = OLDER_VERSIONS.at(-1)!;

const served = serveSiteAndBrowser();

/** Every page the sitemap lists, plus the pages outside the docs. */
async function everyRoute(): Promise<string[]> {
  const sitemap = await (await fetch(`${served.site.url}/sitemap.xml`)).text();
  const docs = [...sitemap.matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map((m) => m[1]);
  assert.ok(docs.length > 100, 'the sitemap lists the docs');
  return [...new Set(['/', '/search/', '/search/?q=share', '/no-such-page/', ...docs])];
}

describe('on a phone', () => {
  it('no page is wider than a 360 px screen, and search is inside it', async () => {
    const ctx = await served.browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    const failures: string[] = [];
    for (const route of await everyRoute()) {
      await page.goto(served.site.url + route);
      await waitHydrated(page);
      const m = await page.evaluate(() => {
        const search = document.querySelector('.search-button')?.getBoundingClientRect();
        const menu = document.querySelector('.mobile-menu-button')?.getBoundingClientRect();
        return {
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
          search: search && search.width > 0 ? [search.left, search.right] : null,
          menu: menu && menu.width > 0 ? [menu.left, menu.right] : null,
        };
      });
      if (m.scrollWidth > m.innerWidth) failures.push(`${route}: page is ${m.scrollWidth} px wide`);
      if (!m.search || m.search[0] < 0 || m.search[1] > m.innerWidth) failures.push(`${route}: search button at ${JSON.stringify(m.search)}`);
      if (!m.menu || m.menu[0] < 0 || m.menu[1] > m.innerWidth) failures.push(`${route}: menu button at ${JSON.stringify(m.menu)}`);
    }
    assert.deepEqual(failures, []);
    assert.deepEqual(errors.filter((e) => !/404|Not Found/.test(e)), []);
    await ctx.close();
  });

  it('fits at 320 px too, with long inline code and URLs wrapped', async () => {
    const ctx = await served.browser.newContext({ viewport: { width: 320, height: 640 } });
    const page = await ctx.newPage();
    for (const route of ['/', '/docs/guides/install/', '/docs/getting-started/', '/docs/guides/self-hosting/linux/', routeIn(oldest, 'guides/install/')]) {
      await page.goto(served.site.url + route);
      await waitHydrated(page);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 320, route);
    }
    await ctx.close();
  });

  it('shows only the menu button, the logo and search in the header', async () => {
    const ctx = await served.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    await page.goto(`${served.site.url}/docs/getting-started/`);
    await waitHydrated(page);
    const header = page.locator('header.navbar');
    assert.ok(await header.getByRole('button', { name: 'Open the docs navigation' }).isVisible());
    assert.ok(await header.getByRole('link', { name: /zrok/ }).first().isVisible());
    assert.ok(await header.locator('.search-button').isVisible());
    for (const hidden of [/Docs version/, /Language/, /Colour mode/]) assert.equal(await header.getByRole('button', { name: hidden }).isVisible(), false, String(hidden));
    assert.equal(await header.getByRole('link', { name: 'GitHub' }).isVisible(), false);
    await ctx.close();
  });

  for (const route of ['/', routeIn(previous, 'concepts/'), '/search/']) {
    it(`has a menu on ${route} with the versions, language, colour mode and external links`, async () => {
      const ctx = await served.browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await ctx.newPage();
      await page.goto(served.site.url + route);
      await waitHydrated(page);
      await page.locator('header.navbar').getByRole('button', { name: 'Open the docs navigation' }).click();
      const menu = page.getByRole('dialog', { name: 'Docs navigation' });
      await menu.waitFor();
      const sidebar = menu.getByRole('navigation', { name: 'Docs sidebar' });
      assert.equal(await sidebar.count(), route.startsWith('/docs/') ? 1 : 0, 'the docs sidebar comes first on docs pages');
      for (const label of labels) assert.ok(await menu.getByRole('link', { name: label, exact: true }).isVisible(), label);
      assert.ok(await menu.getByRole('link', { name: 'English' }).isVisible());
      for (const label of ['pricing', 'account', 'roadmap', 'GitHub', 'Discourse']) {
        const link = menu.getByRole('link', { name: label });
        assert.ok(await link.isVisible(), label);
        assert.match((await link.getAttribute('href')) ?? '', /^https:\/\//);
      }
      const toggle = menu.getByRole('button', { name: /Colour mode/ });
      const before = await page.evaluate(() => document.documentElement.dataset.theme);
      await toggle.click();
      await page.waitForFunction((b) => document.documentElement.dataset.theme !== b, before);
      assert.ok(await menu.isVisible(), 'the menu stays open while the colour changes');

      const target = route === routeIn(previous, 'concepts/') ? routeIn(oldest, 'concepts/') : routeIn(oldest, 'getting-started/');
      await menu.getByRole('link', { name: oldest.label, exact: true }).click();
      await page.waitForURL(served.site.url + target);
      await menu.waitFor({ state: 'detached' });
      await ctx.close();
    });
  }
});

describe('phone chrome and tables', () => {
  /** Pages whose tables were two columns of a wide grid on a phone. */
  const TABLE_PAGES = ['/docs/getting-started/', '/docs/concepts/sharing-public/', '/docs/guides/self-hosting/linux/', '/docs/guides/self-hosting/oauth/configuring-oauth/', '/docs/guides/install/'];

  it('at 360 px, every table row fits the screen, each value of a table shown as blocks under its column name, and the tables stay tables', async () => {
    const ctx = await served.browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    const failures: string[] = [];
    let rows = 0;
    for (const route of TABLE_PAGES) {
      await page.goto(served.site.url + route);
      await waitHydrated(page);
      const tables = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLTableElement>('.markdown table')].map((table) => {
          const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent!.trim());
          return {
            columns: headers.length,
            blocks: getComputedStyle(table).display === 'block',
            rows: [...table.querySelectorAll('tbody tr')].map((tr) => ({
              right: Math.round(tr.getBoundingClientRect().right),
              // What each cell shows above its value, against its column's header.
              labels: [...tr.querySelectorAll('td')].map((td, i) => [getComputedStyle(td, '::before').content, headers[i]]),
            })),
          };
        }),
      );
      assert.ok(tables.length > 0, `${route} has tables`);
      for (const [t, table] of tables.entries()) {
        for (const [r, row] of table.rows.entries()) {
          rows++;
          if (row.right > 360) failures.push(`${route} table ${t + 1} row ${r + 1} ends at ${row.right} px`);
          if (table.blocks) for (const [shown, header] of row.labels) if (header && !shown.startsWith(JSON.stringify(header))) failures.push(`${route} table ${t + 1} row ${r + 1}: label ${shown}, not ${header}`);
        }
      }
      // Chromium's own accessibility tree, which a screen reader reads: still a table of header cells and cells.
      const { nodes } = await cdp.send('Accessibility.getFullAXTree');
      const roles = new Set(nodes.filter((n) => !n.ignored).map((n) => n.role?.value));
      for (const role of ['table', 'row', 'columnheader', 'cell']) if (!roles.has(role)) failures.push(`${route}: no ${role} in the accessibility tree`);
    }
    assert.ok(rows > 30, `${rows} rows checked`);
    assert.deepEqual(failures, []);
    await ctx.close();
  });

  it('at 360 px, the announcement bar is one line with its close button, and links the page in each version', async () => {
    const ctx = await served.browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await ctx.newPage();
    for (const route of ['/', '/docs/guides/self-hosting/linux/']) {
      await page.goto(served.site.url + route);
      await waitHydrated(page);
      const bar = page.getByRole('region', { name: 'Announcement' });
      const height = (await bar.boundingBox())!.height;
      assert.ok(height <= 48, `${route}: the bar is ${height} px high`);
      assert.deepEqual(await bar.getByRole('link').allTextContents(), labels, route);
      assert.ok(await bar.getByRole('button', { name: 'Dismiss announcement' }).isVisible(), route);
    }
    await ctx.close();
  });
});

describe('the phone menu', () => {
  const openMenu = async (page: Page) => {
    await page.getByRole('button', { name: 'Open the docs navigation' }).click();
    const menu = page.getByRole('dialog', { name: 'Docs navigation' });
    await menu.waitFor();
    return menu;
  };

  it('starts with the version switch, above the docs tree and on its first screen', async () => {
    const ctx = await served.browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await ctx.newPage();
    // The longest tree: the open path of a deep self-hosting page.
    await page.goto(`${served.site.url}/docs/guides/self-hosting/oauth/integrations/google/`);
    await waitHydrated(page);
    const menu = await openMenu(page);
    const tree = (await menu.getByRole('navigation', { name: 'Docs sidebar' }).boundingBox())!;
    for (const label of labels) {
      const link = (await menu.getByRole('link', { name: label, exact: true }).boundingBox())!;
      assert.ok(link.y + link.height <= tree.y, `${label} ends at ${link.y + link.height} px, the tree starts at ${tree.y} px`);
      assert.ok(link.y >= 0 && link.y + link.height <= 740, `${label} is on the menu's first screen (${link.y} px)`);
    }
    assert.equal(await menu.getByRole('link', { name: CURRENT_VERSION.label, exact: true }).getAttribute('aria-current'), 'true');
    await ctx.close();
  });

  it('holds the page still while open, and lets it scroll again once closed or left by a link', async () => {
    const ctx = await served.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    await page.goto(`${served.site.url}/docs/guides/self-hosting/linux/`);
    await waitHydrated(page);
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.waitForFunction(() => window.scrollY === 600);
    const layout = () => page.evaluate(() => ({ width: document.documentElement.clientWidth, h1: document.querySelector('h1')!.getBoundingClientRect().left }));
    const before = await layout();
    const menu = await openMenu(page);
    assert.deepEqual(await layout(), before, 'nothing moves sideways when the menu opens');
    // A wheel over the page behind, then one over the menu: once the menu has scrolled, the first wheel was handled.
    await page.mouse.move(370, 600);
    await page.mouse.wheel(0, 400);
    await page.mouse.move(150, 600);
    await page.mouse.wheel(0, 400);
    await page.waitForFunction(() => document.querySelector('.mobile-sidebar__panel')!.scrollTop > 0);
    assert.equal(await page.evaluate(() => window.scrollY), 600, 'the page behind the menu did not scroll');

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    assert.deepEqual(await layout(), before, 'the page is where it was');
    await page.mouse.wheel(0, 300);
    await page.waitForFunction(() => window.scrollY > 600);

    await openMenu(page);
    await menu.getByRole('link', { name: 'Getting Started' }).click();
    await page.waitForURL(/\/docs\/getting-started\/$/);
    await menu.waitFor({ state: 'detached' });
    await page.mouse.wheel(0, 300);
    await page.waitForFunction(() => window.scrollY > 0);
    await ctx.close();
  });

  it('gives focus to the new page’s main content when one of its links is followed, by touch or by keyboard', async () => {
    const ctx = await served.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    await page.goto(`${served.site.url}/docs/concepts/`);
    await waitHydrated(page);
    let menu = await openMenu(page);
    await menu.getByRole('link', { name: 'Getting Started' }).click();
    await page.waitForURL(/\/docs\/getting-started\/$/);
    await menu.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'main-content', 'after a click');

    menu = await openMenu(page);
    await menu.getByRole('link', { name: 'Concepts', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/docs\/concepts\/$/);
    await menu.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'main-content', 'after Enter');
    // The reader's next Tab starts from the top of the new page's content.
    await page.keyboard.press('Tab');
    assert.ok(await page.evaluate(() => document.activeElement?.closest('#main-content') !== null), 'Tab moves on inside the page');

    // Closed without following a link, focus goes back to the menu button.
    await openMenu(page);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.activeElement?.classList.contains('mobile-menu-button'));
    await ctx.close();
  });

  it('closes when the link followed is to the page already open: its version, or its own entry in the tree', async () => {
    const ctx = await served.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    await page.goto(`${served.site.url}/docs/concepts/`);
    await waitHydrated(page);
    for (const name of [CURRENT_VERSION.label, 'Concepts']) {
      const menu = await openMenu(page);
      await menu.getByRole('link', { name, exact: true }).click();
      await menu.waitFor({ state: 'detached' });
      assert.match(page.url(), /\/docs\/concepts\/$/, `after ${name}`);
      await page.mouse.wheel(0, 300);
      await page.waitForFunction(() => window.scrollY > 0);
      await page.evaluate(() => window.scrollTo(0, 0));
    }
    await ctx.close();
  });
});

describe('touch details', () => {
  it('leaves no hover tint where the pointer cannot hover, and keeps it where it can', async () => {
    for (const [device, options, tinted] of [
      ['a phone', { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true }, false],
      ['a desktop', { viewport: { width: 995, height: 800 } }, true],
    ] as const) {
      const ctx = await served.browser.newContext(options);
      const page = await ctx.newPage();
      await page.goto(`${served.site.url}/docs/guides/self-hosting/linux/`);
      await waitHydrated(page);
      await page.getByRole('button', { name: 'Open the docs navigation' }).click();
      const menu = page.getByRole('dialog', { name: 'Docs navigation' });
      // Where a tap that opened the menu leaves the pointer: over its first item.
      const first = menu.getByRole('link', { name: 'Getting Started' });
      const other = menu.getByRole('link', { name: 'Permission Modes' });
      await first.hover();
      const [under, away] = await Promise.all([first, other].map((l) => l.evaluate((a) => getComputedStyle(a).backgroundColor)));
      assert.equal(under !== away, tinted, `${device}: ${under} under the pointer, ${away} elsewhere`);
      await ctx.close();
    }
  });

  it('lets search results run to the bottom of a phone screen, with no empty band under them', async () => {
    const ctx = await served.browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const page = await ctx.newPage();
    await page.goto(`${served.site.url}/docs/getting-started/`);
    await waitHydrated(page);
    await page.locator('.search-button').tap();
    await page.locator('.DocSearch-Input').fill('reserved');
    await page.locator('.DocSearch-Hit').first().waitFor();
    const bottom = await page.locator('.DocSearch-Dropdown').evaluate((el) => el.getBoundingClientRect().bottom);
    assert.ok(bottom >= 739, `the results end at ${bottom} px of 740`);
    await ctx.close();
  });
});

describe('targets on a phone', () => {
  /** A page of every kind and version at 360 px, with every disclosure open, so each target it can show is measured. */
  async function eachSamplePage(measure: (page: Page, route: string) => Promise<string[]>): Promise<string[]> {
    const ctx = await served.browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const page = await ctx.newPage();
    const failures: string[] = [];
    for (const route of await samplePages(served.site.url)) {
      await page.goto(served.site.url + route);
      await waitForContent(page, route);
      await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
      for (const f of await measure(page, route)) failures.push(`${route} ${f}`);
    }
    await ctx.close();
    return failures;
  }

  it('every link and button is 24 × 24 px or more, or inline in a sentence, or spaced as WCAG 2.2 allows (360 px)', async () => {
    const failures = await eachSamplePage((page) => undersizedTargets(page));
    // The open menu and the open search dialog too.
    const ctx = await served.browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const page = await ctx.newPage();
    await page.goto(`${served.site.url}/docs/guides/self-hosting/linux/`);
    await waitHydrated(page);
    await page.getByRole('button', { name: 'Open the docs navigation' }).tap();
    await page.getByRole('dialog', { name: 'Docs navigation' }).waitFor();
    for (const f of await undersizedTargets(page, { within: '#mobile-sidebar' })) failures.push(`menu ${f}`);
    await page.getByRole('button', { name: 'Close the docs navigation' }).tap();
    await page.locator('.search-button').tap();
    await page.locator('.DocSearch-Input').fill('reserved');
    await page.locator('.DocSearch-Hit').first().waitFor();
    for (const f of await undersizedTargets(page, { within: '.DocSearch-Modal' })) failures.push(`search ${f}`);
    await ctx.close();
    assert.deepEqual(failures, []);
  });

  it('the page’s own controls around the text (breadcrumbs, edit link, menus, pager) are 24 × 24 px or more without the spacing allowance', async () => {
    const failures = await eachSamplePage((page) => undersizedTargets(page, { outside: '.markdown', allowSpacing: false }));
    assert.deepEqual(failures, []);
  });

  it('the phone’s table of contents is in the text’s size, not the desktop column’s smaller one', async () => {
    const ctx = await served.browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await ctx.newPage();
    await page.goto(`${served.site.url}/docs/getting-started/`);
    await waitHydrated(page);
    await page.locator('.toc-disclosure__summary').click();
    const sizes = await page.getByRole('navigation', { name: 'Sections on this page' }).getByRole('link').evaluateAll((as) => as.map((a) => parseFloat(getComputedStyle(a).fontSize)));
    assert.ok(sizes.length > 3 && sizes.every((s) => s >= 15), `font sizes ${[...new Set(sizes)].join(', ')} px`);
    await ctx.close();
  });
});

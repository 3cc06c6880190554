/** Reading on a phone: every page fits the screen, and the header's menu holds what the header has no room for. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { serveSiteAndBrowser, waitHydrated, watchErrors } from './support.ts';

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
    for (const route of ['/', '/docs/guides/install/', '/docs/getting-started/', '/docs/guides/self-hosting/linux/', '/docs/0.4/guides/install/']) {
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

  for (const route of ['/', '/docs/1.0/concepts/', '/search/']) {
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
      for (const label of ['1.1', '1.0', '0.4']) assert.ok(await menu.getByRole('link', { name: label, exact: true }).isVisible(), label);
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

      const target = route === '/docs/1.0/concepts/' ? '/docs/0.4/concepts/' : '/docs/0.4/getting-started/';
      await menu.getByRole('link', { name: '0.4', exact: true }).click();
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
      assert.deepEqual(await bar.getByRole('link').allTextContents(), ['1.1', '1.0', '0.4'], route);
      assert.ok(await bar.getByRole('button', { name: 'Dismiss announcement' }).isVisible(), route);
    }
    await ctx.close();
  });
});

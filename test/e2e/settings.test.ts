/** The reader's settings and the layout states, in Chromium against the built site. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations } from './axe.ts';
import { serveSiteAndBrowser, settle, watchErrors, waitHydrated, openBeforeScripts, openHydrated } from './support.ts';
import { assertLandedInTime, fewFrames, landing, recordLanding, type Landing } from './landing.ts';
import { pageExpression } from './engines/engine.ts';
import { CURRENT_VERSION, OLDER_VERSIONS, routeIn } from '../expected-routes.ts';

const KEY = 'zrok-docs-settings';
/** A slow phone's frame interval: 20 frames a second. */
const FEW_FRAMES_MS = 50;
const served = serveSiteAndBrowser();

async function context(options: Parameters<Browser['newContext']>[0] = {}) {
  return served.browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
}
const open = (ctx: BrowserContext, path: string) => openHydrated(ctx, served.site.url + path);
const theme = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-theme'));

/** A page of this site opened with its scripts held back (see openBeforeScripts). */
async function beforeScripts(ctx: BrowserContext, path: string, check: (page: Page) => Promise<void>) {
  return (await openBeforeScripts(ctx, served.site.url + path, check)).page;
}

describe('colour mode', () => {
  it('is dark by default before any script of the bundle runs, and hydration keeps it', async () => {
    const ctx = await context({ colorScheme: 'light' });
    const page = await beforeScripts(ctx, '/docs/concepts/', async (p) => assert.equal(await theme(p), 'dark'));
    assert.equal(await theme(page), 'dark');
    await ctx.close();
  });

  it('paints a stored light choice before any script runs (no flash)', async () => {
    const ctx = await context();
    await ctx.addInitScript(([k]) => localStorage.setItem(k, JSON.stringify({ state: { colorChoice: 'light' }, version: 0 })), [KEY]);
    const page = await beforeScripts(ctx, '/docs/concepts/', async (p) => assert.equal(await theme(p), 'light'));
    assert.equal(await theme(page), 'light');
    await ctx.close();
  });

  it('cycles light → dark → system, names the choice, and keeps it across reloads', async () => {
    const ctx = await context({ colorScheme: 'light' });
    const { page, errors } = await open(ctx, '/docs/concepts/');
    const toggle = page.getByRole('button', { name: /^Colour mode/ });
    assert.match((await toggle.getAttribute('aria-label'))!, /^Colour mode: dark \(default\)/);
    await toggle.click(); // dark (default) → system; the system is light here
    assert.match((await toggle.getAttribute('aria-label'))!, /^Colour mode: system/);
    assert.equal(await theme(page), 'light');
    await toggle.click();
    assert.match((await toggle.getAttribute('aria-label'))!, /^Colour mode: light/);
    await toggle.click();
    assert.match((await toggle.getAttribute('aria-label'))!, /^Colour mode: dark\./);
    assert.equal(await theme(page), 'dark');
    await toggle.click();
    await toggle.click(); // → light
    await page.reload();
    await waitHydrated(page);
    assert.equal(await theme(page), 'light');
    assert.match((await page.getByRole('button', { name: /^Colour mode/ }).getAttribute('aria-label'))!, /^Colour mode: light/);
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  it('follows the operating system live in system mode', async () => {
    const ctx = await context();
    await ctx.addInitScript(([k]) => localStorage.setItem(k, JSON.stringify({ state: { colorChoice: 'system' }, version: 0 })), [KEY]);
    const { page } = await open(ctx, '/docs/concepts/');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'dark');
    await ctx.close();
  });

  it('reaches every other open tab', async () => {
    const ctx = await context({ colorScheme: 'dark' });
    const a = await open(ctx, '/docs/concepts/');
    const b = await open(ctx, '/docs/getting-started/');
    await a.page.getByRole('button', { name: /^Colour mode/ }).click(); // → system (dark)
    await a.page.getByRole('button', { name: /^Colour mode/ }).click(); // → light
    await b.page.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'light');
    assert.match((await b.page.getByRole('button', { name: /^Colour mode/ }).getAttribute('aria-label'))!, /^Colour mode: light/);
    await ctx.close();
  });
});

describe('announcement bar', () => {
  it('stays dismissed across reloads without a flash, and shows again for a new announcement id', async () => {
    const ctx = await context();
    const { page } = await open(ctx, '/docs/concepts/');
    const bar = page.getByRole('region', { name: 'Announcement' });
    assert.ok(await bar.isVisible());
    await bar.getByRole('button', { name: 'Dismiss announcement' }).click();
    assert.equal(await bar.count(), 0);
    const again = await beforeScripts(ctx, '/docs/concepts/', async (p) => {
      assert.equal(await p.locator('.announcement').evaluate((el) => getComputedStyle(el).display), 'none', 'hidden by the head script before any app script');
    });
    assert.equal(await again.getByRole('region', { name: 'Announcement' }).count(), 0);
    await ctx.close();

    const other = await context();
    await other.addInitScript(([k]) => localStorage.setItem(k, JSON.stringify({ state: { announcementDismissedId: 'an-older-announcement' }, version: 0 })), [KEY]);
    const { page: fresh } = await open(other, '/docs/concepts/');
    assert.ok(await fresh.getByRole('region', { name: 'Announcement' }).isVisible(), 'a changed id resets the dismissal');
    await other.close();
  });
});

describe('announcement bar, focus and looks', () => {
  it('gives focus to the next control of the header when dismissed, at 1280 and 360 px', async () => {
    for (const [width, next] of [[1280, 'navbar__brand'], [360, 'mobile-menu-button']] as const) {
      const ctx = await context({ viewport: { width, height: 800 } });
      const { page } = await open(ctx, '/docs/concepts/');
      await page.getByRole('button', { name: 'Dismiss announcement' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('region', { name: 'Announcement' }).waitFor({ state: 'detached' });
      assert.ok(await page.evaluate((c) => document.activeElement?.classList.contains(c), next), `${width} px: focus on .${next}, not ${await page.evaluate(() => document.activeElement?.tagName)}`);
      await ctx.close();
    }
  });

  it('marks the version being read as current, and is a quiet bar in dark mode, at full contrast in both modes', async () => {
    for (const mode of ['light', 'dark'] as const) {
      const ctx = await context();
      await ctx.addInitScript(([k, c]) => localStorage.setItem(k, JSON.stringify({ state: { colorChoice: c }, version: 0 })), [KEY, mode]);
      const { page } = await open(ctx, '/docs/concepts/');
      const bar = page.getByRole('region', { name: 'Announcement' });
      const current = await bar.getByRole('link').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('aria-current')]));
      assert.deepEqual(current, [CURRENT_VERSION, ...OLDER_VERSIONS].map((v) => [v.label, v.current ? 'true' : null]), mode);
      // Relative luminance of the bar's background (WCAG's formula): the lime accent is 0.74.
      const luminance = await bar.evaluate((el) => {
        const [r, g, b] = getComputedStyle(el).backgroundColor.match(/\d+(\.\d+)?/g)!.slice(0, 3).map((c) => {
          const s = Number(c) / 255;
          return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      });
      if (mode === 'dark') assert.ok(luminance < 0.05, `the dark bar's background has luminance ${luminance.toFixed(2)}`);
      const violations = await axeViolations(page, { include: '.announcement', rules: ['color-contrast', 'link-in-text-block'] });
      assert.deepEqual(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), [], mode);
      await ctx.close();
    }
  });
});

describe('preferred docs version', () => {
  it('is remembered from the pages read and used by the home page and the docs root', async () => {
    const ctx = await context();
    const older = OLDER_VERSIONS[0];
    const { page } = await open(ctx, routeIn(older, 'concepts/tunnels/'));
    await page.goto(`${served.site.url}/`);
    await waitHydrated(page);
    await page.waitForFunction((to) => document.querySelector('.hero a')?.getAttribute('href') === to, routeIn(older, 'getting-started/'));
    await page.goto(`${served.site.url}/docs/`);
    await page.waitForURL(`${served.site.url}${routeIn(older, 'getting-started/')}`);
    await ctx.close();
  });
});

describe('storage that fails', () => {
  it('keeps every setting working for the visit and logs the failure once', async () => {
    const ctx = await context();
    await ctx.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } });
    });
    const page = await ctx.newPage();
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && m.text().includes('[settings]') && warnings.push(m.text()));
    const errors = watchErrors(page);
    await page.goto(`${served.site.url}/docs/concepts/`);
    await waitHydrated(page);
    assert.equal(await theme(page), 'dark');
    await page.getByRole('button', { name: /^Colour mode/ }).click();
    await page.getByRole('button', { name: /^Colour mode/ }).click();
    assert.equal(await theme(page), 'light');
    await page.getByRole('button', { name: 'Dismiss announcement' }).click();
    assert.equal(await page.getByRole('region', { name: 'Announcement' }).count(), 0);
    assert.equal(warnings.length, 1, warnings.join('\n'));
    assert.deepEqual(errors, []);
    await ctx.close();
  });
});

describe('mobile sidebar', () => {
  it('opens below 996 px, traps focus, closes on Escape, back, navigation and desktop width', async () => {
    const ctx = await context({ viewport: { width: 995, height: 800 } });
    const { page } = await open(ctx, '/docs/concepts/');
    const button = page.getByRole('button', { name: 'Open the docs navigation' });
    const drawer = page.getByRole('dialog', { name: 'Docs navigation' });
    await button.click();
    await drawer.waitFor();
    for (let i = 0; i < 40; i++) await page.keyboard.press('Tab');
    assert.ok(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]')), 'focus stays in the drawer');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Open the docs navigation', 'focus returns to the button');

    await button.click();
    await drawer.getByRole('link', { name: 'Tunnels' }).or(drawer.getByRole('link', { name: 'Sharing TCP and UDP Servers' })).first().click();
    await page.waitForURL(/\/docs\/concepts\/tunnels\/$/);
    await drawer.waitFor({ state: 'detached' });
    await button.click();
    await drawer.waitFor();
    await page.goBack();
    await page.waitForURL(/\/docs\/concepts\/$/);
    await drawer.waitFor({ state: 'detached' });

    await button.click();
    await drawer.waitFor();
    await page.setViewportSize({ width: 996, height: 800 });
    await drawer.waitFor({ state: 'detached' });
    await ctx.close();
  });

  it('stays open when the reader opens it while the page they went back to is still on its way', async () => {
    const ctx = await context({ viewport: { width: 995, height: 800 } });
    const { page } = await open(ctx, '/docs/concepts/');
    const title = await page.locator('h1').textContent();
    const button = page.getByRole('button', { name: 'Open the docs navigation' });
    const drawer = page.getByRole('dialog', { name: 'Docs navigation' });
    await button.click();
    await drawer.getByRole('link', { name: 'Tunnels' }).or(drawer.getByRole('link', { name: 'Sharing TCP and UDP Servers' })).first().click();
    await page.waitForURL(/\/docs\/concepts\/tunnels\/$/);
    await page.locator('h1', { hasText: title! }).waitFor({ state: 'detached' });
    // What the page gone back to loads (its body was HTML on the first visit) waits until the menu is open again.
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    let holding = 0;
    await page.route('**/*', async (route) => {
      holding++;
      await held;
      await route.continue();
    });
    await page.goBack();
    await page.waitForURL(/\/docs\/concepts\/$/);
    await button.click();
    await drawer.waitFor();
    release();
    await page.locator('h1', { hasText: title! }).waitFor();
    await page.unroute('**/*');
    assert.ok(holding > 0, 'the page gone back to was held');
    assert.ok(await drawer.isVisible(), 'the menu the reader opened is still open');
    await ctx.close();
  });
});

describe('collapsible sections and scrolling', () => {
  it('animates for a time that grows with the content, and for 1 ms with reduced motion', async () => {
    const ctx = await context();
    const { page } = await open(ctx, '/docs/getting-started/');
    const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' }).first();
    await sidebar.getByLabel("Expand sidebar category 'Concepts'", { exact: true }).click();
    const concepts = page.locator('.doc-layout__sidebar #sidebar-concepts');
    // The duration is set when the section starts to open, which can be a moment after its list is in the page.
    await page.waitForFunction(() => document.querySelector('.doc-layout__sidebar #sidebar-concepts')?.getAttribute('data-collapse-ms'));
    const msConcepts = Number(await concepts.getAttribute('data-collapse-ms'));
    await sidebar.getByLabel("Expand sidebar category 'Guides'", { exact: true }).click();
    const guides = page.locator('.doc-layout__sidebar #sidebar-guides');
    await page.waitForFunction(() => document.querySelector('.doc-layout__sidebar #sidebar-guides')?.getAttribute('data-collapse-ms'));
    const msGuides = Number(await guides.getAttribute('data-collapse-ms'));
    assert.ok(msConcepts > 100 && msGuides > 100, `${msConcepts} ${msGuides}`);
    assert.notEqual(msConcepts, msGuides, 'different heights, different durations');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await sidebar.getByLabel("Expand sidebar category 'myzrok'", { exact: true }).click();
    await page.waitForFunction(() => document.querySelector('.doc-layout__sidebar #sidebar-myzrok')?.getAttribute('data-collapse-ms') === '1');
    await ctx.close();
  });

  it('lands a TOC link\'s heading at its margin within 1 s, when the browser draws few frames too', async () => {
    const ctx = await context();
    // A slow phone: the page gets 20 animation frames a second, however fast this machine draws.
    await ctx.addInitScript(pageExpression(fewFrames, [FEW_FRAMES_MS]));
    const { page } = await open(ctx, '/docs/getting-started/');
    const toc = page.getByRole('navigation', { name: 'On this page' });
    await page.evaluate(pageExpression(recordLanding, ['concepts-review']));
    await toc.getByRole('link', { name: 'Concepts Review' }).click();
    await page.waitForFunction(() => (window as unknown as { landing?: unknown }).landing);
    const landed = (await page.evaluate(pageExpression(landing, []))) as Landing;
    assert.ok(landed.frames >= 2, `the heading moved over ${landed.frames} frames: the scroll is smooth, not a jump`);
    assert.ok(landed.frames <= landed.ms / (FEW_FRAMES_MS - 1) + 1, `at most 20 frames a second were drawn: ${landed.frames} in ${landed.ms} ms`);
    assertLandedInTime(landed, 'chromium at 20 frames a second');
    assert.ok(page.url().endsWith('#concepts-review'));
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await toc.getByRole('link', { name: 'Your First Share' }).click();
    const top = await page.evaluate(() => document.getElementById('your-first-share')!.getBoundingClientRect().top);
    assert.ok(Math.abs(top - 72) < 2, `reduced motion jumps at once (${top})`);
    await ctx.close();
  });

  it('keeps a heading the reader jumped to before the app started, after a reload', async () => {
    const ctx = await context();
    const { page } = await open(ctx, '/docs/getting-started/');
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.waitForFunction(() => Math.abs(window.scrollY - 1500) < 2);
    // The reload's scripts are held: the reader follows a TOC link while the page is still only HTML.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload({ waitUntil: 'commit' });
    await page.waitForFunction(() => document.readyState !== 'loading' && !!document.querySelector('.doc-page__toc a[href="#concepts-review"]'));
    await page.locator('.doc-page__toc a[href="#concepts-review"]').click();
    await page.waitForFunction(() => Math.abs(document.getElementById('concepts-review')!.getBoundingClientRect().top - 72) < 2);
    release();
    await waitHydrated(page);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const top = await page.evaluate(() => document.getElementById('concepts-review')!.getBoundingClientRect().top);
    assert.ok(Math.abs(top - 72) < 2, `the heading stays where the reader went (${top}), not where the page was before the reload`);
    await ctx.close();
  });
});

/** The URL path of a built page's body module, as its page data names it. */
function bodyModule(route: string): string {
  const data = JSON.parse(readFileSync(path.join(process.env.SITE_DIR ?? 'dist', route, 'page-data.json'), 'utf8')) as { doc: { module: string } };
  return data.doc.module;
}
const exactPath = (p: string) => new RegExp(`${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

describe('route change', () => {
  it('shows the progress bar and the loading page only when a navigation is slow', async () => {
    const ctx = await context();
    const { page } = await open(ctx, '/docs/getting-started/');
    // A fast navigation (the page was prefetched on hover, its data and body are in): no bar. It changes the page in
    // the click's own task, so no timer can fire in between, however slow the machine.
    const concepts = page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Concepts' });
    const prefetched = page.waitForResponse((r) => r.url().endsWith(bodyModule('/docs/concepts/')));
    await concepts.hover();
    await prefetched;
    await settle(page);
    await concepts.click();
    await page.locator('h1', { hasText: 'Concepts' }).waitFor();
    assert.equal(await page.locator('#nprogress').count(), 0, 'no bar on a quick navigation');
    // A slow one: the page chunk is held for 1.5 s.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(exactPath(bodyModule('/docs/concepts/hosting/')), async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Hosting' }).click({ noWaitAfter: true });
    await page.locator('#nprogress .bar').waitFor();
    await page.getByRole('status').getByText('Loading…').waitFor();
    release();
    await page.locator('h1', { hasText: 'Hosting' }).waitFor();
    await page.locator('#nprogress').waitFor({ state: 'detached' });
    assert.equal(await page.getByRole('status').filter({ hasText: 'Loading…' }).count(), 0);
    await ctx.close();
  });

  it('starts the next page at the top, and back and a reload return to where the reader was', async () => {
    const ctx = await context();
    const { page, errors } = await open(ctx, '/docs/getting-started/');
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.waitForFunction(() => Math.abs(window.scrollY - 1500) < 2);
    await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Concepts' }).click();
    await page.locator('h1', { hasText: 'Concepts' }).waitFor();
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'the next page starts at its top');
    await page.goBack();
    await page.locator('h1', { hasText: 'Getting Started' }).waitFor();
    await page.waitForFunction(() => Math.abs(window.scrollY - 1500) < 2);
    // A reload keeps the place too (the history's scroll restoration is the app's, kept in session storage).
    await page.reload();
    await waitHydrated(page);
    await page.waitForFunction(() => Math.abs(window.scrollY - 1500) < 2);
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  it('returns to positions the reader scrolled to just before following a link and going back, before their scroll events fired', async () => {
    const ctx = await context();
    const { page } = await open(ctx, '/docs/getting-started/');
    // A scroll event fires with the next frame, which a busy phone draws late (WebKit left the page first): here the
    // page never sees one at all, as if the reader left before that frame.
    await page.evaluate(() => window.addEventListener('scroll', (e) => e.stopImmediatePropagation(), { capture: true }));
    const scrollTo = (y: number) => page.evaluate((to) => window.scrollTo(0, to), y);
    const at = (y: number) => page.waitForFunction((to) => Math.abs(window.scrollY - to) < 2, y);
    await scrollTo(900);
    await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Concepts' }).click();
    await page.locator('h1', { hasText: 'Concepts' }).waitFor();
    await scrollTo(300);
    await page.goBack();
    await page.locator('h1', { hasText: 'Getting Started' }).waitFor();
    await at(900);
    await page.goForward();
    await page.locator('h1', { hasText: 'Concepts' }).waitFor();
    await at(300);
    await ctx.close();
  });

  it('prefetches a page when its link is hovered, but not under save-data', async () => {
    for (const saveData of [false, true]) {
      const ctx = await context();
      if (saveData) await ctx.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }));
      const { page } = await open(ctx, '/docs/concepts/hosting/');
      const requested: string[] = [];
      page.on('request', (r) => requested.push(new URL(r.url()).pathname));
      await settle(page); // what the page fetches of itself (links in view, once idle) has been asked for
      const tunnels = bodyModule('/docs/concepts/tunnels/');
      assert.equal(requested.includes(tunnels), false, 'not fetched before the hover');
      await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Sharing TCP and UDP Servers' }).hover();
      const got = () => requested.includes(tunnels) && requested.includes('/docs/concepts/tunnels/page-data.json');
      await settle(page); // what the hover fetches has been asked for and has arrived
      if (saveData) assert.equal(got(), false, 'no prefetch under save-data');
      else assert.ok(got(), 'hover prefetches the page chunk and its data');
      await ctx.close();
    }
  });

  it('shows the load-error view with Retry when a page chunk fails, and Retry loads it', async () => {
    const ctx = await context();
    const { page } = await open(ctx, '/docs/getting-started/');
    await page.route(exactPath(bodyModule('/docs/concepts/hosting/')), (route) => route.abort('failed'));
    // The site does not answer either (offline): no automatic reload, the view stays.
    await page.route(/\/docs\//, (route) => (route.request().method() === 'HEAD' ? route.abort('internetdisconnected') : route.continue()));
    await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Concepts' }).click();
    await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Hosting' }).click();
    const view = page.getByRole('alert').filter({ hasText: 'This page could not be loaded.' });
    await view.waitFor();
    assert.ok(await page.getByRole('navigation', { name: 'Main' }).isVisible(), 'the chrome keeps working');
    await page.unrouteAll();
    await view.getByRole('button', { name: 'Retry' }).click();
    await page.locator('h1', { hasText: 'Hosting' }).waitFor();
    await ctx.close();
  });

  it('hydrates a first page whose body needs no script without its module, so a module that fails to load changes nothing', async () => {
    // A first page whose body needs script keeps its article with a notice instead (build.test.ts, on the fixture).
    const ctx = await context();
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    let asked = false;
    await page.route(exactPath(bodyModule('/docs/concepts/hosting/')), (route) => {
      asked = true;
      return route.abort('failed');
    });
    await page.goto(`${served.site.url}/docs/concepts/hosting/`);
    await waitHydrated(page);
    assert.equal(asked, false, 'its module was not asked for');
    assert.equal(await page.getByRole('alert').count(), 0, 'no notice, no error view');
    assert.equal(await page.locator('h1').textContent(), 'Hosting');
    assert.ok((await page.locator('.markdown').innerText()).split(/\s+/).length > 150, 'its text stays');
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  it('reloads once when a new deployment replaced the body of the page being opened', async () => {
    const ctx = await context();
    const { page } = await open(ctx, '/docs/getting-started/');
    // A new deployment lands just as the reader opens the page: its old body is gone, and the
    // site's page data names the new one from then on.
    let deployed = false;
    await page.route(exactPath(bodyModule('/docs/concepts/hosting/')), (route) => {
      deployed = true;
      return route.abort('failed');
    });
    await page.route('**/docs/concepts/hosting/page-data.json', async (route) => {
      if (!deployed) return route.continue();
      const res = await route.fetch();
      const data = await res.json();
      data.doc.module = data.doc.module.replace(/\.js$/, '-new.js');
      await route.fulfill({ response: res, json: data });
    });
    let loads = 0;
    page.on('load', () => loads++);
    const reloaded = page.waitForEvent('load');
    await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Concepts' }).click();
    await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Hosting' }).click();
    await reloaded;
    assert.match(page.url(), /\/docs\/concepts\/hosting\/$/);
    // The reloaded page's body needs no script: it is kept as HTML, so the missing module no longer matters.
    await waitHydrated(page);
    await settle(page); // a second reload, had the page asked for one, has started
    assert.equal(loads, 1, 'one reload, then the page stays');
    assert.equal(await page.locator('h1').textContent(), 'Hosting');
    assert.equal(await page.locator('.load-notice').count(), 0, 'no notice: the page works');
    await ctx.close();
  });

  /** From now on, the site answers the page's own address with the HTML of another build (its app script renamed). */
  const deployAnotherBuild = (page: Page, route: string) =>
    page.route(exactPath(route), async (r) => {
      if (r.request().resourceType() === 'document') return r.continue(); // the reload itself gets the page as built
      const res = await r.fetch();
      await r.fulfill({ response: res, body: (await res.text()).replace(/(\/assets\/app-[^"]*)\.js/, '$1-next.js') });
    });
  const failPreload = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('vite:preloadError', { cancelable: true })));

  it('reloads once, never in a loop, when a new deployment’s chunks fail to preload', async () => {
    const ctx = await context();
    const { page } = await open(ctx, '/docs/concepts/');
    await deployAnotherBuild(page, '/docs/concepts/');
    await Promise.all([page.waitForEvent('load'), failPreload(page)]);
    await waitHydrated(page);
    let reloaded = false;
    page.once('load', () => (reloaded = true));
    await failPreload(page);
    await settle(page);
    assert.equal(reloaded, false, 'a second failure right after does not reload again');
    await ctx.close();
  });

  it('stays on the page when a chunk fails while the site still runs the same build', async () => {
    // As when the browser drops what a page was fetching ahead because the reader is leaving it: the site answers,
    // nothing was deployed, and a reload would take the reader back to the page they left.
    const ctx = await context();
    const { page } = await open(ctx, '/docs/concepts/');
    let asked = false;
    await page.route(exactPath('/docs/concepts/'), (r) => {
      asked = true;
      return r.continue();
    });
    let reloaded = false;
    page.once('load', () => (reloaded = true));
    await failPreload(page);
    await settle(page);
    assert.ok(asked, 'the page asked the site which build it runs');
    assert.equal(reloaded, false, 'no reload');
    await ctx.close();
  });
});

describe('analytics', () => {
  it('adds no tag-manager script when no container id is configured', async () => {
    const ctx = await context();
    const { page } = await open(ctx, '/docs/concepts/');
    await settle(page);
    assert.equal(await page.locator('script[src*="googletagmanager"]').count(), 0);
    await ctx.close();
  });
});

import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { serveStatic } from '../../scripts/serve.ts';
import { startNginx } from './nginx.ts';

/**
 * The Chromium the tests drive: Debian's chromium-headless-shell, the build Playwright itself runs headless: Blink
 * and V8 with less of the browser around them. The suite takes two thirds of the time on it that it takes on the
 * full browser (bench/README.md, "The test suite").
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/**
 * A browser for a test file. Under scripts/test-all.sh, E2E_BROWSER_WS names one Chromium that every file connects to
 * (test/e2e/browser-server.ts), so the files that run at once share it instead of each starting its own; closing a
 * connected browser closes only the contexts this file opened.
 */
export function launchBrowser(): Promise<Browser> {
  const shared = process.env.E2E_BROWSER_WS;
  if (shared) return chromium.connect(shared);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

/**
 * Serves a built site on a free port of 127.0.0.1: with E2E_SERVER=nginx, the main site is served
 * by nginx with deploy/nginx.conf (as CI does); otherwise, and for sites built for another base
 * URL, by the preview server.
 */
export async function startSite(dir = process.env.SITE_DIR ?? 'dist', base = '/') {
  if (process.env.E2E_SERVER === 'nginx' && base === '/') return startNginx(dir);
  const { server, url } = await serveStatic({ dir, port: 0, base });
  return {
    url: url.replace(/\/$/, ''),
    // A browser still open holds keep-alive connections: close them too, or close() waits for the browser.
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

export type ServedSite = Awaited<ReturnType<typeof startSite>>;

/**
 * The built site and a browser for a whole test file: started before its tests, closed after.
 * Read `served.site` and `served.browser` inside tests and hooks (they are set once `before` ran).
 */
export function serveSiteAndBrowser(): { site: ServedSite; browser: Browser } {
  const served = {} as { site: ServedSite; browser: Browser };
  before(async () => {
    served.site = await startSite();
    served.browser = await launchBrowser();
  });
  after(async () => {
    await served.browser?.close();
    await served.site?.close();
  });
  return served;
}

/** Console errors, page errors and hydration errors seen by a page. */

export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || (m.type() === 'warning' && /hydrat/i.test(m.text()))) errors.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return errors;
}

/**
 * A dev-server wait's failure, with what the tab showed instead, what it logged (watchErrors) and what the dev server
 * reported as errors: `.catch(whatTheTabShowed(tab, logged, serverErrors))`.
 */
export function whatTheTabShowed(tab: Page, logged: string[], serverErrors: string[]) {
  return async (e: Error): Promise<never> => {
    const shown = await tab.evaluate(() => `${location.href}${document.querySelector('vite-error-overlay') ? " (with Vite's error overlay)" : ''}: ${document.body.innerText.slice(0, 600)}`).catch((x: Error) => `(not readable: ${x.message})`);
    throw new Error(`${e.message}\nthe page showed: ${shown}\nthe page logged: ${logged.join('\n') || 'nothing'}\nthe dev server's errors: ${serverErrors.join('\n') || 'none'}`);
  };
}

const inFlight = new WeakMap<Page, Set<Request>>();

/** Counts the requests `page` has in flight, for settle(): call it before the page's first request. */
export function trackRequests(page: Page): void {
  if (inFlight.has(page)) return;
  const requests = new Set<Request>();
  inFlight.set(page, requests);
  page.on('request', (r) => requests.add(r));
  page.on('requestfinished', (r) => requests.delete(r));
  page.on('requestfailed', (r) => requests.delete(r));
}

/** Resolves in the page once it has drawn a frame and then had an idle moment: what it queued for later has run. */
export async function idle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestIdleCallback(() => setTimeout(r)))));
}

/**
 * Waits until the page has finished what it started: no request of its own in flight (trackRequests), then a frame
 * and an idle moment, twice in a row with no request started between. A check that something did not happen (no
 * reload, no fetch, no dialog) comes after this instead of after a sleep: a slow machine cannot hide what a fast one
 * shows, and a fast one waits no longer than it needs. A request held by the test never ends: use idle() then.
 */
export async function settle(page: Page): Promise<void> {
  trackRequests(page);
  const requests = inFlight.get(page)!;
  const hangGuard = Date.now() + 60_000;
  let started = 0;
  const count = () => started++;
  page.on('request', count);
  try {
    for (let quiet = 0; quiet < 2; ) {
      while (requests.size) {
        if (Date.now() > hangGuard) throw new Error(`still in flight after 60 s: ${[...requests].map((r) => r.url()).join(', ')}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      const before = started;
      // A navigation the page starts meanwhile destroys the evaluation's context: its document's requests are counted.
      await idle(page).catch(() => undefined);
      quiet = started === before && !requests.size ? quiet + 1 : 0;
    }
  } finally {
    page.off('request', count);
  }
}

export async function waitHydrated(page: Page) {
  await page.waitForFunction(() => window.__hydrated === true, null, { timeout: 15_000 });
}

/**
 * Opens a page of a dev server just started and waits until it has hydrated. Its first page makes Vite optimise the
 * app's dependencies, and may reload once for them: on a busy machine, a good part of a minute. The tests then time
 * what they mean to, not that start; the wait here is a guard against a hang.
 */
export async function warmDevServer(url: string): Promise<void> {
  const browser = await launchBrowser();
  try {
    const tab = await browser.newPage();
    await tab.goto(url);
    await tab.waitForFunction(() => window.__hydrated === true, null, { timeout: 180_000 });
  } finally {
    await browser.close();
  }
}

/** A new page of `ctx` at `url`, hydrated, with the errors it logs. */
export async function openHydrated(ctx: BrowserContext, url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  trackRequests(page);
  await page.goto(url);
  await waitHydrated(page);
  return { page, errors };
}

/**
 * Opens `url` with the app's scripts held back: `check` sees what the HTML alone paints; then the
 * scripts run and the page hydrates.
 */
export async function openBeforeScripts(ctx: BrowserContext, url: string, check: (page: Page) => Promise<void>): Promise<{ page: Page; errors: string[] }> {
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // Module scripts hold DOMContentLoaded back, so wait for the parsed document instead.
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => document.readyState !== 'loading' && document.querySelector('footer') !== null);
  assert.equal(await page.evaluate(() => window.__hydrated), undefined, 'no app script has run yet');
  await check(page);
  release();
  await waitHydrated(page);
  return { page, errors };
}

/**
 * Opens `url` with its scripts held back, marks every element the HTML painted, lets the app hydrate, and returns
 * what hydration threw away: painted elements no longer in the page, and whether the page's text changed. A renderer
 * that finds the HTML different from its own first render replaces or rewrites it (a flash, lost scroll and focus),
 * so both are empty when the prerender and the browser agree.
 */
export async function hydrationLosses(ctx: BrowserContext, url: string): Promise<{ replaced: string[]; textBefore: string; textAfter: string; errors: string[] }> {
  let textBefore = '';
  const { page, errors } = await openBeforeScripts(ctx, url, async (p) => {
    textBefore = await p.evaluate(() => {
      const root = document.getElementById('root')!;
      const painted = [...root.querySelectorAll('*')];
      (window as unknown as { __painted: Element[] }).__painted = painted;
      return root.innerText;
    });
  });
  await page.waitForTimeout(200); // effects and late errors
  const { replaced, textAfter } = await page.evaluate(() => {
    const painted = (window as unknown as { __painted: Element[] }).__painted;
    const lost = painted.filter((el) => !el.isConnected);
    // Name the outermost lost elements only: their descendants went with them.
    const outermost = lost.filter((el) => !lost.includes(el.parentElement!));
    // (No named functions in here: tsx would wrap them in a helper the page does not have.)
    return {
      replaced: outermost.map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}`),
      textAfter: document.getElementById('root')!.innerText,
    };
  });
  await page.close();
  return { replaced, textBefore, textAfter, errors };
}

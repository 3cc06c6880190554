import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { SearchIndexCore } from '../../src/search/index-format.ts';
import { createLocalSearchClient } from '../../src/search/local-client.ts';
import { violationLines } from './axe.ts';
import { idle, serveSiteAndBrowser, settle, trackRequests, watchErrors, waitHydrated } from './support.ts';
import { CURRENT_VERSION, OLDER_VERSIONS, routeIn } from '../expected-routes.ts';
import type { VersionConfig } from '../../site.config.ts';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const served = serveSiteAndBrowser();

/**
 * A word of an older version's Docker self-hosting guide that neither the current version's search nor any newer older
 * version's finds, and that a later older version's does find: picked from the built indexes, so an edit to any page
 * cannot turn the test's query into one with results here. (Right after a cut the newest older version is a copy of
 * the current one, so the search goes on to the next.)
 */
async function wordOnlyInOlderVersions(): Promise<{ word: string; first: VersionConfig; also: VersionConfig }> {
  const DIST = process.env.SITE_DIR ?? 'dist';
  const tags = [CURRENT_VERSION, ...OLDER_VERSIONS].map((v) => v.tag);
  const client = createLocalSearchClient(async (file) => JSON.parse(await readFile(path.join(DIST, file), 'utf8')) as unknown, tags);
  const hits = async (tag: string, query: string) =>
    (await client.search({ requests: [{ indexName: 'docs', query, hitsPerPage: 5, facetFilters: [[`docusaurus_tag:${tag}`]] }] })).results[0].hits;
  for (const [i, first] of OLDER_VERSIONS.entries()) {
    const guide = routeIn(first, 'guides/self-hosting/docker/');
    const html = await readFile(path.join(DIST, guide, 'index.html'), 'utf8').catch(() => '');
    const text = html.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>|<[^>]+>/g, ' ');
    const words = [...new Set(text.toLowerCase().match(/\b[a-z]{7,}\b/g) ?? [])].sort();
    word: for (const word of words) {
      for (const newer of [CURRENT_VERSION, ...OLDER_VERSIONS.slice(0, i)]) if ((await hits(newer.tag, word)).length) continue word;
      if (!(await hits(first.tag, word))[0]?.url.includes(guide)) continue;
      for (const also of OLDER_VERSIONS.slice(i + 1)) if ((await hits(also.tag, word)).length) return { word, first, also };
    }
  }
  throw new Error("no word of an older version's Docker guide is missing from the newer versions and found in an older one");
}

async function open(path: string, options: Parameters<Browser['newContext']>[0] = {}): Promise<{ page: Page; ctx: BrowserContext; errors: string[]; requests: string[] }> {
  const ctx = await served.browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  trackRequests(page);
  const requests: string[] = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  await page.goto(served.site.url + path);
  await waitHydrated(page);
  return { page, ctx, errors, requests };
}

const modal = (page: Page) => page.locator('.DocSearch-Modal');
const input = (page: Page) => page.locator('.DocSearch-Input');

async function search(page: Page, query: string) {
  await page.keyboard.press('Control+k');
  await input(page).waitFor();
  await input(page).fill(query);
}

/** Holds every request for the search index until the returned function is called. */
async function holdIndex(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/search-index/**', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

describe('search modal', () => {
  it('loads its code on first hover of the button, not with the page', async () => {
    const { page, ctx, requests } = await open('/docs/concepts/');
    await settle(page); // what the page loads of itself, once idle, has been asked for
    assert.equal(requests.some((r) => /SearchModal|search-index/.test(r)), false, 'nothing of search loads with the page');
    await page.getByRole('button', { name: 'Search docs (Ctrl+K)' }).hover();
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.includes('SearchModal')));
    assert.equal(requests.some((r) => r.includes('search-index')), false, 'the index loads on the first search');
    await ctx.close();
  });

  it('downloads the index core and only the parts a query needs', async () => {
    const { page, ctx, requests } = await open('/docs/getting-started/');
    await search(page, 'reserved');
    await page.locator('.DocSearch-Hit').first().waitFor();
    const core = JSON.parse(await readFile('dist/search-index/docs-default-current.json', 'utf8')) as SearchIndexCore;
    const parts = (await readdir(path.join('dist', core.dir))).length;
    const fetched = requests.filter((r) => r.startsWith(`/${core.dir}/`));
    assert.ok(requests.includes('/search-index/docs-default-current.json'), 'the current version’s core');
    assert.ok(fetched.some((r) => /\/t[0-9a-f]{12}\.json$/.test(r)) && fetched.some((r) => /\/r[0-9a-f]{12}\.json$/.test(r)), `term and record parts: ${fetched.join(', ')}`);
    assert.ok(fetched.length < parts / 3, `${fetched.length} of ${parts} parts`);
    assert.equal(requests.filter((r) => OLDER_VERSIONS.some((v) => r.includes(v.tag))).length, 0, 'nothing of other versions');
    await ctx.close();
  });

  it('opens with Ctrl+K, Cmd+K, the button and /, closes with Escape and gives focus back', async () => {
    const { page, ctx } = await open('/docs/concepts/');
    const toc = page.getByRole('navigation', { name: 'On this page' }).getByRole('link').first();
    await toc.focus();
    await page.keyboard.press('Control+k');
    await modal(page).waitFor();
    assert.equal(await input(page).getAttribute('placeholder'), 'Search docs');
    await page.keyboard.press('Escape');
    await modal(page).waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.closest('.toc') !== null);
    await page.keyboard.press('Meta+k');
    await modal(page).waitFor();
    await page.keyboard.press('Escape');
    await modal(page).waitFor({ state: 'detached' });
    await page.locator('body').click({ position: { x: 5, y: 500 } });
    await page.keyboard.press('/');
    await modal(page).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Search docs (Ctrl+K)' }).click();
    await modal(page).waitFor();
    await page.keyboard.press('Escape');
    await ctx.close();
  });

  it('is a modal dialog that keeps keyboard focus inside and gives it back to its opener, however it was opened', async () => {
    const { page, ctx, errors } = await open('/docs/concepts/');
    const dialog = page.getByRole('dialog', { name: 'Search docs' });
    const button = page.getByRole('button', { name: 'Search docs (Ctrl+K)' });
    const tocLink = page.getByRole('navigation', { name: 'On this page' }).getByRole('link').first();
    const focusIn = (selector: string) => page.evaluate((s) => document.activeElement?.closest(s) !== null, selector);
    const openers: [string, () => Promise<void>, string][] = [
      ['Ctrl+K', async () => { await tocLink.focus(); await page.keyboard.press('Control+k'); }, '.toc'],
      ['/', async () => { await tocLink.focus(); await page.keyboard.press('/'); }, '.toc'],
      ['Enter on the button', async () => { await button.focus(); await page.keyboard.press('Enter'); }, '.search-button'],
      ['a click on the button', () => button.click(), '.search-button'],
    ];
    for (const [how, openIt, opener] of openers) {
      await openIt();
      await dialog.waitFor();
      assert.equal(await dialog.getAttribute('aria-modal'), 'true', how);
      await page.keyboard.type('reserved');
      await page.locator('.DocSearch-Hit').first().waitFor();
      assert.equal(await page.locator('#root').evaluate((el) => (el as HTMLElement).inert), true, `${how}: the page behind is inert`);
      const seen = new Set<string>();
      for (const key of ['Tab', 'Shift+Tab']) {
        for (let i = 0; i < 12; i++) {
          await page.keyboard.press(key);
          const where = await page.evaluate(() => {
            const el = document.activeElement as HTMLElement;
            return { inDialog: el.closest('[role="dialog"][aria-modal="true"]') !== null, name: `${el.tagName} ${el.className} ${el.textContent?.slice(0, 20)}` };
          });
          assert.ok(where.inDialog, `${how}: ${key} ×${i + 1} left the dialog for ${where.name}`);
          seen.add(where.name);
        }
      }
      assert.ok(seen.size >= 3, `${how}: Tab visits the dialog's controls (${[...seen].join(' | ')})`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await page.waitForFunction((s) => document.activeElement?.closest(s) !== null, opener);
      assert.ok(await focusIn(opener), `${how}: focus back on ${opener}`);
      assert.equal(await page.locator('#root').evaluate((el) => (el as HTMLElement).inert), false, `${how}: the page is live again`);
    }
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  it('gives focus to the search button when it was opened with nothing focused', async () => {
    const { page, ctx } = await open('/docs/concepts/');
    await page.keyboard.press('/');
    await page.getByRole('dialog', { name: 'Search docs' }).waitFor();
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.activeElement?.classList.contains('search-button'));
    await ctx.close();
  });

  it('does not open on / while typing in a field', async () => {
    const { page, ctx } = await open('/search/');
    await page.locator('#search-page-input').fill('');
    await page.locator('#search-page-input').press('/');
    await settle(page); // the modal's code, had the key asked for it, has arrived and rendered
    assert.equal(await modal(page).count(), 0);
    assert.equal(await page.locator('#search-page-input').inputValue(), '/');
    await ctx.close();
  });

  it('shows the empty start screen, caps the query at 64 characters and groups results', async () => {
    const { page, ctx } = await open('/docs/getting-started/');
    await page.keyboard.press('Control+k');
    await input(page).waitFor();
    await modal(page).getByText('No recent searches').waitFor();
    await input(page).pressSequentially('x'.repeat(70));
    assert.equal((await input(page).inputValue()).length, 64);
    await input(page).fill('share');
    await page.locator('.DocSearch-Hit').first().waitFor();
    const groups = await page.locator('.DocSearch-Hit-source').allTextContents();
    assert.ok(groups.length >= 2, `grouped by section: ${groups}`);
    for (const section of await page.locator('.DocSearch-Hits').all()) assert.ok((await section.locator('.DocSearch-Hit').count()) <= 5, 'at most 5 per group');
    await ctx.close();
  });

  it('cuts content snippets to 10 words, 5 on screens up to 768 px', async () => {
    const wordsOfSnippets = async (width: number) => {
      const { page, ctx } = await open('/docs/getting-started/', { viewport: { width, height: 900 } });
      await search(page, 'certificate');
      await page.locator('.DocSearch-Hit').first().waitFor();
      const titles = await page.locator('.DocSearch-Hit-title').allTextContents();
      await ctx.close();
      return titles.filter((t) => t.includes('…')).map((t) => t.replace(/…/g, ' ').split(/\s+/).filter(Boolean).length);
    };
    const desktop = await wordsOfSnippets(1280);
    assert.ok(desktop.length > 0 && Math.max(...desktop) <= 10 && Math.max(...desktop) > 5, `desktop snippet words: ${desktop}`);
    const narrow = await wordsOfSnippets(700);
    assert.ok(narrow.length > 0 && Math.max(...narrow) <= 5, `narrow snippet words: ${narrow}`);
  });

  it('shows a step’s own words in its snippet, not the step’s code or its copy button’s label', async () => {
    const { page, ctx } = await open('/docs/getting-started/');
    await search(page, 'share project folder');
    const hit = page.locator('.DocSearch-Hit', { hasText: 'Begin Sharing Privately with zrok in Docker' }).first();
    await hit.waitFor();
    const snippet = await hit.locator('.DocSearch-Hit-title').textContent();
    assert.match(snippet!, /Change into it/);
    assert.doesNotMatch(snippet!, /Copy|mkdir|zrok-private-share/);
    await ctx.close();
  });

  it('searches only the version being read', async () => {
    const older = OLDER_VERSIONS[0];
    const { page, ctx } = await open(routeIn(older, 'concepts/'));
    await search(page, 'reserved');
    await page.locator('.DocSearch-Hit').first().waitFor();
    const hrefs = await page.locator('.DocSearch-Hit a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    assert.ok(hrefs.length > 0 && hrefs.every((h) => h!.startsWith(routeIn(older, ''))), hrefs.join(' '));
    await ctx.close();
  });

  it('navigates client-side to the chosen hit, closes, and remembers it as a recent search', async () => {
    const { page, ctx, errors } = await open('/docs/getting-started/');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await search(page, 'interstitial');
    await page.locator('.DocSearch-Hit').first().waitFor();
    await page.keyboard.press('Enter');
    await modal(page).waitFor({ state: 'detached' });
    await page.waitForURL(/\/docs\/guides\/self-hosting\/interstitial-page\//);
    assert.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 1, 'no full reload');
    await page.reload();
    await waitHydrated(page);
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Hit-source', { hasText: 'Recently viewed docs' }).waitFor();
    const recent = page.locator('.DocSearch-Hit').first();
    assert.match((await recent.textContent()) ?? '', /Interstitial/i);
    await recent.hover();
    await recent.locator('button[title="Pin this search"]').click();
    await page.locator('.DocSearch-Hit-source', { hasText: 'Pinned' }).waitFor();
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  it('makes every hit a link: Ctrl+click and middle-click open it in a new tab, a click records it, a recent search can be saved', async () => {
    const { page, ctx, errors } = await open('/docs/getting-started/');
    await search(page, 'interstitial warning');
    const link = page.locator('.DocSearch-Hit a[href]').first();
    await link.waitFor();
    const href = (await link.getAttribute('href'))!;
    assert.match(href, /^\/docs\/guides\/self-hosting\/interstitial-page\//);
    assert.equal(await link.getAttribute('tabindex'), '-1', 'focus stays on the combobox input');
    for (const gesture of [{ modifiers: ['Control'] as 'Control'[] }, { button: 'middle' as const }]) {
      const [tab] = await Promise.all([ctx.waitForEvent('page'), link.click(gesture)]);
      // A new tab is created on about:blank and navigates after: its first document is that blank one.
      await tab.waitForURL((u) => u.href !== 'about:blank');
      const url = new URL(tab.url());
      assert.equal(url.pathname + url.hash, href, JSON.stringify(gesture));
      await tab.close();
    }
    await link.click();
    await modal(page).waitFor({ state: 'detached' });
    await page.waitForURL((u) => u.pathname + u.hash === href);
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Hit-source', { hasText: 'Recent' }).waitFor();
    const recent = page.locator('.DocSearch-Hit').first();
    assert.match((await recent.textContent()) ?? '', /Interstitial/i);
    await recent.hover();
    await recent.locator('button[title="Pin this search"]').click();
    await page.locator('.DocSearch-Hit-source', { hasText: 'Pinned' }).waitFor();
    assert.match((await page.locator('.DocSearch-Hit').first().textContent()) ?? '', /Interstitial/i);
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  it('finds no axe violation with the modal open on results, links inside options included', async () => {
    const { page, ctx } = await open('/docs/getting-started/');
    await page.keyboard.press('Control+k');
    // The combobox says whether its list is shown, also when DocSearch draws the input anew (it sometimes
    // does while results come in, and the new input lacked aria-expanded).
    await input(page).waitFor();
    assert.equal(await input(page).getAttribute('aria-expanded'), 'false', 'no recent searches: no list');
    await input(page).fill('reserved share');
    await page.locator('.DocSearch-Hit a[href]').first().waitFor();
    assert.equal(await input(page).getAttribute('aria-expanded'), 'true');
    assert.equal(await page.locator('.DocSearch-Container').getAttribute('aria-expanded'), null, 'the backdrop is not a combobox');
    assert.deepEqual(await violationLines(page), []);
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('DocSearch-Input')), true);
    await ctx.close();
  });

  it('opens and searches when reading localStorage throws (site data blocked), without recent searches', async () => {
    const ctx = await served.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await ctx.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        configurable: true,
        get() {
          throw new DOMException('Access is denied for this document.', 'SecurityError');
        },
      });
    });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await page.goto(`${served.site.url}/docs/getting-started/`);
    await waitHydrated(page);
    await search(page, 'reserved');
    await page.locator('.DocSearch-Hit').first().waitFor();
    assert.equal(await page.getByText('This page crashed').count(), 0);
    await page.locator('.DocSearch-Hit a[href]').first().click();
    await modal(page).waitFor({ state: 'detached' });
    await page.keyboard.press('Control+k');
    await modal(page).getByText('No recent searches').waitFor();
    assert.deepEqual(errors.filter((e) => !/localStorage|SecurityError/.test(e)), []);
    assert.deepEqual(errors.filter((e) => e.startsWith('pageerror')), []);
    await ctx.close();
  });

  it('shows a load error with Retry when the modal’s code fails to load, and opens on retry', async () => {
    const { page, ctx, errors } = await open('/docs/getting-started/');
    let offline = true;
    let failed = 0;
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.route(/\/assets\/SearchModal[^/]*\.js$/, (route) => (offline ? (failed++, route.abort('internetdisconnected')) : route.continue()));
    await page.keyboard.press('Control+k');
    const alert = page.getByRole('alert').filter({ hasText: 'Search could not be loaded' });
    await alert.waitFor({ timeout: 15_000 }).catch((e: Error) => {
      throw new Error(`${e.message}\nfailed=${failed} errors=${errors.join(' | ')}`);
    });
    assert.ok(failed >= 1);
    await settle(page); // a reload, had the failure asked for one, has started
    assert.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 1, 'no reload');
    offline = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await modal(page).waitFor();
    await input(page).fill('reserved');
    await page.locator('.DocSearch-Hit').first().waitFor();
    assert.equal(await alert.count(), 0);
    assert.deepEqual(errors.filter((e) => e.startsWith('pageerror')), [], 'no uncaught error');
    await ctx.close();
  });

  it('links "See all N results" to the search page with the same count', async () => {
    const { page, ctx } = await open('/docs/getting-started/');
    await search(page, 'oauth github');
    const seeAll = page.getByRole('link', { name: /^See all \d+ results$/ });
    await seeAll.waitFor();
    const count = Number(/\d+/.exec((await seeAll.textContent())!)![0]);
    assert.ok(count > 0);
    assert.equal(await seeAll.getAttribute('href'), '/search/?q=oauth%20github');
    await seeAll.click();
    await page.waitForURL(`${served.site.url}/search/?q=oauth%20github`);
    await page.getByText(`${count} results for “oauth github”`).waitFor();
    await ctx.close();
  });

  it('shows the no-results screen with suggestions and a report link', async () => {
    const { page, ctx } = await open('/docs/getting-started/');
    await search(page, 'tunelzzz'); // misspelled beyond the typos a search forgives: nothing matches
    const screen = page.locator('.DocSearch-NoResults');
    await screen.waitFor();
    assert.match((await screen.textContent()) ?? '', /No results for.*tunelzzz/);
    await screen.getByText('Try searching for:').waitFor();
    const suggestions = screen.locator('.DocSearch-Prefill');
    const n = await suggestions.count();
    assert.ok(n >= 1 && n <= 3, `${n} suggestions`);
    const first = (await suggestions.first().textContent())!;
    assert.match(first, /tunnel/);
    assert.match((await screen.textContent()) ?? '', /Believe this query should return results\?/);
    assert.equal(await screen.getByRole('link', { name: 'Let us know.' }).getAttribute('href'), 'https://github.com/openziti/zrok/issues/new?title=Docs%20search%3A%20no%20results%20for%20tunelzzz');
    await suggestions.first().click();
    assert.equal(await input(page).inputValue(), first);
    await page.locator('.DocSearch-Hit').first().waitFor();
    await ctx.close();
  });

  it('points a query that finds nothing in this version to the versions where it does, and follows those links', async () => {
    const { word, first, also } = await wordOnlyInOlderVersions();
    const guide = new RegExp(`^${escaped(routeIn(first, 'guides/self-hosting/docker/'))}#`);
    const { page, ctx, errors } = await open('/docs/getting-started/');
    await search(page, word);
    const screen = page.locator('.DocSearch-NoResults');
    await screen.getByText(`Found in ${first.label}:`).waitFor();
    await screen.getByText(`Found in ${also.label}:`).waitFor();
    assert.ok(!((await screen.textContent()) ?? '').includes(`Found in ${CURRENT_VERSION.label}`), 'not the version being read');
    const link = screen.locator('.zrok-elsewhere a').first();
    assert.match((await link.getAttribute('href'))!, guide);
    assert.match((await link.textContent())!, /^Self-hosting guide for Docker › /);
    await link.click();
    await page.waitForURL((url) => guide.test(url.pathname + url.hash));
    await modal(page).waitFor({ state: 'detached' });
    assert.match((await page.locator('h1').textContent())!, /Docker/);
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  it('shows the error screen when the index cannot be fetched', async () => {
    const { page, ctx } = await open('/docs/getting-started/');
    await page.route('**/search-index/**', (r) => r.abort('internetdisconnected'));
    await search(page, 'token');
    const err = page.locator('.DocSearch-ErrorScreen');
    await err.waitFor();
    assert.match((await err.textContent()) ?? '', /Unable to fetch results/);
    assert.match((await err.textContent()) ?? '', /You might want to check your network connection\./);
    assert.equal(await page.getByText(/No results for/).isVisible(), false, 'in place of the no-results screen');
    await ctx.close();
  });

  it('goes through loading and stalled to idle on a slow index, and from error back to results', async () => {
    const { page, ctx } = await open('/docs/getting-started/');
    const release = await holdIndex(page);
    await search(page, 'token');
    await page.evaluate(() => ((window as unknown as { typedInto: Element | null }).typedInto = document.activeElement));
    await page.locator('.DocSearch-Container--Stalled').waitFor(); // loading, then stalled
    await page.locator('.DocSearch-LoadingIndicator').waitFor();
    // The spinner takes the icon's place, and the field stays the same field, focused: what the reader
    // types next goes on in it.
    assert.equal(await page.evaluate(() => document.activeElement === (window as unknown as { typedInto: Element }).typedInto && document.activeElement?.classList.contains('DocSearch-Input')), true);
    await page.keyboard.type(' limit');
    // Nothing has been searched yet: the body says so, and does not claim there are no results.
    await page.getByRole('status').filter({ hasText: 'Searching…' }).waitFor();
    assert.equal(await page.getByText(/No results for/).isVisible(), false, 'no "No results" before an answer');
    release();
    await page.locator('.DocSearch-Hit').first().waitFor();
    assert.equal(await page.locator('.DocSearch-Container--Stalled').count(), 0, 'idle again with results');
    assert.equal(await input(page).inputValue(), 'token limit');
    assert.equal(await page.evaluate(() => document.activeElement === (window as unknown as { typedInto: Element }).typedInto), true);
    assert.equal(await input(page).getAttribute('aria-expanded'), 'true');
    assert.equal(await page.getByText('Searching…').count(), 0, 'the loading line goes with the answer');
    await ctx.close();
  });

  it('says "No results" only once a query has been answered, with its suggestions', async () => {
    const { page, ctx } = await open('/docs/getting-started/');
    const release = await holdIndex(page);
    await search(page, 'qqzzxxyy');
    await page.getByRole('status').filter({ hasText: 'Searching…' }).waitFor();
    await idle(page); // the held index never arrives: a frame and an idle moment, in which nothing may say "No results"
    assert.equal(await page.getByText(/No results for/).isVisible(), false, 'not while the index loads');
    release();
    await page.getByText('No results for').waitFor();
    assert.match((await modal(page).locator('.DocSearch-NoResults').textContent()) ?? '', /qqzzxxyy/);
    await page.getByText('Try searching for:').waitFor();
    assert.equal(await page.getByText('Searching…').count(), 0);
    await ctx.close();
  });
});

describe('search page', () => {
  it('invites typing on an empty query and is kept out of search engines', async () => {
    const { page, ctx } = await open('/search/');
    await page.getByText('Type a few words above to search the zrok docs.').waitFor();
    assert.equal(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex');
    await ctx.close();
  });

  it('shows the query, the count and 20 results at a time, and keeps the URL in step', async () => {
    const { page, ctx } = await open('/search/?q=zrok');
    assert.equal(await page.locator('#search-page-input').inputValue(), 'zrok');
    await page.getByText(/^\d+ results for “zrok”$/).waitFor();
    const total = Number(/^(\d+)/.exec((await page.locator('.search-page__count').textContent())!)![1]);
    assert.ok(total > 40, `${total}`);
    assert.equal(await page.locator('.search-result').count(), 20);
    await page.getByRole('button', { name: 'Load more results' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.search-result').length === 40);
    assert.ok(await page.locator('.search-result mark').first().isVisible(), 'highlighted snippets');
    await page.locator('#search-page-input').fill('oauth');
    await page.waitForURL(`${served.site.url}/search/?q=oauth`);
    await page.getByText(/results? for “oauth”$/).waitFor();
    assert.equal(await page.locator('#search-page-input').getAttribute('maxlength'), '64');
    await ctx.close();
  });

  it('shows the error text when the index cannot be fetched', async () => {
    const ctx = await served.browser.newContext();
    const page = await ctx.newPage();
    await page.route('**/search-index/**', (r) => r.abort('internetdisconnected'));
    await page.goto(`${served.site.url}/search/?q=token`);
    await page.getByRole('alert').getByText('Unable to fetch results').waitFor();
    await ctx.close();
  });

  it('points a query that finds nothing in the chosen version to the versions where it does', async () => {
    const { word, first, also } = await wordOnlyInOlderVersions();
    const guide = new RegExp(`^${escaped(routeIn(first, 'guides/self-hosting/docker/'))}#`);
    const { page, ctx, errors } = await open(`/search/?q=${word}`);
    await page.getByText(`No results for “${word}”`).waitFor();
    const found = page.getByRole('region', { name: `Found in ${first.label}` });
    await found.getByText(`Found in ${first.label}:`).waitFor();
    await page.getByRole('region', { name: `Found in ${also.label}` }).waitFor();
    assert.ok(!((await page.locator('.search-page').textContent()) ?? '').includes(`Found in ${CURRENT_VERSION.label}`), 'not the version chosen');
    const link = found.getByRole('link').first();
    assert.match((await link.getAttribute('href'))!, guide);
    assert.match((await link.textContent())!, /^Self-hosting guide for Docker › /);
    // Searching that version itself finds it there, and the hint goes.
    await page.locator('#search-page-version').selectOption(first.name);
    await page.getByText(new RegExp(`^\\d+ results? for “${word}”$`)).waitFor();
    assert.equal(await page.getByText(/^Found in/).count(), 0);
    await page.locator('#search-page-version').selectOption(CURRENT_VERSION.name);
    await found.getByRole('link').first().click();
    await page.waitForURL((url) => guide.test(url.pathname + url.hash));
    assert.match((await page.locator('h1').textContent())!, /Docker/);
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  it('treats markup in the query as text', async () => {
    const { page, ctx, errors } = await open(`/search/?q=${encodeURIComponent('<img src=x onerror="window.__xss=1">')}`);
    await settle(page); // the query has been answered, and an image the markup made has loaded or failed
    assert.equal(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), undefined);
    assert.equal(await page.locator('.search-page img').count(), 0);
    assert.equal(await page.locator('#search-page-input').inputValue(), '<img src=x onerror="window.__xss=1">'.slice(0, 64));
    assert.deepEqual(errors, []);
    await ctx.close();
  });
});

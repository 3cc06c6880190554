import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { serveSiteAndBrowser, watchErrors, waitHydrated, hydrationLosses } from './support.ts';
import { allExpectedRoutes, CURRENT_VERSION, expectedRoutes, OLDER_VERSIONS, routeIn } from '../expected-routes.ts';

// The versions by their part: the current one, the newest older one, the oldest one.
const current = CURRENT_VERSION;
const previous = OLDER_VERSIONS[0];
const oldest = OLDER_VERSIONS.at(-1)!;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A page's front-matter keywords, as its head gives them. */
async function keywordsInSource(version: string, relPath: string): Promise<string> {
  const text = await readFile(path.join('content/docs', version, relPath), 'utf8');
  return /^keywords: \[(.*)\]$/m.exec(text)![1].split(',').map((k) => k.trim()).join(', ');
}

const served = serveSiteAndBrowser();
let context: BrowserContext | undefined;
/** The file's shared desktop context, made on first use (the browser starts in a hook). */
const desktop = async () => (context ??= await served.browser.newContext({ viewport: { width: 1280, height: 900 } }));

async function open(path: string, ctx?: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await (ctx ?? (await desktop())).newPage();
  const errors = watchErrors(page);
  await page.goto(served.site.url + path);
  await waitHydrated(page);
  return { page, errors };
}


describe('every route', () => {
  it('of every version is served with its h1, title and description', async () => {
    const routes = await allExpectedRoutes();
    assert.equal(new Set(routes).size, routes.length, 'no route listed twice');
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const route of routes) {
      const res = await fetch(served.site.url + route);
      assert.equal(res.status, 200, route);
      const html = await res.text();
      assert.match(html, /<h1[^>]*>[^<]+<\/h1>/, `${route} has an h1`);
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
      assert.match(title, new RegExp(` \\| zrok(${OLDER_VERSIONS.map((v) => ` ${escaped(v.label)}`).join('|')})?$`), route);
      const description = /<meta name="description" content="([^"]{20,})"/.exec(html)?.[1];
      assert.ok(description, `${route} has a description`);
      assert.ok(!descriptions.has(description), `${route}: description is unique`);
      descriptions.add(description);
      assert.match(html, /<link rel="canonical" href="https:\/\/docs\.zrok\.io\/docs\//, route);
      assert.ok(!titles.has(title), `${route}: title "${title}" is unique`);
      titles.add(title);
    }
  });

  it('are exactly the routes of the listed pages: the sitemap has no page the list lacks, and lacks none it has', async () => {
    const sitemap = await (await fetch(`${served.site.url}/sitemap.xml`)).text();
    const built = [...sitemap.matchAll(/<loc>https:\/\/docs\.zrok\.io([^<]*)<\/loc>/g)].map((m) => m[1]).filter((r) => r.startsWith('/docs/'));
    assert.deepEqual([...built].sort(), [...(await allExpectedRoutes())].sort(), 'test/fixtures/routes/<version>.txt lists every page of the content');
  });

  it('tags each version for the search crawler', async () => {
    assert.equal(current.tag, 'docs-default-current');
    for (const [path, tag] of [current, ...OLDER_VERSIONS].map((v) => [routeIn(v, 'getting-started/'), v.tag])) {
      const html = await (await fetch(served.site.url + path)).text();
      assert.ok(html.includes(`<meta name="docsearch:docusaurus_tag" content="${tag}" />`), path);
      assert.ok(html.includes('<meta name="docsearch:language" content="en" />'), path);
    }
  });

  it('gives crawlers a page’s front-matter keywords in its head, and keeps them to that page', async () => {
    const keywordsOf = async (path: string) => /<meta name="keywords" content="([^"]*)"/.exec(await (await fetch(served.site.url + path)).text())?.[1];
    assert.equal(await keywordsOf('/docs/concepts/sharing-reserved/'), 'same url after restart, url changes, stable url, fixed subdomain, custom subdomain, vanity name, persistent link, bookmark');
    assert.equal(await keywordsOf(routeIn(previous, 'guides/vpn/')), await keywordsInSource(previous.name, 'guides/vpn/vpn.mdx'));
    assert.equal(await keywordsOf('/docs/category/guides/'), undefined, 'a generated category page has none');
    assert.equal(await keywordsOf('/'), undefined);
    // After an in-app navigation the head no longer claims the first page's keywords.
    const { page, errors } = await open('/docs/concepts/sharing-reserved/');
    assert.equal(await page.locator('meta[name="keywords"]').count(), 1);
    await page.locator('article').getByRole('link', { name: 'private', exact: true }).first().click();
    await page.waitForURL(/\/docs\/concepts\/sharing-private\/$/);
    await page.waitForFunction(() => document.title.startsWith('Private Shares'));
    assert.equal(await page.locator('meta[name="keywords"]').count(), 0);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('ships sitemap.xml, robots.txt and the redirect list', async () => {
    const sitemap = await (await fetch(`${served.site.url}/sitemap.xml`)).text();
    // Every docs page, and the home page.
    assert.equal((sitemap.match(/<url>/g) ?? []).length, (await allExpectedRoutes()).length + 1);
    assert.ok(sitemap.includes(`<loc>https://docs.zrok.io${routeIn(previous, 'getting-started/')}</loc><priority>0.3</priority>`));
    assert.match(await (await fetch(`${served.site.url}/robots.txt`)).text(), /Sitemap: https:\/\/docs\.zrok\.io\/sitemap\.xml/);
    const llms = await (await fetch(`${served.site.url}/llms.txt`)).text();
    const docs = (await expectedRoutes(current.name)).filter((r) => !r.includes('/category/'));
    assert.equal((llms.match(/^- \[/gm) ?? []).length, docs.length, 'llms.txt lists every current-version page');
    for (const route of docs) assert.ok(llms.includes(`(https://docs.zrok.io${route}index.md): `), route);
    assert.ok(llms.indexOf('/docs/getting-started/index.md') < llms.indexOf('/docs/concepts/index.md'), 'in reading order');
    const md = await fetch(`${served.site.url}${routeIn(previous, 'concepts/tunnels/')}index.md`);
    assert.equal(md.status, 200);
    assert.match(await md.text(), /^# Sharing TCP and UDP Servers\n\n> /);
    const redirects = (await (await fetch(`${served.site.url}/redirects.json`)).json()) as { from: string; to: string }[];
    assert.ok(redirects.some((r) => r.from === '/docs/guides/self-hosting/self_hosting_guide/' && r.to === '/docs/guides/self-hosting/linux/'));
  });
});

describe('the renderer', () => {
  it("is React's: react-dom registers with the developer tools' hook and hydrates the prerendered root", async () => {
    const ctx = await served.browser.newContext({ viewport: { width: 1280, height: 900 } });
    // What React DevTools installs before a page's scripts run: react-dom looks for it and registers itself.
    // A script of its own (not a function of this file): tsx's helpers would not exist in the page.
    await ctx.addInitScript({
      content: `{
        const renderers = [];
        let commits = 0;
        window.__seen = () => ({ renderers, commits });
        window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
          supportsFiber: true, isDisabled: false, renderers: new Map(),
          inject(renderer) { renderers.push(renderer); return renderers.length; },
          checkDCE() {}, onCommitFiberRoot() { commits += 1; }, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, onScheduleFiberRoot() {},
        };
      }`,
    });
    try {
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      await page.goto(served.site.url + '/docs/getting-started/');
      await waitHydrated(page);
      const seen = await page.evaluate(() => {
        const { renderers, commits } = (window as unknown as { __seen: () => { renderers: { rendererPackageName?: string; version?: string; bundleType?: number }[]; commits: number } }).__seen();
        const root = document.getElementById('root')!;
        return {
          renderers: renderers.map((r) => ({ name: r.rendererPackageName, version: r.version, production: r.bundleType === 0 })),
          commits,
          reactRoot: Object.keys(root).some((k) => k.startsWith('__reactContainer$')),
        };
      });
      assert.deepEqual(seen.renderers.map((r) => r.name), ['react-dom']);
      assert.match(seen.renderers[0].version ?? '', /^19\./);
      assert.equal(seen.renderers[0].production, true, 'the production build of react-dom ships');
      assert.ok(seen.commits > 0, 'React committed the hydrated tree');
      assert.ok(seen.reactRoot, '#root is a React root');
      assert.deepEqual(errors, []);
    } finally {
      await ctx.close();
    }
  });
});

describe('not found, redirects and .html paths', () => {
  it('answers an unknown path with status 404 and the not-found page', async () => {
    const res = await fetch(`${served.site.url}/docs/no-such-page/`);
    assert.equal(res.status, 404);
    const { page, errors } = await open('/docs/no-such-page/');
    assert.equal(await page.locator('h1').textContent(), 'Page Not Found');
    assert.match(await page.title(), /Page Not Found/);
    assert.deepEqual(errors.filter((e) => !e.includes('404')), []);
    await page.close();
  });

  it('opens a missing path with one request that answers 404, the document itself, and logs nothing more', async () => {
    for (const missing of ['/docs/no-such-page/', routeIn(previous, 'guides/no-such-page')]) {
      const page = await (await desktop()).newPage();
      const errors = watchErrors(page);
      const responses: string[] = [];
      page.on('response', (r) => responses.push(`${r.status()} ${new URL(r.url()).pathname}`));
      page.on('requestfailed', (r) => responses.push(`failed ${new URL(r.url()).pathname}`));
      const document = await page.goto(served.site.url + missing);
      assert.equal(document?.status(), 404, missing);
      await waitHydrated(page);
      await page.locator('#not-found').waitFor();
      await page.waitForLoadState('networkidle');
      assert.deepEqual(responses.filter((r) => !/^[23]\d\d /.test(r)), [`404 ${missing}`], missing);
      assert.ok(responses.length > 1, `${missing}: the page's scripts and styles were loaded too`);
      // The browser may report the document's own 404 on the console (the responses above hold that it is the only
      // one); nothing else may be reported.
      assert.deepEqual(errors.filter((e) => !/^error: Failed to load resource: the server responded with a status of 404/.test(e)), [], missing);
      await page.close();
    }
  });

  for (const [from, to, h1] of [
    ['/docs/guides/self-hosting/self_hosting_guide/', '/docs/guides/self-hosting/linux/', 'Self-Hosting Guide for Linux'],
    ['/docs/guides/self-hosting/nginx_tls_guide/', '/docs/guides/self-hosting/linux/nginx/', null],
    ['/docs/guides/metrics-and-limits/configuring-limits/', '/docs/guides/self-hosting/metrics-and-limits/configuring-limits/', null],
    ['/docs/guides/metrics-and-limits/configuring-metrics/', '/docs/guides/self-hosting/metrics-and-limits/configuring-metrics/', null],
    ['/docs/', '/docs/getting-started/', 'Getting Started'],
    [routeIn(previous, ''), routeIn(previous, 'getting-started/'), 'Getting Started'],
  ] as const) {
    it(`redirects ${from}`, async () => {
      const page = await (await desktop()).newPage();
      await page.goto(served.site.url + from);
      await page.waitForURL(served.site.url + to);
      await waitHydrated(page);
      if (h1) assert.equal(await page.locator('h1').textContent(), h1);
      await page.close();
    });
  }

  it('shows a redirect page, for the moment it is seen on a host without redirects, at a phone’s width and in the reader’s colour mode', async () => {
    const ctx = await served.browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, colorScheme: 'dark' });
    const page = await ctx.newPage();
    const from = '/docs/guides/self-hosting/nginx_tls_guide/';
    // The page as a host without redirects serves it (nginx answers this path with a 301 instead), held before its
    // refresh fires, as a reader on a slow connection sees it.
    const html = await readFile(path.join(process.env.SITE_DIR ?? 'dist', from, 'index.html'), 'utf8');
    await page.route(`**${from}`, (route) => route.fulfill({ contentType: 'text/html', body: html.replace(/<meta http-equiv="refresh"[^>]*>/, '') }));
    await page.goto(served.site.url + from);
    const seen = await page.evaluate(() => ({ width: document.documentElement.clientWidth, text: getComputedStyle(document.body).color }));
    assert.deepEqual(seen, { width: 360, text: 'rgb(255, 255, 255)' }, 'laid out at 360 px, light text on the dark canvas');
    assert.equal(await page.getByRole('link', { name: '/docs/guides/self-hosting/linux/nginx/' }).count(), 1);
    await ctx.close();
  });

  it('shows /x/index.html and /x.html under the clean path', async () => {
    for (const path of ['/docs/concepts/tunnels/index.html', '/docs/concepts/tunnels.html']) {
      const { page, errors } = await open(path);
      assert.equal(new URL(page.url()).pathname, '/docs/concepts/tunnels/');
      await page.locator('h1', { hasText: 'Sharing TCP and UDP Servers' }).waitFor();
      assert.deepEqual(errors.filter((e) => !e.includes('404')), [], path);
      await page.close();
    }
  });
});

describe('chrome', () => {
  it('hydrates in place, keeping every element and the text the HTML painted, without console errors, on pages of every version', async () => {
    for (const path of ['/', '/docs/getting-started/', '/docs/guides/install/linux/', '/docs/category/self-hosting/', routeIn(previous, 'guides/agent/'), routeIn(oldest, 'guides/linux-user-share/'), routeIn(oldest, 'concepts/sharing-reserved/')]) {
      const { replaced, textBefore, textAfter, errors } = await hydrationLosses(await desktop(), served.site.url + path);
      assert.deepEqual(replaced, [], `${path}: elements replaced by hydration`);
      assert.equal(textAfter, textBefore, `${path}: text rewritten by hydration`);
      assert.deepEqual(errors, [], path);
    }
  });

  it('has the navbar links, announcement, breadcrumbs, prev/next, edit link and footer', async () => {
    const { page } = await open('/docs/concepts/sharing-public/');
    for (const [name, href] of [['pricing', 'https://zrok.io/pricing/'], ['account', 'https://myzrok.io/'], ['roadmap', 'https://github.com/orgs/openziti/projects/16'], ['GitHub', 'https://github.com/openziti/zrok'], ['Discourse', 'https://openziti.discourse.group/']]) {
      assert.equal(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).getAttribute('href'), href);
    }
    assert.ok(await page.getByRole('region', { name: 'Announcement' }).isVisible());
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    assert.deepEqual(await crumbs.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href'))), ['/', '/docs/concepts/']);
    assert.equal(await page.locator('a[rel="prev"]').getAttribute('href'), '/docs/concepts/sharing-private/');
    assert.equal(await page.locator('a[rel="next"]').getAttribute('href'), '/docs/concepts/sharing-reserved/');
    assert.match((await page.getByRole('link', { name: 'Edit this page' }).getAttribute('href')) ?? '', new RegExp(`^https://github\\.com/openziti/zrok/.*/${escaped(current.name)}/concepts/sharing-public\\.mdx$`));
    assert.match((await page.locator('footer.footer').textContent()) ?? '', new RegExp(`Copyright © ${new Date().getFullYear()} NetFoundry Inc\\.`));
    await page.close();
  });

  it('switches versions keeping the page where it exists, else the main doc', async () => {
    const { page } = await open('/docs/concepts/sharing-public/');
    await page.getByRole('button', { name: `Docs version: ${current.label}` }).click();
    await page.getByRole('menuitem', { name: previous.label }).click();
    await page.waitForURL(`${served.site.url}${routeIn(previous, 'concepts/sharing-public/')}`);
    await page.locator('.badge', { hasText: `Version: ${previous.label}` }).waitFor();
    await page.getByRole('button', { name: `Docs version: ${previous.label}` }).click();
    assert.equal(await page.getByRole('menuitem', { name: oldest.label }).getAttribute('href'), routeIn(oldest, 'concepts/sharing-public/'));
    await page.keyboard.press('Escape');
    await page.goto(`${served.site.url}/docs/guides/self-hosting/error-pages/`);
    await waitHydrated(page);
    await page.getByRole('button', { name: `Docs version: ${current.label}` }).click();
    assert.equal(await page.getByRole('menuitem', { name: oldest.label }).getAttribute('href'), routeIn(oldest, 'getting-started/'));
    await page.close();
  });

  it('tells readers of older versions and links to the same page in the current version', async () => {
    const { page } = await open(routeIn(previous, 'concepts/tunnels/'));
    const note = page.getByRole('note');
    assert.match((await note.textContent()) ?? '', new RegExp(`documentation for zrok ${escaped(previous.label)}, which is no longer actively maintained`));
    assert.equal(await note.getByRole('link', { name: `the latest version (${current.label})` }).getAttribute('href'), '/docs/concepts/tunnels/');
    await page.goto(`${served.site.url}${routeIn(oldest, 'guides/linux-user-share/')}`);
    await waitHydrated(page);
    assert.equal(await page.getByRole('note').getByRole('link').getAttribute('href'), '/docs/getting-started/');
    await page.goto(`${served.site.url}/docs/concepts/tunnels/`);
    await waitHydrated(page);
    assert.equal(await page.getByRole('note').count(), 0, 'no notice on the current version');
    await page.close();
  });

  it('operates the version menu from the keyboard', async () => {
    const { page } = await open('/docs/getting-started/');
    const menu = `Docs version: ${current.label}`;
    await page.getByRole('button', { name: menu }).focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction((label) => document.activeElement?.getAttribute('role') === 'menuitem' && document.activeElement.textContent === label, current.label);
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), previous.label);
    await page.keyboard.press('Escape');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), menu);
    assert.equal(await page.getByRole('menu', { name: menu }).isVisible(), false);
    await page.close();
  });

  it('closes the version and language menus on Escape when the mouse opened them, and gives focus to their button', async () => {
    const { page } = await open('/docs/getting-started/');
    for (const name of [`Docs version: ${current.label}`, 'Language: English']) {
      const button = page.getByRole('button', { name });
      const menu = page.getByRole('menu', { name });
      await button.click();
      await menu.waitFor();
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), name, `${name}: focus on its button`);
      // Opened with the mouse and the pointer then moved onto an item: Escape still closes it.
      await button.click();
      await menu.getByRole('menuitem').first().hover();
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), name, `${name}: focus on its button after a hover`);
    }
    await page.close();
  });

  it('closes the version menu on a click outside it, even one right after it opened', async () => {
    const { page } = await open('/docs/getting-started/');
    const menu = page.getByRole('menu', { name: `Docs version: ${current.label}` });
    for (let round = 0; round < 5; round++) {
      // The click outside comes in the next task, before the next frame.
      await page.evaluate(async () => {
        document.querySelector<HTMLButtonElement>('.version-dropdown .dropdown__button')!.click();
        await new Promise((r) => setTimeout(r, 0));
        const h1 = document.querySelector('h1')!;
        h1.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
        h1.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      });
      assert.equal(await menu.isVisible(), false, `round ${round}: the menu closed`);
    }
    await page.getByRole('button', { name: `Docs version: ${current.label}` }).click();
    await menu.waitFor();
    await page.locator('h1').click();
    await menu.waitFor({ state: 'hidden' });
    await page.close();
  });

  it('offers English in the language menu, linking to the same page', async () => {
    const { page } = await open('/docs/concepts/');
    await page.getByRole('button', { name: 'Language: English' }).click();
    const items = page.getByRole('menu', { name: 'Language: English' }).getByRole('menuitem');
    assert.equal(await items.count(), 1);
    assert.equal(await items.first().getAttribute('href'), '/docs/concepts/');
    await page.close();
  });

  it('collapses sidebar categories and auto-collapses siblings', async () => {
    const { page } = await open('/docs/getting-started/');
    const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' }).first();
    const concepts = sidebar.getByLabel("Expand sidebar category 'Concepts'", { exact: true });
    await concepts.click();
    await sidebar.getByRole('link', { name: 'Public Shares' }).waitFor({ state: 'visible' });
    await sidebar.getByLabel("Expand sidebar category 'Guides'", { exact: true }).click();
    await sidebar.getByRole('link', { name: 'Drives' }).waitFor({ state: 'visible' });
    await sidebar.getByRole('link', { name: 'Public Shares' }).waitFor({ state: 'hidden' }); // opening Guides collapses Concepts
    await sidebar.getByLabel("Collapse sidebar category 'Guides'", { exact: true }).click();
    await sidebar.getByRole('link', { name: 'Drives' }).waitFor({ state: 'hidden' });
    await page.close();
  });

  it('highlights the current page and opens its categories', async () => {
    const { page } = await open('/docs/guides/self-hosting/linux/nginx/');
    const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' }).first();
    const current = sidebar.locator('[aria-current="page"]');
    assert.equal(await current.textContent(), 'NGINX TLS');
    assert.ok(await current.isVisible());
    await page.close();
  });

  it('shows h2 and h3 in the table of contents and follows the scroll', async () => {
    const { page } = await open('/docs/getting-started/');
    const toc = page.getByRole('navigation', { name: 'On this page' });
    const targets = await toc.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!.slice(1)));
    const headings = await page.locator('.markdown h2, .markdown h3').evaluateAll((hs) => hs.map((h) => h.id));
    assert.deepEqual(targets, headings);
    assert.ok(targets.includes('reserved-shares-1'));
    await page.locator('#concepts-review').scrollIntoViewIfNeeded();
    await page.evaluate(() => document.getElementById('concepts-review')!.scrollIntoView());
    await page.waitForFunction(() => document.querySelector('.toc [aria-current="location"]')?.getAttribute('href') === '#concepts-review');
    await page.close();
  });

  it('navigates client-side without a full reload and loads the page chunk on demand', async () => {
    const { page, errors } = await open('/docs/getting-started/');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    const chunkRequests: string[] = [];
    page.on('request', (r) => r.url().includes('/assets/') && chunkRequests.push(r.url()));
    await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Concepts' }).click();
    await page.waitForURL(`${served.site.url}/docs/concepts/`);
    await page.locator('h1', { hasText: 'Concepts' }).waitFor();
    assert.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 42);
    assert.ok(chunkRequests.some((u) => /\/assets\/index-.*\.js$/.test(u) === false), 'a page chunk was requested');
    assert.equal(await page.title(), 'Concepts | zrok');
    await page.goBack();
    await page.locator('h1', { hasText: 'Getting Started' }).waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('shows diagrams drawn at build time, and switches their colours with the colour mode without redrawing them', async () => {
    const { page, errors } = await open('/docs/concepts/sharing-public/');
    const svg = page.locator('.diagram svg').first();
    const before = await svg.innerHTML();
    const fill = () => svg.evaluate((el) => getComputedStyle(el.querySelector('.node rect, .node polygon')!).fill);
    const darkFill = await fill();
    await page.getByRole('button', { name: /^Colour mode/ }).click(); // dark → system (system is light here)
    await page.waitForFunction((f) => getComputedStyle(document.querySelector('.diagram svg .node rect, .diagram svg .node polygon')!).fill !== f, darkFill);
    assert.equal(await svg.innerHTML(), before, 'the same SVG, not a second drawing');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('copies a code block to the clipboard', async () => {
    const ctx = await served.browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const { page } = await open('/docs/getting-started/', ctx);
    const block = page.locator('.code-block').first();
    await block.hover();
    await block.getByRole('button', { name: 'Copy code to clipboard' }).click();
    await block.getByRole('button', { name: 'Copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, (await block.locator('pre').innerText()).replace(/\n$/, ''));
    await ctx.close();
  });

  it('syncs tab groups that share a groupId', async () => {
    const { page } = await open('/docs/guides/install/linux/');
    const groups = page.locator('.tabs');
    assert.ok((await groups.count()) >= 1);
    const firstTabs = groups.first().getByRole('tab');
    const second = firstTabs.nth(1);
    const label = (await second.textContent())!;
    await second.click();
    assert.equal(await second.getAttribute('aria-selected'), 'true');
    await page.close();
    assert.ok(label.length > 0);
  });

  it('keeps a body that needs no script as it arrived, whose tabs and links work, and renders the next page from its module', async () => {
    const page = await (await desktop()).newPage();
    const errors = watchErrors(page);
    const modules: string[] = [];
    page.on('request', (r) => new URL(r.url()).pathname.startsWith('/assets/pages/') && modules.push(r.url()));
    await page.goto(`${served.site.url}/docs/getting-started/`);
    await waitHydrated(page);
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
    assert.equal(await page.locator('.markdown[data-static-body]').count(), 1, 'the body is marked as needing no script');
    const moduleOf = (route: string) => page.evaluate(async (r) => ((await (await fetch(`${r}page-data.json`)).json()) as { doc: { module: string } }).doc.module, route);
    const own = await moduleOf('/docs/getting-started/');
    const loaded = (module: string) => modules.some((u) => new URL(u).pathname === module);
    assert.ok(!loaded(own), 'its own body module is not loaded on the first visit');
    const body = page.locator('.markdown');
    const windows = body.getByRole('tab', { name: 'Windows' });
    await windows.click();
    assert.equal(await windows.getAttribute('aria-selected'), 'true');
    assert.ok(await page.locator(`#${await windows.getAttribute('aria-controls')}`).isVisible(), 'its panel shows');
    assert.equal(await body.getByRole('tab', { name: 'Linux' }).getAttribute('aria-selected'), 'false');

    await body.locator('a[href="/docs/guides/agent/"]').first().click();
    await page.waitForURL(`${served.site.url}/docs/guides/agent/`);
    await page.locator('h1', { hasText: 'Agent' }).waitFor();
    assert.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 7, 'navigated in the app');
    assert.ok(loaded(await moduleOf('/docs/guides/agent/')), 'the next page came from its module');
    assert.equal(await page.locator('.markdown').getByRole('tab', { name: 'Windows' }).first().getAttribute('aria-selected'), 'true', 'the reader’s tab on a page the app rendered');

    await page.goBack();
    await page.locator('h1', { hasText: 'Getting Started' }).waitFor();
    const linux = page.locator('.markdown').getByRole('tab', { name: 'Linux' });
    assert.equal(await page.locator('.markdown').getByRole('tab', { name: 'Windows' }).getAttribute('aria-selected'), 'true');
    await linux.click();
    assert.equal(await linux.getAttribute('aria-selected'), 'true', 'tabs work in the body rendered from its module');
    assert.ok(loaded(own), 'coming back, the page was rendered from its module');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('lists a category index page’s items as cards with descriptions', async () => {
    const { page } = await open('/docs/category/self-hosting/');
    const cards = page.locator('.card-grid a.card');
    // One card for each item the sidebar lists in the category.
    const items = page.locator('#sidebar-guides-self-hosting > .menu__list > .menu__item');
    assert.ok((await items.count()) > 1);
    assert.equal(await cards.count(), await items.count());
    assert.match((await cards.first().textContent()) ?? '', /Linux\s*1 item/);
    assert.match((await page.locator('.card-grid a.card', { hasText: 'Docker' }).textContent()) ?? '', /Docker.{20,}/);
    await page.close();
  });

  it('has a home page with the tagline, a call to action and section cards', async () => {
    const fresh = await served.browser.newContext(); // no remembered version: the call to action leads to the current one
    const { page } = await open('/', fresh);
    assert.equal(await page.locator('h1').textContent(), 'zrok');
    assert.ok(await page.getByText('Globally distributed reverse proxy').isVisible());
    assert.equal(await page.locator('.home a.card').count(), 6);
    await page.getByRole('link', { name: 'Get started' }).click();
    await page.waitForURL(`${served.site.url}/docs/getting-started/`);
    await fresh.close();
  });

  it('switches between the desktop sidebar (996 px) and the menu button (995 px)', async () => {
    const { page } = await open('/docs/concepts/');
    await page.setViewportSize({ width: 996, height: 800 });
    assert.ok(await page.locator('.doc-layout__sidebar').isVisible());
    assert.equal(await page.getByRole('button', { name: 'Open the docs navigation' }).isVisible(), false);
    await page.setViewportSize({ width: 995, height: 800 });
    assert.equal(await page.locator('.doc-layout__sidebar').isVisible(), false);
    await page.getByRole('button', { name: 'Open the docs navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Docs navigation' });
    await drawer.getByRole('link', { name: 'Hosting' }).click();
    await page.waitForURL(`${served.site.url}/docs/concepts/hosting/`);
    await drawer.waitFor({ state: 'hidden' }); // navigation closes the drawer
    await page.close();
  });
});

describe('without JavaScript', () => {
  it('reads, links and shows every tab panel', async () => {
    const ctx = await served.browser.newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${served.site.url}/docs/guides/install/linux/`);
    assert.equal(await page.locator('h1').textContent(), 'Install zrok in Linux');
    const panels = page.locator('.tabs__panel');
    const count = await panels.count();
    assert.ok(count > 1);
    for (let i = 0; i < count; i++) assert.ok(await panels.nth(i).isVisible(), `tab panel ${i} is visible`);
    assert.ok(await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Drives' }).isVisible());
    await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Drives' }).click();
    await page.waitForURL(`${served.site.url}/docs/guides/drives/`);
    assert.equal(await page.locator('h1').textContent(), 'Drives');
    await page.goto(`${served.site.url}/docs/concepts/sharing-public/`);
    assert.ok(await page.getByRole('img', { name: /^Public sharing/ }).isVisible(), 'the diagram is drawn');
    await ctx.close();
  });
});

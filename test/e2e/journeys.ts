/**
 * The reader journeys, written once and run in every engine readers use (journeys-<engine>.test.ts): at a desktop
 * width and at the narrowest window the engine can be given here. Each test's name starts with its engine and width.
 * Chromium also runs the whole suite; these are what Gecko and WebKit must show as well.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startSite, type ServedSite } from './support.ts';
import { assertLandedInTime, landing, recordLanding } from './landing.ts';
import { CURRENT_VERSION, OLDER_VERSIONS, routeIn } from '../expected-routes.ts';
import { NARROWEST, startEngine, waitHydrated, waitUntil, type Engine, type EngineName, type Tab } from './engines/engine.ts';
import { columnBrightness, loaded } from './painted.ts';
import { startSlowProxy } from './slow-proxy.ts';

const DESKTOP = { width: 1280, height: 900 };
const HEIGHT = 800;

/** Where a heading is from its landing place: 0 when it sits at its scroll margin below the header (WebKit scrolls whole pixels). */
const offMargin = (id: string) => {
  const el = document.getElementById(id)!;
  return Math.round(el.getBoundingClientRect().top - parseFloat(getComputedStyle(el).scrollMarginTop)) || 0; // not -0
};
const h1 = () => document.querySelector('h1')?.textContent?.trim() ?? null;
const visible = (selector: string) => {
  const el = document.querySelector(selector);
  if (!el) return false;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
};
/** Stores the reader's settings (the store's own format) in the tab's origin. */
const storeSettings = (state: Record<string, unknown>) => localStorage.setItem('zrok-docs-settings', JSON.stringify({ state, version: 1 }));
/** Hides text and buttons, so a screenshot shows a box's own painting. */
const hideTextAndButtons = () => {
  const style = document.createElement('style');
  style.textContent = '.markdown *, .markdown *::before { color: transparent !important; -webkit-text-fill-color: transparent !important; } .code-block__buttons, .markdown a { visibility: hidden !important; }';
  document.head.append(style);
};
/** The mean of a few columns' brightness. */
const mean = (columns: number[]) => columns.reduce((a, b) => a + b, 0) / columns.length;
const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search + u.hash;
};

export function readerJourneys(name: EngineName) {
  describe(`${name}: reader journeys`, () => {
    let served: ServedSite;
    let engine: Engine;
    before(async () => {
      served = await startSite();
      engine = await startEngine(name, served.url);
    });
    after(async () => {
      await engine?.close();
      await served?.close();
    });

    for (const width of [DESKTOP.width, NARROWEST[name]]) {
      const narrow = width < 996;
      const title = (what: string) => `[${name} ${width} px] ${what}`;
      /** Runs `fn` in a new tab whose storage starts empty, and closes the tab however `fn` ends. */
      const withTab = async (fn: (tab: Tab) => Promise<void>, options: { reducedMotion?: boolean } = {}) => {
        const tab = await engine.open({ width, height: narrow ? HEIGHT : DESKTOP.height, ...options });
        try {
          await fn(tab);
        } finally {
          await tab.close();
        }
      };
      const visit = async (tab: Tab, path: string) => {
        await tab.goto(engine.site + path);
        await waitHydrated(tab);
      };
      /** The phone menu (below 996 px): opened, and waited for. */
      const openMenu = async (tab: Tab) => {
        await tab.click('.mobile-menu-button');
        await waitUntil(tab, 'the phone menu', visible, ['[role="dialog"][aria-label="Docs navigation"]']);
      };

      it(title('every kind of page loads and hydrates with no console error, and nothing runs past the right edge'), async () =>
        withTab(async (tab) => {
          const pages: { path: string; lands?: string; heading: string; check?: (t: Tab) => Promise<void> }[] = [
            { path: '/', heading: 'zrok' },
            { path: '/docs/getting-started/', heading: 'Getting Started' },
            { path: '/docs/category/guides/', heading: 'Guides' },
            {
              path: '/search/?q=reserved',
              heading: 'Search the documentation',
              check: (t) => waitUntil(t, 'search results as links', () => document.querySelectorAll('.search-page__results a[href^="/docs/"]').length > 0, []),
            },
            { path: routeIn(OLDER_VERSIONS[0], 'concepts/'), heading: 'Concepts' },
            { path: '/docs/no-such-page/', heading: 'Page Not Found' },
            // A redirect page (the current version's root): it forwards to the main doc of the version the reader read
            // last, here the newest older version.
            { path: '/docs/', lands: routeIn(OLDER_VERSIONS[0], 'getting-started/'), heading: 'Getting Started' },
          ];
          const found: string[] = [];
          for (const p of pages) {
            await tab.goto(engine.site + p.path);
            if (p.lands) await waitUntil(tab, `the redirect to ${p.lands}`, (to) => location.pathname === to, [p.lands]);
            await waitHydrated(tab);
            const heading = await tab.evaluate(h1);
            if (heading !== p.heading) found.push(`${p.path}: h1 is ${JSON.stringify(heading)} at ${await tab.url()}, read ${await tab.evaluate(() => `${Math.round(performance.now())} ms into a document of ${location.pathname}`)}`);
            await p.check?.(tab);
            const { scrollWidth, innerWidth } = await tab.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
            if (scrollWidth > innerWidth) found.push(`${p.path}: the page is ${scrollWidth} px wide in a ${innerWidth} px window`);
            // The not-found page's own document answers 404, as it must; nothing else may fail.
            const errors = (await tab.takeErrors()).filter((e) => !(p.path === '/docs/no-such-page/' && /404/.test(e) && e.includes(p.path) && !e.includes('page-data')));
            for (const e of errors) found.push(`${p.path}: ${e}`);
          }
          assert.deepEqual(found, []);
        }));

      it(title('leaving a page while it fetches pages ahead for its links lands on the page asked for'), async () => {
        // A slow network: the page's fetches for its links are still under way when the reader opens another page,
        // whose server takes a moment to answer. Firefox drops the first page's fetches at once; that page must not
        // take their failure for a new deployment and reload itself over the reader's way out.
        const proxy = await startSlowProxy(engine.site);
        try {
          await withTab(async (tab) => {
            const from = '/docs/category/guides/';
            const to = '/docs/getting-started/';
            // Every script but those the first page starts with is held, from before that page asks for any.
            const html = await (await fetch(proxy.url + from)).text();
            const own = [...html.matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((m) => m[1].replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
            const later = new RegExp(`^(?!(?:${own.join('|')})$).*\\.js(\\?|$)`);
            const releaseScripts = proxy.delay(later, 60_000);
            const fetchingAhead = proxy.arrived(later);
            await tab.goto(proxy.url + from);
            await waitHydrated(tab);
            await tab.evaluate(() => document.querySelector('.card-grid a')?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true })));
            await fetchingAhead;
            proxy.delay(new RegExp(`^${to}$`), 2000);
            // The held scripts are let go before the next page's own are asked for (after its HTML); Chromium may be
            // holding its request for that HTML behind theirs, as it opens only six connections to a server.
            const release = setTimeout(releaseScripts, 2500);
            await tab.goto(proxy.url + to).finally(() => clearTimeout(release));
            await waitHydrated(tab);
            assert.deepEqual(await tab.evaluate(() => [location.pathname, document.querySelector('h1')?.textContent]), [to, 'Getting Started']);
          });
        } finally {
          await proxy.close();
        }
      });

      it(title('a sidebar link navigates on the client, and back and forward return, each to the reader\'s scroll position'), async () =>
        withTab(async (tab) => {
          await visit(tab, '/docs/getting-started/');
          await tab.evaluate(() => {
            window.scrollTo(0, 900);
            (window as unknown as { sameDocument: boolean }).sameDocument = true;
          });
          const before = await tab.evaluate(() => window.scrollY);
          assert.ok(before > 800, `scrolled to ${before}`);
          if (narrow) await openMenu(tab);
          await tab.click(`${narrow ? '.mobile-sidebar__panel' : '.doc-layout__sidebar'} a[href="/docs/concepts/"]`);
          await waitUntil(tab, 'the Concepts page', () => location.pathname === '/docs/concepts/' && document.querySelector('h1')?.textContent === 'Concepts', []);
          const sameDocument = () => (window as unknown as { sameDocument?: boolean }).sameDocument === true;
          assert.ok(await tab.evaluate(sameDocument), 'no reload');
          assert.equal(await tab.evaluate(() => window.scrollY), 0, 'the new page starts at the top');
          const there = await tab.evaluate(() => {
            window.scrollTo(0, Math.min(300, document.documentElement.scrollHeight - window.innerHeight));
            return window.scrollY;
          });
          assert.ok(there > 50, `scrolled the second page to ${there}`);
          await tab.back();
          await waitUntil(tab, `Getting Started at ${before}`, (y) => location.pathname === '/docs/getting-started/' && Math.abs(window.scrollY - y) <= 2, [before]);
          await tab.forward();
          await waitUntil(tab, `Concepts at ${there}`, (y) => location.pathname === '/docs/concepts/' && Math.abs(window.scrollY - y) <= 2, [there]);
          assert.ok(await tab.evaluate(sameDocument), 'still no reload');
          assert.deepEqual(await tab.takeErrors(), []);
        }));

      /** Clicks the getting-started TOC's link to `id`, timing in the page how long its heading takes to land. */
      const clickTocLink = async (tab: Tab, id: string) => {
        if (narrow) {
          await tab.click('.toc-disclosure summary');
          await waitUntil(tab, 'the open TOC', visible, [`.toc--inline a[href="#${id}"]`]);
        }
        await tab.evaluate(recordLanding, id);
        await tab.click(`${narrow ? '.toc--inline' : '.doc-page__toc'} a[href="#${id}"]`);
      };

      it(title('a TOC link lands its heading at its margin within 1 s'), async () =>
        withTab(async (tab) => {
          await visit(tab, '/docs/getting-started/');
          await clickTocLink(tab, 'concepts-review');
          await waitUntil(tab, 'the heading to land', landing, []);
          assertLandedInTime((await tab.evaluate(landing))!, name);
          // Three more frames, however long this engine takes to draw them: the scroll ends where it landed.
          await tab.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => r())))));
          assert.ok(Math.abs(await tab.evaluate(offMargin, 'concepts-review')) <= 1, 'and stays there');
          assert.ok((await tab.url()).endsWith('#concepts-review'));
          assert.deepEqual(await tab.takeErrors(), []);
        }));

      it(title('with reduced motion, a TOC link lands its heading at once'), async () =>
        withTab(async (tab) => {
          await visit(tab, '/docs/getting-started/');
          assert.equal(await tab.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches), true, 'the engine reports reduced motion');
          await clickTocLink(tab, 'your-first-share');
          assert.ok(Math.abs(await tab.evaluate(offMargin, 'your-first-share')) <= 1, 'in place as soon as the click is handled');
        }, { reducedMotion: true }));

      it(title('the colour mode switches and survives a reload'), async () =>
        withTab(async (tab) => {
          await visit(tab, '/docs/concepts/');
          const theme = () => document.documentElement.dataset.theme;
          assert.equal(await tab.evaluate(theme), 'dark', 'dark by default');
          const toggle = `${narrow ? '.mobile-sidebar__panel' : 'header.navbar'} button[aria-label^="Colour mode"]`;
          const shows = (s: string, choice: string) => document.querySelector(s)?.getAttribute('aria-label')?.replace(/[.(].*/, '').trim() === choice;
          // dark (default) → system → light
          if (narrow) await openMenu(tab);
          for (const next of ['Colour mode: system', 'Colour mode: light']) {
            await tab.click(toggle);
            await waitUntil(tab, next, shows, [toggle, next]);
          }
          assert.equal(await tab.evaluate(theme), 'light');
          await tab.reload();
          await waitHydrated(tab);
          assert.equal(await tab.evaluate(theme), 'light', 'kept across the reload');
          assert.deepEqual(await tab.takeErrors(), []);
        }));

      it(title('the search dialog opens with Ctrl+K and with /, lists hits as links, and Enter opens the chosen one'), async () =>
        withTab(async (tab) => {
          await visit(tab, '/docs/getting-started/');
          const modalOpen = () => !!document.querySelector('.DocSearch-Modal') && document.activeElement?.classList.contains('DocSearch-Input') === true;
          await tab.press('/');
          await waitUntil(tab, 'the dialog opened with /', modalOpen, []);
          await tab.press('Escape');
          await waitUntil(tab, 'the dialog to close', () => !document.querySelector('.DocSearch-Modal'), []);
          await tab.press('Control+k');
          await waitUntil(tab, 'the dialog opened with Ctrl+K', modalOpen, []);
          // The field that has focus shows it: a ring of 2 px or more around the search form. A window without the
          // system's focus (WebKitGTK's, at times, under the driver) matches no :focus-within; there the page's rule is read.
          const ring = await tab.evaluate(() => {
            const form = document.querySelector('.DocSearch-Form')!;
            if (!document.hasFocus()) {
              const rules = [...document.styleSheets].flatMap((s) => [...s.cssRules]).filter((r): r is CSSStyleRule => r instanceof CSSStyleRule);
              // The outline shorthand (its colour a var()) as written: CSSOM leaves its longhands empty.
              const outline = rules.filter((r) => /\.DocSearch-Form:focus-within/.test(r.selectorText)).map((r) => /^([\d.]+)px (solid|double)\b/.exec(r.style.getPropertyValue('outline'))).find(Boolean);
              return { style: outline?.[2] ?? 'none', width: outline ? parseFloat(outline[1]) : 0, shadow: 'none', from: 'rule' };
            }
            const style = getComputedStyle(form);
            return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), shadow: style.boxShadow, from: 'computed' };
          });
          assert.ok((ring.style !== 'none' && ring.width >= 2) || /inset/.test(ring.shadow), `a focus ring on the search field: ${JSON.stringify(ring)}`);
          await tab.type('reserved');
          await waitUntil(tab, 'hits', () => document.querySelectorAll('.DocSearch-Hit a[href]').length > 0, []);
          const chosen = await tab.evaluate(() => document.querySelector('.DocSearch-Hit a[aria-selected="true"]')?.getAttribute('href') ?? null);
          assert.ok(chosen?.startsWith('/docs/'), `the first hit is chosen (${chosen})`);
          await tab.press('Enter');
          await waitUntil(tab, `the chosen page ${chosen}`, (href: string) => location.pathname + location.hash === href && !document.querySelector('.DocSearch-Modal'), [chosen!]);
          assert.equal(pathOf(await tab.url()), chosen);
          assert.deepEqual(await tab.takeErrors(), []);
        }));

      it(title('tabs with the same groupId switch together'), async () =>
        withTab(async (tab) => {
          await visit(tab, '/docs/guides/agent/windows-service/');
          const selected = () => [...document.querySelectorAll('.tabs[data-group-id="windows-shell"]')].map((t) => t.querySelector('[role="tab"][aria-selected="true"]')?.textContent);
          const first = await tab.evaluate(selected);
          assert.ok(first.length >= 2 && first.every((s) => s === first[0]), JSON.stringify(first));
          await tab.click('.tabs[data-group-id="windows-shell"] [role="tab"][aria-selected="false"]');
          await waitUntil(tab, 'every group to switch', (was: string) => {
            const now = [...document.querySelectorAll('.tabs[data-group-id="windows-shell"]')].map((t) => t.querySelector('[role="tab"][aria-selected="true"]')?.textContent);
            return now.every((s) => s === now[0] && s !== was);
          }, [first[0]!]);
        }));

      it(title('the copy button copies the code, and says so'), async () =>
        withTab(async (tab) => {
          await visit(tab, '/docs/getting-started/');
          const code = await tab.evaluate(() => document.querySelector('.code-block pre')!.textContent!.replace(/\n$/, ''));
          await tab.click('.code-block__copy');
          // It says so by its name and by a tick in place of its icon.
          await waitUntil(tab, 'the button to be named Copied and show its tick', () => {
            const button = document.querySelector('.code-block__copy');
            return button?.getAttribute('aria-label') === 'Copied' && button.hasAttribute('data-copied');
          }, []);
          if (tab.clipboardText) assert.equal(await tab.clipboardText(), code);
          assert.deepEqual(await tab.takeErrors(), []);
        }));

      if (narrow) {
        it(title('the phone menu opens, keeps focus inside, and closes on Escape'), async () =>
          withTab(async (tab) => {
            await visit(tab, '/docs/getting-started/');
            await openMenu(tab);
            const inMenu = () => !!document.activeElement?.closest('[role="dialog"][aria-label="Docs navigation"]');
            await waitUntil(tab, 'focus in the menu', inMenu, []);
            for (const key of [...Array(12).fill('Tab'), 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
              await tab.press(key);
              assert.ok(await tab.evaluate(inMenu), `focus left the menu after ${key}`);
            }
            await tab.press('Escape');
            await waitUntil(tab, 'the menu to close and focus to return to its button', () => !document.querySelector('[role="dialog"][aria-label="Docs navigation"]') && document.activeElement?.classList.contains('mobile-menu-button') === true, []);
            assert.deepEqual(await tab.takeErrors(), []);
          }));
      }

      it(title(narrow ? 'a wide diagram shows its narrow layout, or scrolls in its box with the hint' : 'diagrams show their wide layout'), async () =>
        withTab(async (tab) => {
          const layouts = { narrow: 0, wide: 0, scrolls: 0 };
          for (const path of ['/docs/concepts/sharing-public/', '/docs/guides/self-hosting/oauth/configuring-oauth/']) {
            await visit(tab, path);
            const diagrams = await tab.evaluate(() =>
              [...document.querySelectorAll('.diagram')].map((d) => {
                const figure = d.querySelector('figure')!;
                const shown = [...d.querySelectorAll('svg.diagram__svg')].filter((s) => s.getBoundingClientRect().width > 0);
                const hint = d.querySelector('.diagram__hint');
                return {
                  title: figure.getAttribute('aria-label'),
                  shown: shown.map((s) => s.getAttribute('class')),
                  scrolls: figure.scrollWidth > figure.clientWidth + 1,
                  hint: hint ? getComputedStyle(hint).visibility : null,
                  right: Math.round(figure.getBoundingClientRect().right),
                };
              }),
            );
            for (const d of diagrams) {
              assert.equal(d.shown.length, 1, `${path} ${d.title}: one drawing shown (${JSON.stringify(d.shown)})`);
              assert.ok(d.right <= width, `${path} ${d.title}: the box ends at ${d.right}`);
              if (d.shown[0]!.includes('--narrow')) layouts.narrow++;
              else if (d.shown[0]!.includes('--wide')) layouts.wide++;
              if (d.scrolls) layouts.scrolls++;
              assert.equal(d.hint === 'visible', d.scrolls, `${path} ${d.title}: the "scroll" hint shows exactly when the drawing is cut off (${d.hint})`);
            }
          }
          if (narrow) assert.ok(layouts.narrow > 0, `a narrow layout is used: ${JSON.stringify(layouts)}`);
          else assert.equal(layouts.narrow, 0, `only wide layouts at ${width} px: ${JSON.stringify(layouts)}`);
          assert.deepEqual(await tab.takeErrors(), []);
        }));

      if (narrow) {
        it(title('a reflowed table keeps its table semantics'), async (t) =>
          withTab(async (tab) => {
            if (!tab.accessibleRole) return void t.skip(`${name}: the driver cannot read the accessibility tree`);
            await visit(tab, '/docs/guides/self-hosting/linux/');
            // The table, a row and a cell laid out as blocks, and no part of it with an explicit role: the roles read
            // below are the engine's own.
            const layout = await tab.evaluate(() => {
              const table = document.querySelector('.markdown table')!;
              const display = [table, table.querySelector('tbody tr')!, table.querySelector('td')!].map((el) => getComputedStyle(el).display);
              return { display, explicitRoles: table.querySelectorAll('[role]').length + Number(table.hasAttribute('role')) };
            });
            assert.deepEqual(layout, { display: ['block', 'block', 'block'], explicitRoles: 0 }, 'the table is laid out as blocks here');
            const parts = ['.markdown table', '.markdown table thead tr', '.markdown table tbody tr', '.markdown table th', '.markdown table td'];
            const roles = [];
            for (const s of parts) roles.push(await tab.accessibleRole(s));
            assert.deepEqual(roles.map((r) => r.toLowerCase().replace('gridcell', 'cell')), ['table', 'row', 'row', 'columnheader', 'cell']);
          }));
      }

      if (narrow) {
        it(title('code wraps by default: every one-line command of the first guide reads whole, and the buttons show, over no code'), async () =>
          withTab(async (tab) => {
            await visit(tab, '/docs/getting-started/');
            const blocks = await tab.evaluate(() =>
              [...document.querySelectorAll('.markdown .code-block')].filter((b) => b.getBoundingClientRect().width > 0).map((b) => {
                const pre = b.querySelector('pre')!;
                const code = pre.getBoundingClientRect();
                const buttons = [...b.querySelectorAll('.code-block__buttons button')].map((x) => ({ r: x.getBoundingClientRect(), opacity: getComputedStyle(x.parentElement!).opacity }));
                return {
                  text: pre.textContent!.slice(0, 30),
                  cut: pre.scrollWidth > pre.clientWidth + 1,
                  hidden: buttons.filter((x) => x.r.width === 0 || x.opacity !== '1').length,
                  covering: buttons.filter(({ r }) => r.width > 0 && r.left < code.right && r.right > code.left && r.top < code.bottom && r.bottom > code.top).length,
                };
              }),
            );
            assert.ok(blocks.length >= 10, `${blocks.length} blocks`);
            assert.deepEqual(blocks.filter((b) => b.cut).map((b) => b.text), [], 'no block is cut at its edge');
            assert.deepEqual(blocks.filter((b) => b.hidden).map((b) => b.text), [], 'buttons shown without a hover');
            assert.deepEqual(blocks.filter((b) => b.covering).map((b) => b.text), [], 'no button over code');
            assert.deepEqual(await tab.takeErrors(), []);
          }));

        for (const mode of ['light', 'dark']) {
          it(title(`unwrapped, a tall block shows a clear shadow at the edge where its code goes on, in ${mode} mode`), async () =>
            withTab(async (tab) => {
              await visit(tab, '/docs/guides/self-hosting/linux/');
              await tab.evaluate(storeSettings, { colorChoice: mode, codeWrap: false });
              await tab.reload();
              await waitHydrated(tab);
              await loaded(tab);
              await tab.evaluate(() => {
                const pre = [...document.querySelectorAll<HTMLElement>('.markdown .code-block pre')].find((p) => p.scrollWidth > p.clientWidth + 40 && p.clientHeight > 300)!;
                pre.setAttribute('data-probe', '');
                window.scrollBy(0, pre.getBoundingClientRect().top - 80);
              });
              await tab.evaluate(hideTextAndButtons);
              const columns = await columnBrightness(tab, () => {
                const pre = document.querySelector<HTMLElement>('[data-probe]')!;
                const r = pre.getBoundingClientRect();
                return { x: r.left + pre.clientLeft, y: r.top + 4, width: pre.clientWidth, height: Math.min(pre.clientHeight, innerHeight - r.top - 20) - 8 };
              });
              const [ground, edge] = [mean(columns.slice(1, 4)), mean(columns.slice(-3))];
              assert.ok(Math.abs(edge - ground) >= 0.25, `the right edge ${edge.toFixed(3)} against the block's ground ${ground.toFixed(3)}`);
            }));
        }

        it(title('a table wider than its box shows a shadow where it goes on, and the page scrollbar leaves the column its width'), async () =>
          withTab(async (tab) => {
            await visit(tab, '/docs/myzrok/limits/');
            const scrollbar = await tab.evaluate(() => window.innerWidth - document.documentElement.clientWidth);
            assert.ok(scrollbar <= 8, `the page scrollbar takes ${scrollbar} px`);
            await loaded(tab);
            const marked = await tab.evaluate(() => {
              const scroller = [...document.querySelectorAll('.table-scroll')].find((b) => b.scrollWidth > b.clientWidth + 40)!;
              scroller.setAttribute('data-probe', '');
              window.scrollBy(0, scroller.getBoundingClientRect().top - 80);
              return scroller.hasAttribute('data-more-right');
            });
            assert.ok(marked, 'marked as going on to the right');
            await tab.evaluate(hideTextAndButtons);
            const columns = await columnBrightness(tab, () => {
              const scroller = document.querySelector('[data-probe]')!;
              const body = scroller.querySelector('tbody')!.getBoundingClientRect();
              const r = scroller.getBoundingClientRect();
              return { x: r.left, y: body.top + 4, width: scroller.clientWidth, height: Math.min(body.height, 300) - 8 };
            });
            const [left, right] = [mean(columns.slice(2, 4)), mean(columns.slice(-4, -2))];
            assert.ok(Math.abs(right - left) >= 0.1, `the right edge ${right.toFixed(3)} against the left ${left.toFixed(3)}`);
          }));

        it(title('a URL in a table shown as blocks breaks, if at all, at the end of a full line'), async () =>
          withTab(async (tab) => {
            await visit(tab, '/docs/guides/self-hosting/linux/');
            const early = await tab.evaluate(() =>
              [...document.querySelectorAll('.markdown td .table-word')].filter((w) => w.textContent!.includes('://')).flatMap((w) => {
                const cell = w.closest('td')!;
                const style = getComputedStyle(cell);
                const end = cell.getBoundingClientRect().right - parseFloat(style.paddingRight);
                const range = document.createRange();
                range.selectNodeContents(w);
                const lines = [...range.getClientRects()].filter((r) => r.width > 0);
                // Every line but the last reaches the cell's end, within a character or two.
                return lines.slice(0, -1).filter((r) => end - r.right > 20).map((r) => `${w.textContent} (a line ends ${Math.round(end - r.right)} px early)`);
              }),
            );
            assert.deepEqual(early, []);
          }));
      } else {
        it(title('tables of up to four columns stay tables on a desktop'), async () =>
          withTab(async (tab) => {
            const blocks: string[] = [];
            for (const path of ['/docs/myzrok/limits/', '/docs/guides/self-hosting/oauth/configuring-oauth/', '/docs/guides/self-hosting/metrics-and-limits/configuring-limits/', '/docs/guides/self-hosting/linux/']) {
              await visit(tab, path);
              const shown = await tab.evaluate(() => [...document.querySelectorAll('.markdown table')].filter((t) => getComputedStyle(t).display !== 'table').map((t) => t.querySelector('tr')!.textContent!.slice(0, 30)));
              blocks.push(...shown.map((s) => `${path}: ${s}`));
            }
            assert.deepEqual(blocks, []);
          }));
      }

      it(title('the old-version banner and the announcement bar show where they should'), async () =>
        withTab(async (tab) => {
          await visit(tab, '/docs/getting-started/');
          assert.ok(await tab.evaluate(visible, 'section.announcement'), 'the announcement on the current version');
          assert.equal(await tab.evaluate(visible, '.version-banner'), false, 'no old-version banner on the current version');
          await visit(tab, routeIn(OLDER_VERSIONS[0], 'getting-started/'));
          assert.ok(await tab.evaluate(visible, '.version-banner'), 'the old-version banner on an older version');
          assert.ok((await tab.evaluate(() => document.querySelector('.version-banner')!.textContent!)).includes(CURRENT_VERSION.label), 'it names the current version');
          assert.equal(await tab.evaluate(visible, 'section.announcement'), false, 'no announcement on an older version');
          assert.deepEqual(await tab.takeErrors(), []);
        }));
    }
  });
}

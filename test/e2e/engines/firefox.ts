/**
 * Firefox ESR (Gecko) through puppeteer-core over WebDriver BiDi: there is no geckodriver here, and puppeteer talks
 * BiDi to Firefox itself. puppeteer-core stays on 23.x: 24.x sends a BiDi command Firefox ESR does not know on
 * every setViewport.
 */
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { pageExpression, type Engine, type Tab, type TabOptions } from './engine.ts';

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** BiDi cannot emulate media features, so reduced motion is Firefox's own setting, in a browser of its own. */
function launch(reducedMotion: boolean): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    protocol: 'webDriverBiDi',
    extraPrefsFirefox: {
      'ui.prefersReducedMotion': reducedMotion ? 1 : 0,
      // Lets a test read the clipboard without a reader's gesture (Firefox's own test setting).
      'dom.events.testing.asyncClipboard': true,
      'dom.events.asyncClipboard.readText': true,
    },
  });
}

/**
 * The roles a table's parts could have, the likeliest first: Firefox over BiDi finds elements by role (about 0.2 s a
 * role), not a role by element.
 */
const ROLES = ['table', 'row', 'columnheader', 'cell', 'rowgroup', 'rowheader', 'gridcell', 'generic', 'group', 'list', 'listitem', 'paragraph'];

/**
 * The role Gecko's accessibility tree gives the first element `selector` matches: the role whose BiDi accessibility
 * locator (browsingContext.locateNodes, which reads that tree) finds it.
 */
async function accessibleRole(page: Page, selector: string): Promise<string> {
  for (const role of ROLES) {
    const found = await page.$$(`::-p-aria([role="${role}"])`);
    if (await page.evaluate((s, ...els) => els.includes(document.querySelector(s)!), selector, ...found)) return role;
  }
  return '';
}

/** 'Control+k' as modifiers held around one key. */
async function pressKeys(page: Page, keys: string) {
  const parts = keys === '+' ? ['+'] : keys.split('+');
  const key = parts.pop()!;
  for (const m of parts) await page.keyboard.down(m as never);
  await page.keyboard.press(key as never);
  for (const m of parts.reverse()) await page.keyboard.up(m as never);
}

/**
 * Runs `navigate` (a goto or a reload) and waits until a new document has loaded. Firefox aborts a navigation that
 * another one replaced (NS_BINDING_ABORTED): the page's own redirect (a redirect page forwarding at once), or a load
 * still under way when it was asked (a new tab's first, or the last one's late work on a busy machine). And the
 * driver's goto can return before the new document is there at all: puppeteer's BiDi `waitForNavigation` takes a
 * history update of the document being left for the navigation. So the tab is read only once a document other than
 * the one being left has loaded, told apart by its time origin (unique to each document); if none comes, the
 * navigation is asked again.
 */
async function navigated(page: Page, navigate: () => Promise<unknown>) {
  // The document being left, which (still complete, still hydrated) must not pass for the new one, as page.url() may
  // already name the URL asked. Read until it answers: a mark that failed to be set would let the old one pass.
  const left = await answered(page, 'performance.timeOrigin');
  for (let asked = 1; ; asked++) {
    try {
      await navigate();
    } catch (e) {
      if (!/NS_BINDING_ABORTED/.test(String(e))) throw e;
    }
    if (await newDocumentLoaded(page, left)) return;
    if (asked === 2) throw new Error(`firefox: no new document loaded at ${page.url()} after asking twice`);
  }
}

/** What `expression` gives in the tab, asked again while the tab has no document to ask (a hang guard of 10 s). */
async function answered(page: Page, expression: string): Promise<unknown> {
  for (const end = Date.now() + 10_000; ; ) {
    try {
      return await page.evaluate(expression);
    } catch (e) {
      if (Date.now() > end) throw e;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** Whether a document other than the one with time origin `left` completes its load (a hang guard of 10 s). */
async function newDocumentLoaded(page: Page, left: unknown): Promise<boolean> {
  for (const end = Date.now() + 10_000; Date.now() < end; ) {
    const state = await page.evaluate(`performance.timeOrigin === ${JSON.stringify(left)} ? "old" : document.readyState`).catch(() => 'navigating');
    if (state === 'complete') return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

export async function firefoxEngine(site: string): Promise<Engine> {
  const browsers = new Map<boolean, Promise<Browser>>();
  const browser = (reducedMotion: boolean) => {
    let b = browsers.get(reducedMotion);
    if (!b) browsers.set(reducedMotion, (b = launch(reducedMotion)));
    return b;
  };
  await browser(false);
  return {
    name: 'firefox',
    site,
    async open({ width, height, reducedMotion = false }: TabOptions): Promise<Tab> {
      const context = await (await browser(reducedMotion)).createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width, height });
      let errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || (m.type() === 'warn' && /hydrat/i.test(m.text()))) errors.push(`console ${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => errors.push(`uncaught: ${e instanceof Error ? e.message : String(e)}`));
      // Chromium logs a failed request as a console error; Gecko's console over BiDi does not, so they are taken here.
      page.on('response', (r) => {
        if (r.status() >= 400) errors.push(`failed request: ${r.status()} ${r.url()}`);
      });
      page.on('requestfailed', (r) => {
        if (!/NS_BINDING_ABORTED/.test(r.failure()?.errorText ?? '')) errors.push(`failed request: ${r.failure()?.errorText} ${r.url()}`);
      });
      const evaluate = <T>(expression: string) => page.evaluate(expression) as Promise<T>;
      return {
        engine: 'firefox',
        goto: (url) => navigated(page, () => page.goto(url)),
        reload: () => navigated(page, () => page.reload()),
        back: async () => void (await page.goBack()),
        forward: async () => void (await page.goForward()),
        url: async () => page.url(),
        evaluate: (fn, ...args) => evaluate(pageExpression(fn, args)),
        click: (selector) => page.click(selector),
        press: (keys) => pressKeys(page, keys),
        type: (text) => page.keyboard.type(text),
        screenshot: () => page.screenshot({ encoding: 'base64' }),
        takeErrors: async () => {
          const taken = errors;
          errors = [];
          return taken;
        },
        clipboardText: () => evaluate<string>('navigator.clipboard.readText()'),
        accessibleRole: (selector) => accessibleRole(page, selector),
        close: () => context.close(),
      };
    },
    async close() {
      for (const b of browsers.values()) await (await b).close();
    },
  };
}

/** Chromium (Blink) through playwright-core, on the browser the other end-to-end files share. */
import type { Browser, ConsoleMessage } from 'playwright-core';
import { launchBrowser } from '../support.ts';
import { pageExpression, type Engine, type Tab, type TabOptions } from './engine.ts';

export async function chromiumEngine(site: string): Promise<Engine> {
  const browser: Browser = await launchBrowser();
  return {
    name: 'chromium',
    site,
    async open({ width, height, reducedMotion }: TabOptions): Promise<Tab> {
      const context = await browser.newContext({ viewport: { width, height }, reducedMotion: reducedMotion ? 'reduce' : 'no-preference' });
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const page = await context.newPage();
      let errors: string[] = [];
      page.on('console', (m: ConsoleMessage) => {
        if (m.type() === 'error' || (m.type() === 'warning' && /hydrat/i.test(m.text()))) errors.push(`console ${m.type()}: ${m.text()} (${m.location().url})`);
      });
      page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
      return {
        engine: 'chromium',
        goto: async (url) => void (await page.goto(url)),
        reload: async () => void (await page.reload()),
        back: async () => void (await page.goBack()),
        forward: async () => void (await page.goForward()),
        url: async () => page.url(),
        evaluate: (fn, ...args) => page.evaluate(pageExpression(fn, args)),
        click: (selector) => page.locator(selector).first().click(),
        press: (keys) => page.keyboard.press(keys),
        type: (text) => page.keyboard.type(text),
        screenshot: async () => (await page.screenshot()).toString('base64'),
        takeErrors: async () => {
          const taken = errors;
          errors = [];
          return taken;
        },
        clipboardText: () => page.evaluate(() => navigator.clipboard.readText()),
        accessibleRole: async (selector) => {
          const cdp = await context.newCDPSession(page);
          const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
          const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
          const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
          await cdp.detach();
          return String(nodes[0]?.role?.value ?? '');
        },
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}

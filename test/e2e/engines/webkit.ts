/**
 * WebKitGTK (WebKit, the engine of Safari's family) through webdriverio and Debian's WebKitWebDriver, which drives
 * MiniBrowser. MiniBrowser has no headless mode, so the driver runs on a virtual X display (xvfb-run). A tab starts
 * with empty storage, as a new browser context does in the other engines.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { remote } from 'webdriverio';
import { freePort } from '../nginx.ts';
import { startRecordingProxy, TAKE_RECORDED } from './error-recorder.ts';
import { pageExpression, type Engine, type Tab, type TabOptions } from './engine.ts';

export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

interface Driver {
  port: number;
  child: ChildProcess;
}

/**
 * A driver on its own display. Reduced motion is GTK's "enable animations" setting, which WebKitGTK reads from the
 * settings file of the configuration folder it is started with (WebDriver cannot emulate media features).
 */
async function startDriver(config: string): Promise<Driver> {
  const port = await freePort();
  const child = spawn('xvfb-run', ['-a', WEBKIT_DRIVER, `--port=${port}`], {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true, // its own process group: xvfb-run's Xvfb and the driver stop with it
    env: { ...process.env, XDG_CONFIG_HOME: config },
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  // Until it answers or exits; the minute is only for a driver that does neither.
  for (const hangGuard = Date.now() + 60_000; ; ) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/status`)).ok) return { port, child };
    } catch {
      if (child.exitCode !== null || Date.now() > hangGuard) throw new Error(`WebKitWebDriver did not start: ${stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** 'Control+k' as the key list webdriverio presses and then releases. */
const keyList = (keys: string) => (keys === '+' ? ['+'] : keys.split('+'));

export async function webkitEngine(site: string): Promise<Engine> {
  const proxy = await startRecordingProxy(site);
  const work = await mkdtemp(path.join(tmpdir(), 'zrok-webkit-'));
  const configs = { plain: path.join(work, 'plain'), reduced: path.join(work, 'reduced') };
  await mkdir(path.join(configs.plain, 'gtk-3.0'), { recursive: true });
  await mkdir(path.join(configs.reduced, 'gtk-3.0'), { recursive: true });
  await writeFile(path.join(configs.reduced, 'gtk-3.0', 'settings.ini'), '[Settings]\ngtk-enable-animations=0\n');
  const drivers = new Map<boolean, Promise<Driver>>();
  const started: ChildProcess[] = [];
  const stopDrivers = () => {
    for (const child of started.splice(0)) {
      try {
        process.kill(-child.pid!, 'SIGTERM'); // the group: xvfb-run, Xvfb, the driver and its browsers
      } catch {
        /* already gone */
      }
    }
  };
  process.once('exit', stopDrivers); // a test file that ends early leaves no display or driver behind
  const driver = (reduced: boolean) => {
    let d = drivers.get(reduced);
    if (!d) {
      d = startDriver(reduced ? configs.reduced : configs.plain);
      void d.then(({ child }) => started.push(child), () => {});
      drivers.set(reduced, d);
    }
    return d;
  };
  await driver(false);

  /**
   * One browser session per setting, used by one tab at a time: starting MiniBrowser is the slow part of a WebKit
   * tab (seconds on a busy machine, and once it never answered), so a tab that closes leaves it for the next, which
   * starts from a page of the site's origin whose storage it empties.
   */
  const sessions = new Map<boolean, Promise<WebdriverIO.Browser>>();
  const session = async (reducedMotion: boolean): Promise<WebdriverIO.Browser> => {
    let s = sessions.get(reducedMotion);
    if (!s) {
      const { port } = await driver(reducedMotion);
      s = remote({
        hostname: '127.0.0.1',
        port,
        path: '/',
        logLevel: 'error',
        // No browserName: WebKitWebDriver refuses one it does not expect.
        capabilities: { 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } } as WebdriverIO.Capabilities,
      });
      sessions.set(reducedMotion, s);
    }
    const browser = await s;
    try {
      await browser.url(`${proxy.url}/favicon.svg`); // the site's origin, without the app
      await browser.execute('localStorage.clear(); sessionStorage.clear();');
      return browser;
    } catch {
      // The browser went away: start another.
      sessions.delete(reducedMotion);
      await browser.deleteSession().catch(() => {});
      return session(reducedMotion);
    }
  };

  return {
    name: 'webkit',
    site: proxy.url,
    async open({ width, height, reducedMotion = false }: TabOptions): Promise<Tab> {
      const browser = await session(reducedMotion);
      // The window holds a little chrome above the page: size the window so that the page gets what was asked.
      await browser.setWindowSize(width, height);
      const inner = (await browser.execute('return [innerWidth, innerHeight]')) as [number, number];
      if (inner[1] !== height) await browser.setWindowSize(width, height + (height - inner[1]));
      let errors: string[] = [];
      /** What the page recorded, taken before the document is left (a new document starts a new record). */
      const harvest = async () => {
        try {
          errors.push(...((await browser.execute(TAKE_RECORDED)) as string[]));
        } catch {
          /* no document yet */
        }
      };
      return {
        engine: 'webkit',
        goto: async (url) => {
          await harvest();
          await browser.url(url);
        },
        reload: async () => {
          await harvest();
          await browser.refresh();
        },
        back: () => browser.back(),
        forward: () => browser.forward(),
        url: () => browser.getUrl(),
        evaluate: <T>(fn: (...a: never[]) => unknown, ...args: unknown[]) => browser.execute(`return ${pageExpression(fn, args)}`) as Promise<T>,
        click: async (selector) => (await browser.$(selector)).click(),
        press: (keys) => browser.keys(keyList(keys)),
        type: (text) => browser.keys(text.split('')),
        screenshot: () => browser.takeScreenshot(),
        takeErrors: async () => {
          await harvest();
          const taken = errors;
          errors = [];
          return taken;
        },
        accessibleRole: async (selector) => (await browser.$(selector)).getComputedRole(),
        close: async () => {}, // the session stays for the next tab
      };
    },
    async close() {
      for (const s of sessions.values()) await (await s).deleteSession().catch(() => {});
      await Promise.allSettled(drivers.values());
      stopDrivers();
      process.off('exit', stopDrivers);
      await proxy.close();
      await rm(work, { recursive: true, force: true });
    },
  };
}

/**
 * The thin layer the reader journeys are written against, once, for every browser engine: a tab that opens URLs,
 * runs a function in the page, clicks and types as a reader does, and reports the errors the page logged. Each
 * engine implements it with the driver that reaches it here (chromium.ts, firefox.ts, webkit.ts).
 */
export type EngineName = 'chromium' | 'firefox' | 'webkit';

/** The narrowest window each engine is tested at: a small phone, or what MiniBrowser's window allows (about 447 px). */
export const NARROWEST: Record<EngineName, number> = { chromium: 360, firefox: 360, webkit: 447 };

export interface TabOptions {
  width: number;
  height: number;
  /** The reader prefers reduced motion (the engine's own setting, not a script's stand-in). */
  reducedMotion?: boolean;
}

export interface Tab {
  readonly engine: EngineName;
  /** Opens a URL and waits for its document to load. */
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  back(): Promise<void>;
  forward(): Promise<void>;
  /** The URL the tab shows. */
  url(): Promise<string>;
  /** Runs `fn` in the page with JSON arguments and returns its (awaited) JSON result. */
  evaluate<A extends unknown[], T>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T>;
  /** A driver's click in the middle of the first element `selector` matches, scrolled into view as a driver does. */
  click(selector: string): Promise<void>;
  /** Keys as a reader presses them: 'Escape', '/', 'Control+k', 'Shift+Tab'. */
  press(keys: string): Promise<void>;
  type(text: string): Promise<void>;
  /** The window's content as the engine paints it: a PNG, base64-encoded. */
  screenshot(): Promise<string>;
  /** Console errors, uncaught errors and failed requests of the page since the last call. */
  takeErrors(): Promise<string[]>;
  /** The clipboard's text, where the engine lets the driver read it. */
  readonly clipboardText?: () => Promise<string>;
  /** The role the engine's accessibility tree gives the element, where the driver can ask it. */
  readonly accessibleRole?: (selector: string) => Promise<string>;
  close(): Promise<void>;
}

export interface Engine {
  readonly name: EngineName;
  /** The address this engine reads the served site at. */
  readonly site: string;
  open(options: TabOptions): Promise<Tab>;
  close(): Promise<void>;
}

/**
 * A function of the test as a script expression the page evaluates. tsx compiles tests with esbuild's keepNames,
 * which wraps named functions in a `__name` helper the page does not have: the expression brings its own.
 */
export function pageExpression(fn: (...args: never[]) => unknown, args: unknown[]): string {
  return `(() => { const __name = (f) => f; return (${fn.toString()})(...${JSON.stringify(args)}); })()`;
}

/** Polls `fn` in the page until it returns something truthy; fails naming `what` after `timeout` ms. */
export async function waitUntil<A extends unknown[]>(tab: Tab, what: string, fn: (...args: A) => unknown, args: A, timeout = 10_000): Promise<void> {
  const end = Date.now() + timeout;
  for (;;) {
    if (await tab.evaluate(fn, ...args)) return;
    if (Date.now() > end) throw new Error(`${tab.engine}: timed out after ${timeout} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until the app has hydrated (the flag Layout sets once every handler of the page is attached). */
export const waitHydrated = (tab: Tab, timeout = 20_000) => waitUntil(tab, 'hydration', () => window.__hydrated === true, [], timeout);

/** Starts an engine on the site served at `site`. */
export async function startEngine(name: EngineName, site: string): Promise<Engine> {
  if (name === 'chromium') return (await import('./chromium.ts')).chromiumEngine(site);
  if (name === 'firefox') return (await import('./firefox.ts')).firefoxEngine(site);
  return (await import('./webkit.ts')).webkitEngine(site);
}

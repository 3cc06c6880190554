/** What the dev-server benchmarks share: a free port, waiting for a condition, and timing an edit in the browser. */
import { createServer } from 'node:net';
import type { Page } from 'playwright-core';

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Resolves with the first value `check` gives that is not undefined; a check that throws counts as not yet. */
export async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Milliseconds from `save()` to the moment `marker` is in the tab's main content. The browser notes that moment
 * itself (its clock and ours are the same machine's wall clock), so that the wait is no text search of the page, which
 * would take the browser's main thread from the page it renders (on a long page, a third of its time in an edit).
 */
export async function timeEdit(tab: Page, marker: string, save: () => Promise<void>): Promise<{ ms: number; saved: number }> {
  await tab.evaluate((m) => {
    const w = window as unknown as { shownAt?: number; watcher?: MutationObserver };
    w.shownAt = undefined;
    w.watcher?.disconnect();
    w.watcher = new MutationObserver(() => {
      if (w.shownAt === undefined && document.querySelector('main')?.textContent?.includes(m)) w.shownAt = performance.timeOrigin + performance.now();
    });
    w.watcher.observe(document.body, { childList: true, subtree: true, characterData: true });
  }, marker);
  const saved = Date.now();
  await save();
  const shownAt = await tab.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const w = window as unknown as { shownAt?: number };
        const poll = setInterval(() => {
          if (w.shownAt === undefined) return;
          clearInterval(poll);
          resolve(w.shownAt);
        }, 20);
      }),
  );
  return { ms: shownAt - saved, saved };
}

/**
 * Page chunks that fail to load. The failure always reaches the page, which shows its load-error
 * view with Retry. When the site itself still answers (so the chunk is gone because a new version
 * was deployed, not because the reader is offline), the page also reloads itself — once: a second
 * failure within a minute stays on the error view instead of reloading in a loop.
 */
const RELOAD_KEY = 'zrok-docs:reloaded-for-chunks';
const WINDOW_MS = 60_000;

function reloadedRecently(): boolean {
  try {
    return Date.now() - Number(sessionStorage.getItem(RELOAD_KEY) ?? 0) < WINDOW_MS;
  } catch {
    return true; // no session storage: never risk a loop
  }
}

async function siteAnswers(): Promise<boolean> {
  try {
    const res = await fetch(window.location.href, { method: 'HEAD', cache: 'no-store' });
    return res.ok;
  } catch {
    return false;
  }
}

/** Chunks whose failure their own UI shows with Retry (the search dialog: src/search/SearchBar.tsx). */
const SELF_HANDLED = /\/SearchModal-[^/]*\.js\b/;

export function installChunkReload() {
  window.addEventListener('vite:preloadError', (e) => {
    if (SELF_HANDLED.test(String((e as Event & { payload?: Error }).payload?.message ?? '')) || reloadedRecently()) return;
    void siteAnswers().then((up) => {
      if (!up || reloadedRecently()) return;
      try {
        sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
      } catch {
        return;
      }
      window.location.reload();
    });
  });
}

/** Set when a page chunk failed while starting up, so the page is rendered fresh, not hydrated. */
export const chunkFailures = { atStartup: false };

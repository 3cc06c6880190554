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

/**
 * The stale-deployment rule, for any chunk that failed: reload once, and only if the site answers.
 * Resolves false when it will not reload (reloaded a minute ago, offline, no session storage).
 */
export async function reloadOnceIfSiteAnswers(): Promise<boolean> {
  if (reloadedRecently()) return false;
  const up = await siteAnswers();
  if (!up || reloadedRecently()) return false;
  try {
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/** Chunks whose failure their own UI shows with Retry (the search dialog: src/search/SearchBar.tsx). */
const SELF_HANDLED = /\/SearchModal-[^/]*\.js\b/;

export function installChunkReload() {
  // Vite raises this for the chunks it preloads; page bodies come through a plain import() and
  // call reloadOnceIfSiteAnswers themselves (see main.tsx and the page route).
  window.addEventListener('vite:preloadError', (e) => {
    if (SELF_HANDLED.test(String((e as Event & { payload?: Error }).payload?.message ?? ''))) return;
    void reloadOnceIfSiteAnswers();
  });
}

/**
 * Shown when the first page's body failed to load: the prerendered page stays as it is (it reads
 * and links without scripts), and this small notice says what is missing and offers Retry.
 */
export function showStartupLoadNotice(error: Error, retry: () => Promise<boolean>) {
  document.querySelector('.load-notice')?.remove();
  const notice = document.createElement('div');
  notice.className = 'load-notice';
  notice.setAttribute('role', 'alert');
  const text = document.createElement('p');
  text.textContent = `The interactive parts of this page could not be loaded (${error.message}). You can still read it and follow its links.`;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button button--primary';
  button.textContent = 'Retry';
  button.addEventListener('click', async () => {
    button.disabled = true;
    if (await retry()) notice.remove();
    else button.disabled = false;
  });
  notice.append(text, button);
  document.body.append(notice);
}

/**
 * Page chunks that fail to load. The failure always reaches the page, which shows its load-error
 * view with Retry. When the chunk is gone because a new version was deployed (not because the
 * reader is offline, nor because the browser dropped it: Firefox cancels a page's fetches as soon
 * as the reader sets off for another page), the page also reloads itself — once: a second
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

/** Whether the site answers at all (the reader is not offline). */
export async function siteAnswers(): Promise<boolean> {
  try {
    const res = await fetch(window.location.href, { method: 'HEAD', cache: 'no-store' });
    return res.ok;
  } catch {
    return false;
  }
}

/** The scripts a document starts the app with: every build that changes a chunk names one of them anew. */
function entryScripts(doc: ParentNode): string | null {
  const srcs = Array.from(doc.querySelectorAll('script[type="module"][src]'), (s) => s.getAttribute('src'));
  return srcs.length ? srcs.join(' ') : null;
}

/**
 * Whether the site now serves another build than the one this page runs: the page's HTML, asked again, starts the
 * app with another script. Unknown (offline, a host's own error page) counts as no.
 */
async function redeployed(): Promise<boolean> {
  const ours = entryScripts(document);
  if (!ours) return false;
  try {
    // The not-found page answers 404 with the app's HTML all the same.
    const res = await fetch(window.location.href, { cache: 'no-store' });
    const theirs = entryScripts(new DOMParser().parseFromString(await res.text(), 'text/html'));
    return theirs !== null && theirs !== ours;
  } catch {
    return false;
  }
}

/**
 * The stale-deployment rule: reload once, when `check` says the reload will help (siteAnswers, for a chunk already
 * known to belong to an old deployment; redeployed, for one that just failed). Resolves false when it will not reload
 * (reloaded a minute ago, the check said no, no session storage).
 */
export async function reloadOnceIf(check: () => Promise<boolean>): Promise<boolean> {
  if (reloadedRecently()) return false;
  const helps = await check();
  if (!helps || reloadedRecently()) return false;
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
  // Vite raises this for the chunks it preloads; page bodies come through a plain import(), and main.tsx and the
  // page route reload for them when the page's data names another body.
  // A chunk of the app failing says nothing of why (the page may be asking for it ahead of a click the reader will
  // never make): the page reloads only when the site now runs another build.
  window.addEventListener('vite:preloadError', (e) => {
    if (SELF_HANDLED.test(String((e as Event & { payload?: Error }).payload?.message ?? ''))) return;
    void reloadOnceIf(redeployed);
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

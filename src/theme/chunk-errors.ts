/**
 * Page chunks that fail to load. A failed preload of a new deployment's chunks (Vite's
 * `vite:preloadError`) reloads the page once; if it fails again within a minute, the error is left
 * to the page's load-error view instead of reloading in a loop.
 */
const RELOAD_KEY = 'zrok-docs:reloaded-for-chunks';
const WINDOW_MS = 60_000;

function reloadedRecently(): boolean {
  try {
    const at = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
    return Date.now() - at < WINDOW_MS;
  } catch {
    return true; // no session storage: never risk a loop
  }
}

export function installChunkReload() {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadedRecently()) return; // let the import fail: the load-error view shows it
    event.preventDefault();
    try {
      sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
    } catch {
      return;
    }
    window.location.reload();
  });
}

/** Set when a page chunk failed while starting up, so the page is rendered fresh, not hydrated. */
export const chunkFailures = { atStartup: false };

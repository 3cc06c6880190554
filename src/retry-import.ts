/**
 * Dynamic imports that can be tried again. Chromium (150 on the test machines) keeps a module whose fetch failed
 * as failed for the rest of the page's life: importing the same URL again fails at once, and no request is made.
 * So an attempt after a failure imports the URL with a query of its own (`?retry=1`, `?retry=2`, …). To the
 * browser that is a new module, and to any server it is the same file. The module never ran under its first URL,
 * so there is still one copy of it.
 */

/** Failed attempts so far, by the module's URL. */
const failures = new Map<string, number>();

type Importer = (url: string) => Promise<unknown>;
const browserImport: Importer = (url) => import(/* @vite-ignore */ url);

/** The URL the next attempt at `url` imports. */
function attemptUrl(url: string): string {
  const failed = failures.get(url) ?? 0;
  return failed ? `${url}${url.includes('?') ? '&' : '?'}retry=${failed}` : url;
}

/** Imports the module at `url`; after a failure, the next call asks the network again. */
export function importRetrying<T>(url: string, importer: Importer = browserImport): Promise<T> {
  return (importer(attemptUrl(url)) as Promise<T>).catch((e: unknown) => {
    failures.set(url, (failures.get(url) ?? 0) + 1);
    throw e;
  });
}

/**
 * The module URL that a failed dynamic import names. Chromium and Firefox put it at the end of the message;
 * Safari's message names none, and neither does Vite's when a chunk's CSS failed (the next attempt is Vite's again).
 */
export function failedModuleUrl(error: unknown): string | undefined {
  return /dynamically imported module:\s*(https?:\/\/\S+)\s*$/.exec(String((error as Error | undefined)?.message ?? ''))?.[1];
}

/**
 * A loader for one of the app's own chunks. The first attempt is `load`: Vite's import, which also fetches the
 * chunk's CSS. After it failed, the chunk's URL (from the error) is imported with importRetrying. When the error
 * names no URL, each attempt is `load` again.
 */
export function chunkLoader<T>(load: () => Promise<T>, importer: Importer = browserImport): () => Promise<T> {
  let url: string | undefined;
  return () => {
    if (url) return importRetrying<T>(url, importer);
    return load().catch((e: unknown) => {
      url = failedModuleUrl(e);
      if (url) failures.set(url, 1);
      throw e;
    });
  };
}

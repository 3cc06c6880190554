/**
 * What the app gets when it imports 'react' (vite.config.ts, reactIsPreact): Preact's compatible API, with one hook
 * made to behave as React's does around hydration.
 *
 * React's useSyncExternalStore renders the server snapshot while it hydrates, so the first render in the browser
 * matches the prerendered HTML, and then renders again with the browser's snapshot. Preact's always takes the
 * browser's, and its hydration does not patch attributes that differ: a stored setting (the reader's tab choice, a
 * collapsed category) read before hydration would leave the HTML's attributes wrong. Components that mount while the
 * page hydrates (and every render on the server) take the server snapshot here, then switch once mounted.
 */
import compat, { useEffect, useState, useSyncExternalStore as preactUseSyncExternalStore } from 'preact/compat';

// preact/compat's types are written as `export =`, which TypeScript will not re-export with `export *`; the module is ESM.
// @ts-expect-error TS2498
export * from 'preact/compat';

const onServer = typeof window === 'undefined';
let hydrating = false;

/** Brackets the hydration of the prerendered page (main.tsx): Preact hydrates synchronously, in one call. */
export function hydrateWithServerSnapshots(hydrate: () => void): void {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
}

export function useSyncExternalStore<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T, getServerSnapshot?: () => T): T {
  const [fromServer, setFromServer] = useState(() => (onServer || hydrating) && !!getServerSnapshot);
  useEffect(() => {
    if (fromServer) setFromServer(false);
  }, [fromServer]);
  return preactUseSyncExternalStore(subscribe, fromServer && getServerSnapshot ? getServerSnapshot : getSnapshot);
}

/** `import React from 'react'` (zustand does): the same API with the hook above. */
export default { ...compat, useSyncExternalStore };

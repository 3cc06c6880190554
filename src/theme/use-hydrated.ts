import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server and while the prerendered page hydrates, true from then on. A value that only the browser
 * knows (the query in the URL of the search page) is rendered once this is true: the hydrating render must match
 * the HTML, or React throws the prerendered HTML away and renders the page again from scratch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

import { use } from 'react';
import { useLocation } from 'react-router-dom';
import type { PageData } from '../content/page-data.ts';
import { shownPage, type PageState } from '../page-loader.ts';
import { isPagePath } from '../router/paths.ts';
import { usePagesRevision } from '../router/AppRouter.tsx';

/**
 * The state of the docs page on screen (undefined on the home and search pages), for the page and the chrome
 * around it. It suspends while the page loads: the router keeps the last page on screen until then.
 */
export function usePageState(): PageState | undefined {
  usePagesRevision(); // read again when the dev server says content changed
  const { pathname } = useLocation();
  return isPagePath(pathname) ? use(shownPage(pathname)) : undefined;
}

/** The data of the docs page on screen; undefined on the home, search and not-found pages. */
export function usePageData(): PageData | undefined {
  const state = usePageState();
  return state && state.kind !== 'not-found' ? state.data : undefined;
}

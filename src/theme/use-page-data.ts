import { useRouteLoaderData } from 'react-router-dom';
import type { PageData } from '../content/page-data.ts';
import type { PageState } from '../page-loader.ts';

/** The loader state of the docs page on screen, if a docs route is matched (for the chrome around it). */
export function usePageState(): PageState | undefined {
  return useRouteLoaderData('page') as PageState | undefined;
}

/** The data of the docs page on screen; undefined on the home, search and not-found pages. */
export function usePageData(): PageData | undefined {
  const state = usePageState();
  return state && state.kind !== 'not-found' ? state.data : undefined;
}

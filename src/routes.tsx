import { redirect, type RouteObject } from 'react-router-dom';
import siteConfig from '../site.config.ts';
import { site } from './site-data.ts';
import { Layout } from './theme/Layout.tsx';
import { PageRoute } from './theme/PageRoute.tsx';
import { HomePage } from './theme/HomePage.tsx';
import { CrashPage } from './theme/CrashPage.tsx';
import { preferredMainDocRoute } from './theme/preferred-version.ts';
import { loadPage } from './page-loader.ts';

export interface RouteHandle {
  kind: 'home' | 'page' | 'search';
}

/** Route id of the docs pages' route, whose loader data every part of the chrome can read. */
export const PAGE_ROUTE_ID = 'page';

/** A request's path without the base URL: '/docs/x/'. */
export function sitePath(url: string): string {
  const base = import.meta.env.BASE_URL.replace(/\/$/, '');
  const { pathname } = new URL(url);
  return pathname.startsWith(base) ? pathname.slice(base.length) || '/' : pathname;
}

/**
 * A fixed handful of routes, however many pages there are: every docs page goes through one
 * route whose loader fetches that page's data and body (see page-loader.ts).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    ErrorBoundary: CrashPage,
    children: [
      { index: true, Component: HomePage, handle: { kind: 'home' } satisfies RouteHandle },
      { path: `${siteConfig.search.pagePath}/`, lazy: () => import('./search/SearchPage.tsx'), handle: { kind: 'search' } satisfies RouteHandle },
      // The current version's root leads to the reader's preferred version (in the browser).
      ...site.versions.map((v): RouteObject => ({ path: v.root, loader: () => redirect(v.current ? preferredMainDocRoute() : v.mainDocRoute) })),
      ...siteConfig.redirects.map((r): RouteObject => ({ path: r.from, loader: () => redirect(r.to) })),
      { id: PAGE_ROUTE_ID, path: '*', loader: ({ request }) => loadPage(sitePath(request.url)), Component: PageRoute, handle: { kind: 'page' } satisfies RouteHandle },
    ],
  },
];

export const searchPagePath = `/${siteConfig.search.pagePath}/`;

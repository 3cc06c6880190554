import { use } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import siteConfig from '../site.config.ts';
import { site } from './site-data.ts';
import { isPagePath, redirectTarget, searchPagePath } from './router/paths.ts';
import { shownPage } from './page-loader.ts';
import { Layout } from './theme/Layout.tsx';
import { PageRoute } from './theme/PageRoute.tsx';
import { HomePage } from './theme/HomePage.tsx';
import { settled } from './router/settled.ts';
import type { ComponentType } from 'react';

let searchPage: Promise<{ Component: ComponentType; loadServerIndex: () => Promise<unknown> }> | undefined;
/** The search page's code, loaded when it is first shown (or before the page hydrates, when it is the first page). */
export function loadSearchPage() {
  searchPage ??= settled(import('./search/SearchPage.tsx'));
  return searchPage;
}

/** Loads what the route at `path` shows, following redirects: a page's data and body, or the search page's code. */
export function prepareRoute(path: string): Promise<unknown> {
  const target = redirectTarget(path);
  if (target) return prepareRoute(target);
  if (path === searchPagePath) return loadSearchPage();
  return isPagePath(path) ? shownPage(path) : Promise.resolve();
}

function SearchRoute() {
  const { Component } = use(loadSearchPage());
  return <Component />;
}

function Redirect({ from }: { from: string }) {
  return <Navigate to={redirectTarget(from)!} replace />;
}

/**
 * A fixed handful of routes, however many pages there are: every docs page goes through one route, which reads
 * that page's data and body as they load (page-loader.ts).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path={searchPagePath} element={<SearchRoute />} />
        {site.versions.map((v) => (
          <Route key={v.root} path={v.root} element={<Redirect from={v.root} />} />
        ))}
        {siteConfig.redirects.map((r) => (
          <Route key={r.from} path={r.from} element={<Redirect from={r.from} />} />
        ))}
        <Route path="*" element={<PageRoute />} />
      </Route>
    </Routes>
  );
}

import { redirect, type RouteObject } from 'react-router-dom';
import type { MDXContent } from 'mdx/types';
import siteConfig from '../site.config.ts';
import { site } from './site-data.ts';
import type { DocEntry } from './content/types.ts';
import { Layout } from './theme/Layout.tsx';
import { DocLayout } from './theme/DocLayout.tsx';
import { DocPage } from './theme/DocPage.tsx';
import { CategoryIndexPage } from './theme/CategoryIndexPage.tsx';
import { HomePage } from './theme/HomePage.tsx';
import { NotFoundPage } from './theme/NotFoundPage.tsx';
import { CrashPage } from './theme/CrashPage.tsx';
import { mdxComponents } from './mdx/components.tsx';
import { LoadErrorPage } from './theme/LoadErrorPage.tsx';
import { chunkFailures } from './theme/chunk-errors.ts';
import { preferredMainDocRoute } from './theme/preferred-version.ts';

type MdxModule = { default: MDXContent };

/** Every page body is its own lazily loaded chunk. Files and folders starting with `_` are not pages. */
const pages = import.meta.glob<MdxModule>(['/content/docs/**/*.{md,mdx}', '!/content/docs/**/_*', '!/content/docs/**/_*/**']);

export interface RouteHandle {
  kind: 'home' | 'doc' | 'category' | 'search' | 'not-found';
  /** Source key of a doc page's chunk (for preloading). */
  source?: string;
}

const loaderByRoute = new Map<string, () => Promise<MdxModule>>();

function docRoute(doc: DocEntry): RouteObject {
  const load = pages[`/${doc.source}`];
  if (!load) throw new Error(`no page module for ${doc.source}`);
  loaderByRoute.set(doc.route, load);
  return {
    path: doc.route,
    handle: { kind: 'doc', source: doc.source } satisfies RouteHandle,
    async lazy() {
      try {
        const { default: Content } = await load();
        return {
          Component: () => (
            <DocPage doc={doc}>
              <Content components={mdxComponents} />
            </DocPage>
          ),
        };
      } catch (e) {
        // The page's chunk did not arrive: show the load-error view with Retry, keep the chrome.
        chunkFailures.atStartup = !window.__hydrated;
        const error = e instanceof Error ? e : new Error(String(e));
        return { Component: () => <LoadErrorPage error={error} /> };
      }
    },
  };
}

/** Fetches a page's chunk ahead of a click (prefetch); unknown paths are ignored. */
export function prefetchPage(path: string): void {
  void loaderByRoute.get(path)?.().catch(() => undefined);
}

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
      {
        Component: DocLayout,
        children: site.versions.flatMap((v) => [
          ...v.docs.map(docRoute),
          ...v.categoryIndexes.map((c): RouteObject => ({ path: c.route, Component: CategoryIndexPage, handle: { kind: 'category' } satisfies RouteHandle })),
        ]),
      },
      { path: '*', Component: NotFoundPage, handle: { kind: 'not-found' } satisfies RouteHandle },
    ],
  },
];

/** Every path the prerender writes as a page (redirects are written separately). */
export const searchPagePath = `/${siteConfig.search.pagePath}/`;
export const pagePaths: string[] = ['/', searchPagePath, ...site.versions.flatMap((v) => [...v.docs.map((d) => d.route), ...v.categoryIndexes.map((c) => c.route)])];

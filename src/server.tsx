import { pathToFileURL } from 'node:url';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes, loadSearchPage } from './routes.tsx';
import { isPagePath, redirectTarget, searchPagePath } from './router/paths.ts';
import { ErrorBoundary } from './theme/ErrorBoundary.tsx';
import { CrashPage } from './theme/CrashPage.tsx';
import { pageHead } from './theme/head.ts';
import { loadPage, setPageSource, type PageBodyModule } from './page-loader.ts';
import { mdxComponents } from './mdx/components.tsx';
import { createPageDataBuilder, type PageData, type PageDataBuilder } from './content/page-data.ts';
import siteConfig from '../site.config.ts';
import type { SiteManifest } from './content/types.ts';

export { siteConfig };

let site: SiteManifest | undefined;

let builder: PageDataBuilder | undefined;

/**
 * Call before rendering, with the whole manifest (only the build has it: the browser gets one
 * page's data at a time). A page body comes from its compiled module (`bodyFile`, see
 * page-compiler.ts); `moduleUrl` names the browser's copy, which the page data carries.
 */
export function configure(pages: { site: SiteManifest; moduleUrl: (source: string) => string; bodyFile: (source: string) => string }): PageDataBuilder {
  site = pages.site;
  const b = createPageDataBuilder(pages.site, pages.moduleUrl, siteConfig.sidebar.inlineLimit);
  builder = b;
  setPageSource({
    data: async (path) => b.page(path),
    body: (data) => import(pathToFileURL(pages.bodyFile(data.source)).href) as Promise<PageBodyModule>,
    components: async () => mdxComponents,
    sidebarFragment: async () => [],
  });
  return b;
}

export interface RenderResult {
  html: string;
  status: number;
  title: string;
  description: string;
  /** Set when the route is a redirect. */
  redirect?: string;
  /** The docs page's data (embedded in its HTML for the browser). */
  page?: PageData;
  /** Search tag of the page's version. */
  versionTag?: string;
  /** Kept out of search engines (the search page). */
  noindex?: boolean;
  /** The docs page's body needs no script: the browser keeps its HTML and loads neither its module nor that module's imports. */
  staticBody?: boolean;
}

/** Renders one path (without base URL) to HTML for the prerender. */
export async function render(path: string, basename: string): Promise<RenderResult> {
  if (!builder) throw new Error('call configure() before render()');
  const target = redirectTarget(path);
  if (target) return { html: '', status: 302, title: '', description: '', redirect: target };
  // What the route shows is loaded first: React reads it at once (router/settled.ts), in one pass.
  const state = isPagePath(path) ? await loadPage(path) : undefined;
  if (path === searchPagePath) await (await loadSearchPage()).loadServerIndex();
  if (state?.kind === 'load-error') throw state.error;
  const base = basename.replace(/\/$/, '');
  const html = renderToString(
    <StrictMode>
      <StaticRouter basename={base || '/'} location={base + path}>
        <ErrorBoundary fallback={(error) => <CrashPage error={error} />}>
          <AppRoutes />
        </ErrorBoundary>
      </StaticRouter>
    </StrictMode>,
  );
  const notFound = state?.kind === 'not-found';
  return {
    html,
    status: notFound ? 404 : 200,
    ...pageHead(path, state),
    page: state?.kind === 'page' ? state.data : undefined,
    versionTag: state?.kind === 'page' ? site?.versions.find((v) => v.name === state.data.version)?.tag : undefined,
    noindex: path === searchPagePath,
    staticBody: state?.kind === 'page' && state.staticBody === true,
  };
}

import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { routes, pagePaths, type RouteHandle } from './routes.tsx';
import { pageHead } from './theme/head.ts';
import { versionForPath, site } from './site-data.ts';
import siteConfig from '../site.config.ts';

export { pagePaths, site, siteConfig };

export interface RenderResult {
  html: string;
  status: number;
  title: string;
  description: string;
  /** Set when the route is a redirect. */
  redirect?: string;
  /** Source file of a doc page (its chunk is preloaded). */
  source?: string;
  versionTag?: string;
  /** Kept out of search engines (the search page). */
  noindex?: boolean;
}

/** Renders one path (without base URL) to HTML for the prerender. */
export async function render(path: string, basename: string): Promise<RenderResult> {
  const handler = createStaticHandler(routes, { basename: basename.replace(/\/$/, '') || '/' });
  const url = new URL(basename.replace(/\/$/, '') + path, 'http://localhost');
  const context = await handler.query(new Request(url));
  if (context instanceof Response) {
    const location = context.headers.get('Location') ?? '/';
    return { html: '', status: context.status, title: '', description: '', redirect: location };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      {/* No inline hydration-data script: the pages have no loader data, and a CSP without
          'unsafe-inline' then needs only the hashes of the two fixed head scripts. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  const leaf = context.matches[context.matches.length - 1];
  const handle = leaf?.route.handle as RouteHandle | undefined;
  const notFound = handle?.kind === 'not-found';
  const head = pageHead(path, notFound);
  return {
    html,
    status: notFound ? 404 : context.statusCode,
    ...head,
    source: handle?.source,
    noindex: handle?.kind === 'search',
    versionTag: notFound ? undefined : versionForPath(path)?.tag,
  };
}

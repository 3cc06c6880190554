import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoutes, loadSearchPage, prepareRoute } from './routes.tsx';
import { isPagePath, redirectTarget, searchPagePath } from './router/paths.ts';
import { AppRouter, browserHistory, refreshShownPages } from './router/AppRouter.tsx';
import { ErrorBoundary } from './theme/ErrorBoundary.tsx';
import { CrashPage } from './theme/CrashPage.tsx';
import { normalizeHtmlPath } from './content/routes.ts';
import { useSettings } from './store/settings.ts';
import { installChunkReload, reloadOnceIf, siteAnswers, showStartupLoadNotice } from './theme/chunk-errors.ts';
import type { PageState } from './page-loader.ts';
import { installSmoothAnchors, keepHashTargetInPlace } from './theme/smooth-scroll.ts';
import { forgetFailures, forgetPages, loadPage, loadPrerenderedPage, setPageSource } from './page-loader.ts';
import { STATIC_BODY_SELECTOR } from './theme/MarkdownBody.tsx';
import { browserPageSource } from './browser-pages.ts';
import './theme/theme.css';

const basename = import.meta.env.BASE_URL.replace(/\/$/, '') || '/';

/**
 * The first page's body could not be loaded: the prerendered article is complete and readable, so
 * it stays. A page whose body a new deployment replaced reloads once (if the site answers); otherwise a notice offers Retry,
 * which loads again and hydrates when it works.
 */
async function keepPrerenderedPage(state: Extract<PageState, { kind: 'load-error' }>, start: () => Promise<boolean>) {
  console.error('[page load]', state.error.message);
  if (state.stale && (await reloadOnceIf(siteAnswers))) return false;
  showStartupLoadNotice(state.error, start);
  return false;
}

let started = false;

/** Loads what the first screen needs and hydrates; false when the page stayed as prerendered. */
async function main(): Promise<boolean> {
  if (!started) {
    installChunkReload();
    installSmoothAnchors();
    keepHashTargetInPlace();
    setPageSource(browserPageSource()); // before the URL is cleaned below: it reads the path the host answered
  }
  started = true;
  // Stored settings are read before hydration; React still hydrates against the initial state
  // (zustand's server snapshot), so nothing mismatches, and child effects see the real values.
  void useSettings.persist.rehydrate();
  // '/x/index.html' and '/x.html' show the page of '/x/' under its clean URL.
  const clean = normalizeHtmlPath(window.location.pathname);
  if (clean !== window.location.pathname) {
    window.history.replaceState(window.history.state, '', clean + window.location.search + window.location.hash);
  }
  const container = document.getElementById('root')!;
  // The prerendered HTML belongs to one route; anything else (404.html standing in for a
  // normalised path, the dev server's empty shell) is rendered fresh instead of hydrated.
  const canHydrate = !!container.firstElementChild && container.dataset.route === window.location.pathname;

  // Load what the first screen shows before hydrating, so that React reads it at once and hydrates the server HTML
  // in one pass: the docs page's data and body, or the search page's code. A body whose HTML needs no script is kept
  // as it arrived: neither its module nor its hydration (most of the page's elements) is paid for.
  const path = window.location.pathname.slice(basename === '/' ? 0 : basename.length) || '/';
  if (isPagePath(path)) {
    forgetFailures(); // a Retry of the first page loads it again
    const staticBody = canHydrate ? container.querySelector(STATIC_BODY_SELECTOR) : null;
    const state = await (staticBody ? loadPrerenderedPage(path, staticBody.innerHTML) : loadPage(path));
    if (state.kind === 'load-error' && canHydrate) return keepPrerenderedPage(state, () => main());
  } else if (path === searchPagePath) {
    await loadSearchPage();
  }
  // Under the dev server: an edited page's data (sidebar, TOC, title) is fetched again in place.
  import.meta.hot?.on('zrok:content-changed', () => {
    forgetPages();
    refreshShownPages();
  });
  const app = (
    <StrictMode>
      <AppRouter history={browserHistory()} basename={basename} redirectTarget={redirectTarget} prepare={prepareRoute}>
        <ErrorBoundary fallback={(error) => <CrashPage error={error} />}>
          <AppRoutes />
        </ErrorBoundary>
      </AppRouter>
    </StrictMode>
  );
  if (canHydrate) hydrateRoot(container, app);
  else createRoot(container).render(app);
  return true;
}

void main();

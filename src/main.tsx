import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { routes } from './routes.tsx';
import { normalizeHtmlPath } from './content/routes.ts';
import { useSettings } from './store/settings.ts';
import { chunkFailures, installChunkReload } from './theme/chunk-errors.ts';
import { installSmoothAnchors } from './theme/smooth-scroll.ts';
import './theme/theme.css';

const basename = import.meta.env.BASE_URL.replace(/\/$/, '') || '/';

async function main() {
  installChunkReload();
  installSmoothAnchors();
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

  // P9: resolve the lazy route of the current page before hydrating, so the server HTML is reused.
  const lazyMatches = matchRoutes(routes, window.location, basename)?.filter((m) => m.route.lazy);
  await Promise.all(
    (lazyMatches ?? []).map(async (m) => {
      const lazy = m.route.lazy as () => Promise<Record<string, unknown>>;
      Object.assign(m.route, { ...(await lazy()), lazy: undefined });
    }),
  );
  const hydrate = canHydrate && !chunkFailures.atStartup;
  const router = createBrowserRouter(routes, { basename });
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  if (!hydrate) {
    createRoot(container).render(app);
  } else {
    window.__hydrationErrors = [];
    hydrateRoot(container, app, {
      onRecoverableError(error, info) {
        window.__hydrationErrors?.push(String(error));
        console.error('[hydration]', error, info?.componentStack);
      },
    });
  }
}

void main();

import { useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { ScrollRestoration } from '../router/ScrollRestoration.tsx';
import { Navbar } from './Navbar.tsx';
import { MobileSidebar } from './MobileSidebar.tsx';
import { AnnouncementBar } from './AnnouncementBar.tsx';
import { Footer } from './Footer.tsx';
import { useDocumentHead } from './head.ts';
import { useColorModeEffects } from './color-mode.ts';
import { useUi } from '../store/ui.ts';
import { ErrorBoundary, PageCrash } from './ErrorBoundary.tsx';
import { RouteProgress } from './RouteProgress.tsx';
import { usePagesRevision } from '../router/AppRouter.tsx';
import { LoadingPage } from './LoadingPage.tsx';
import { usePrefetchLinks } from './prefetch.ts';
import { useFocusAfterNavigation } from './focus-after-navigation.ts';
import { loadTagManagerWhenIdle } from './analytics.ts';
import { forgetFailures, leaveFirstPage } from '../page-loader.ts';

/**
 * The document's title and description, from the page on screen. A component of its own: it reads the page's state,
 * which the dev server's every edit renews, and in Layout that rendered the whole chrome again on each edit.
 */
function DocumentHead({ path }: { path: string }) {
  useDocumentHead(path);
  return null;
}

/**
 * The page, kept inside its own failure. Under the dev server, a page that crashed is rendered again when its content
 * changes, as an edit may mend it: read here, not in Layout, as every edit changes it (see DocumentHead).
 */
function PageBoundary({ path }: { path: string }) {
  const revision = usePagesRevision();
  return (
    <ErrorBoundary key={path} resetOn={revision} fallback={(error, retry) => <PageCrash error={error} retry={retry} />}>
      <Outlet />
    </ErrorBoundary>
  );
}

/** The chrome around every page: skip link, announcement, navbar, content, footer. */
export function Layout() {
  const location = useLocation();
  useColorModeEffects();
  usePrefetchLinks(location.pathname);
  useFocusAfterNavigation(location.pathname);
  useEffect(() => {
    // Effects run children first: once this runs, every handler of the first page is attached.
    window.__hydrated = true;
    loadTagManagerWhenIdle();
  }, []);
  // Every link followed closes the phone menu, one to the page already open too (a new key, the same path). Back and
  // forward closed it when the address changed (MobileSidebar's popstate); their page is shown later, in a transition,
  // and closing it then would shut a menu the reader opened meanwhile.
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') useUi.getState().setMobileSidebarOpen(false);
  }, [location.key]); // eslint-disable-line react-hooks/exhaustive-deps -- once per location
  useEffect(() => {
    leaveFirstPage(location.pathname);
    forgetFailures(location.pathname);
  }, [location.pathname]);
  return (
    <div className="site">
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <RouteProgress />
      <AnnouncementBar />
      <Navbar />
      <MobileSidebar />
      <div className="site-main" id="main-content" tabIndex={-1}>
        <PageBoundary path={location.pathname} />
        <LoadingPage />
      </div>
      <Footer />
      {/* With the last child, so that the chrome's elements keep their places and so their ids (useId). */}
      <>
        <ScrollRestoration />
        <DocumentHead path={location.pathname} />
      </>
    </div>
  );
}

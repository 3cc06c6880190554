import { createContext, startTransition, useContext, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { parsePath, Router, UNSAFE_createBrowserHistory as createBrowserHistory, type Location, type Navigator, type NavigationType, type To } from 'react-router-dom';

type BrowserHistory = ReturnType<typeof createBrowserHistory>;

/** React Router's own browser history (the one its BrowserRouter uses), made once for the page. */
export function browserHistory(): BrowserHistory {
  return createBrowserHistory({ v5Compat: true });
}

interface Props {
  history: BrowserHistory;
  basename: string;
  /** Where a path (without the base URL) redirects to, if it does. */
  redirectTarget: (path: string) => string | undefined;
  /** Loads what the route at a path (without the base URL) shows; the URL changes once it has settled. */
  prepare: (path: string) => Promise<unknown>;
  children: ReactNode;
}

interface Update {
  action: NavigationType;
  location: Location;
}

const PendingContext = createContext(false);
const RefreshContext = createContext(0);

/** True while the next route is loading and the current one is still on screen. */
export const useNavigationPending = () => useContext(PendingContext);
/** Changes when the pages on screen should be read again (the dev server's content edits). */
export const usePagesRevision = () => useContext(RefreshContext);

let beforeLeaving: (() => void) | undefined;
/**
 * Runs `fn` each time the router is about to move to another location (a link, back or forward), while the page
 * being left is still on screen; returns what stops it.
 */
export function onBeforeLeaving(fn: () => void): () => void {
  beforeLeaving = fn;
  return () => {
    if (beforeLeaving === fn) beforeLeaving = undefined;
  };
}

let refreshPages: (() => void) | undefined;
/** Renders the pages on screen again from their (re)loaded data, keeping them until it has arrived. */
export function refreshShownPages() {
  refreshPages?.();
}

/**
 * React Router's declarative router, moving on only once the next route is ready, as React Router's data routers do
 * while their loaders run: a link first loads what its route needs (`prepare`), and only then changes the URL; back
 * and forward (whose URL the browser has already changed) move the location the router renders in a transition, in
 * which a route whose data is still loading suspends (React's `use`) and React keeps the page on screen. Meanwhile
 * the chrome can show that a navigation is under way.
 */
export function AppRouter({ history, basename, redirectTarget, prepare, children }: Props) {
  const [latest, setLatest] = useState<Update>(() => ({ action: history.action, location: history.location }));
  const [shown, setShown] = useState<Update>(latest);
  const [preparing, setPreparing] = useState(false);
  const [revision, setRevision] = useState(0);
  /** Set while the navigator moves the history to a route it has loaded. */
  const ready = useRef(false);
  const base = basename === '/' ? '' : basename;
  const sitePath = (pathname: string) => (pathname.startsWith(base) ? pathname.slice(base.length) || '/' : pathname);

  const navigator = useMemo((): Navigator => {
    let latestNavigation = 0;
    const whenReady = (method: 'push' | 'replace') => (to: To, state?: unknown) => {
      const navigation = ++latestNavigation;
      setPreparing(true);
      void prepare(sitePath(typeof to === 'string' ? (parsePath(to).pathname ?? '/') : (to.pathname ?? '/')))
        .catch(() => {}) // the route shows its own load error
        .finally(() => {
          if (navigation !== latestNavigation) return; // a later link won
          setPreparing(false);
          ready.current = true;
          history[method](to, state);
          ready.current = false;
        });
    };
    return { createHref: history.createHref, encodeLocation: history.encodeLocation, go: history.go, push: whenReady('push'), replace: whenReady('replace') };
  }, [history, basename, prepare]);

  useLayoutEffect(() => {
    refreshPages = () => startTransition(() => setRevision((r) => r + 1));
    return history.listen((update) => {
      beforeLeaving?.();
      // A path that redirects goes on to its target at once, as a loader's redirect would: the path's own route
      // (which redirects once it has rendered) is only for a first page opened there.
      const target = redirectTarget(sitePath(update.location.pathname));
      if (target) {
        history.replace(base + target);
        return;
      }
      if (ready.current) {
        // The route's data is loaded: the page changes with the URL, in the same task.
        flushSync(() => {
          setLatest(update);
          setShown(update);
        });
      } else {
        setLatest(update);
        startTransition(() => setShown(update));
      }
    });
  }, [history, basename, redirectTarget]);

  return (
    <PendingContext.Provider value={preparing || latest.location !== shown.location}>
      <RefreshContext.Provider value={revision}>
        <Router basename={basename} location={shown.location} navigationType={shown.action} navigator={navigator}>
          {children}
        </Router>
      </RefreshContext.Provider>
    </PendingContext.Provider>
  );
}

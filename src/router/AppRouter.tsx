import { createContext, startTransition, useContext, useLayoutEffect, useState, type ReactNode } from 'react';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory, type Location, type NavigationType } from 'react-router-dom';

type BrowserHistory = ReturnType<typeof createBrowserHistory>;

/** React Router's own browser history (the one its BrowserRouter uses), made once for the page. */
export function browserHistory(): BrowserHistory {
  return createBrowserHistory({ v5Compat: true });
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

let refreshPages: (() => void) | undefined;
/** Renders the pages on screen again from their (re)loaded data, keeping them until it has arrived. */
export function refreshShownPages() {
  refreshPages?.();
}

/**
 * React Router's declarative router, with the location it renders moved on in a transition: a route whose data is
 * still loading suspends (React's `use`), and React keeps the page on screen until the next one is ready, as
 * React Router's data routers keep it while their loaders run. The location the history is at is kept apart, so the
 * chrome can show that a navigation is under way.
 */
export function AppRouter({ history, basename, redirectTarget, children }: { history: BrowserHistory; basename: string; redirectTarget: (path: string) => string | undefined; children: ReactNode }) {
  const [latest, setLatest] = useState<Update>(() => ({ action: history.action, location: history.location }));
  const [shown, setShown] = useState<Update>(latest);
  const [revision, setRevision] = useState(0);
  useLayoutEffect(() => {
    refreshPages = () => startTransition(() => setRevision((r) => r + 1));
    const base = basename === '/' ? '' : basename;
    return history.listen((update) => {
      // A link to a path that redirects goes on to the target at once, as a loader's redirect would: the path's
      // own route (which redirects after it rendered) is only for a first page opened there.
      const path = update.location.pathname.startsWith(base) ? update.location.pathname.slice(base.length) : update.location.pathname;
      const target = redirectTarget(path);
      if (target) {
        history.replace(base + target);
        return;
      }
      setLatest(update);
      startTransition(() => setShown(update));
    });
  }, [history, basename, redirectTarget]);
  return (
    <PendingContext.Provider value={latest.location !== shown.location}>
      <RefreshContext.Provider value={revision}>
        <Router basename={basename} location={shown.location} navigationType={shown.action} navigator={history}>
          {children}
        </Router>
      </RefreshContext.Provider>
    </PendingContext.Provider>
  );
}

import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { onBeforeLeaving } from './AppRouter.tsx';

const STORAGE_KEY = 'zrok-docs-scroll';

function savedPositions(): Record<string, number> {
  try {
    return JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {}; // no storage (blocked site data): positions live for this page only
  }
}

/**
 * Where the window is scrolled when the page on screen changes, as a browser does between documents: back and
 * forward (and a reload) return to where the reader was on that entry, a link to #id lands on its target, any other
 * link starts at the top. The first page the browser opened keeps the browser's own position.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const action = useNavigationType();
  const positions = useRef<Record<string, number>>({});
  const first = useRef(true);

  useLayoutEffect(() => {
    positions.current = savedPositions();
    window.history.scrollRestoration = 'manual';
    const save = () => {
      try {
        window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current));
      } catch {
        /* no storage */
      }
    };
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    const key = location.key;
    const onScroll = () => {
      positions.current[key] = window.scrollY;
    };
    const saved = positions.current[key];
    if (first.current) {
      first.current = false;
      // A reload returns to where the reader was, unless they have already moved on before the app started: scrolled,
      // or followed a link to a heading (the browser has then scrolled, or changed the URL's #fragment).
      if (saved !== undefined && window.scrollY === 0 && !window.location.hash) window.scrollTo(0, saved);
    } else if (action === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
    } else if (location.hash) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    } else {
      window.scrollTo(0, 0);
    }
    window.addEventListener('scroll', onScroll, { passive: true });
    // The position is also taken as the entry is left, by a link or by back and forward: a scroll made just before
    // may not have fired its event yet (WebKit fires it with the next frame, which a busy phone draws late).
    const stopLeaving = onBeforeLeaving(onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      stopLeaving();
    };
  }, [location.key, location.hash, action]);

  return null;
}

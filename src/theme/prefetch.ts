import { useEffect } from 'react';
import { prefetchPage } from '../page-loader.ts';
import { versionForPath } from '../site-data.ts';

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/** No prefetching on 2g connections or when the reader asked to save data. */
export function prefetchAllowed(connection: NetworkInformation | undefined = (navigator as Navigator & { connection?: NetworkInformation }).connection): boolean {
  if (!connection) return true;
  return !connection.saveData && !/2g/.test(connection.effectiveType ?? '');
}

const BASE = import.meta.env.BASE_URL;

function routeOf(a: HTMLAnchorElement): string | null {
  if (a.origin !== window.location.origin || a.target === '_blank') return null;
  if (!a.pathname.startsWith(BASE)) return null;
  const path = `/${a.pathname.slice(BASE.length)}`;
  // Only docs pages have data and a body to fetch ahead.
  return versionForPath(path) ? path : null;
}

/**
 * Links to other docs pages fetch that page's data and chunk when they come into view or are hovered/focused,
 * so the click renders at once.
 */
export function usePrefetchLinks(pathname: string) {
  useEffect(() => {
    if (!prefetchAllowed()) return;
    const seen = new Set<string>([pathname]);
    const prefetch = (a: HTMLAnchorElement) => {
      const path = routeOf(a);
      if (!path || seen.has(path)) return;
      seen.add(path);
      prefetchPage(path);
    };
    const onIntent = (e: Event) => {
      const a = (e.target as Element | null)?.closest?.('a[href]');
      if (a) prefetch(a as HTMLAnchorElement);
    };
    document.addEventListener('mouseover', onIntent, { passive: true });
    document.addEventListener('focusin', onIntent);
    let io: IntersectionObserver | undefined;
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 200));
    const handle = idle(() => {
      io = new IntersectionObserver((entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          prefetch(entry.target as HTMLAnchorElement);
          io?.unobserve(entry.target);
        }
      });
      document.querySelectorAll<HTMLAnchorElement>('.markdown a[href], .pagination a[href], .card-grid a[href]').forEach((a) => io!.observe(a));
    });
    return () => {
      document.removeEventListener('mouseover', onIntent);
      document.removeEventListener('focusin', onIntent);
      if (window.cancelIdleCallback && typeof handle === 'number') window.cancelIdleCallback(handle);
      io?.disconnect();
    };
  }, [pathname]);
}

import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

/** Where the site is served: an in-app link's href is this plus the route. */
export const BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

/**
 * A click handler for a part of the page whose links are plain anchors (the sidebar, a page's body): it gives their
 * clicks to the router as a <Link> would. A left click without a modifier, on a link of this site that opens in this
 * tab, navigates in the app (in place of the current entry when it is the page already shown); any other click, and
 * a link to a place on the same page, is the browser's. A <Link> per anchor (several hooks each) was a fifth of the
 * prerender's rendering time, and as much of the sidebar's hydration in the browser.
 */
export function useAppLinkClicks() {
  const navigate = useNavigate();
  return (e: MouseEvent<HTMLElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
    const a = (e.target as Element).closest('a');
    if (!a || a.hasAttribute('download') || (a.target && a.target !== '_self') || a.origin !== window.location.origin || !a.pathname.startsWith(`${BASE}/`)) return;
    if (a.getAttribute('href')?.startsWith('#')) return;
    e.preventDefault();
    const to = a.pathname.slice(BASE.length) + a.search + a.hash;
    const here = window.location.pathname + window.location.search + window.location.hash;
    navigate(to, { replace: a.pathname + a.search + a.hash === here });
  };
}

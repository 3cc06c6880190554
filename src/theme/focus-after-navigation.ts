import { useEffect, useRef } from 'react';

/**
 * After a navigation to another page, focus is never left behind: when the element that had it is gone with the old
 * page (a link in the body), or is in the phone menu, which closes, it goes to the new page's main content, where the
 * skip link leads. Focus on something the new page still has (a sidebar link, the search button) stays there.
 */
export function useFocusAfterNavigation(pathname: string) {
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected || active.closest('#mobile-sidebar') !== null;
    if (lost) document.getElementById('main-content')?.focus({ preventScroll: true });
  }, [pathname]);
}

import { useEffect, useRef } from 'react';
import { useUi } from '../store/ui.ts';
import { Sidebar } from './Sidebar.tsx';
import { usePageData } from './use-page-data.ts';

/** The menu button shown below 996 px. */
export function MobileMenuButton() {
  const open = useUi((s) => s.mobileSidebarOpen);
  const setOpen = useUi((s) => s.setMobileSidebarOpen);
  if (!usePageData()) return null;
  return (
    <button
      type="button"
      className="navbar__item mobile-menu-button"
      aria-label="Open the docs navigation"
      aria-expanded={open}
      aria-controls="mobile-sidebar"
      onClick={() => setOpen(!open)}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path fill="currentColor" d="M3 6h18v2H3V6Zm0 5h18v2H3v-2Zm0 5h18v2H3v-2Z" />
      </svg>
    </button>
  );
}

/** The docs sidebar as a drawer for narrow screens; closes on navigation, Escape and desktop width. */
export function MobileSidebar() {
  const open = useUi((s) => s.mobileSidebarOpen);
  const setOpen = useUi((s) => s.setMobileSidebarOpen);
  const panel = useRef<HTMLDivElement>(null);
  const data = usePageData();

  useEffect(() => {
    if (!open) return;
    const mql = window.matchMedia('(min-width: 996px)');
    const onWide = () => mql.matches && setOpen(false);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
      if (e.key !== 'Tab' || !panel.current) return;
      // Focus stays inside the drawer while it is open.
      const focusable = [...panel.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')].filter((el) => el.offsetParent !== null);
      if (!focusable.length) return;
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      } else if (!panel.current.contains(document.activeElement)) {
        e.preventDefault();
        first.focus();
      }
    };
    const onPop = () => setOpen(false);
    mql.addEventListener('change', onWide);
    document.addEventListener('keydown', onKey);
    window.addEventListener('popstate', onPop);
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    return () => {
      mql.removeEventListener('change', onWide);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('popstate', onPop);
      document.querySelector<HTMLElement>('.mobile-menu-button')?.focus();
    };
  }, [open, setOpen]);

  if (!open || !data) return null;
  return (
    <div className="mobile-sidebar" id="mobile-sidebar">
      <div className="mobile-sidebar__backdrop" onClick={() => setOpen(false)} />
      <div className="mobile-sidebar__panel" ref={panel} role="dialog" aria-modal="true" aria-label="Docs navigation">
        <button type="button" className="mobile-sidebar__close" aria-label="Close the docs navigation" onClick={() => setOpen(false)}>
          ×
        </button>
        <Sidebar data={data} idPrefix="m-" />
      </div>
    </div>
  );
}

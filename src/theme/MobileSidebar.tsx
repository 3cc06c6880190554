import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import siteConfig from '../../site.config.ts';
import { useUi } from '../store/ui.ts';
import { Sidebar } from './Sidebar.tsx';
import { usePageData } from './use-page-data.ts';
import { DOCS_MENU_ID } from './DocLayout.tsx';
import { useVersionChoices } from './VersionDropdown.tsx';
import { useLocaleChoices } from './LocaleDropdown.tsx';
import { ColorModeToggle } from './ColorModeToggle.tsx';
import { ExternalIcon } from './icons.tsx';
import { tabbableElements } from './tabbable.ts';

const MENU_ICON = (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
    <path fill="currentColor" d="M3 6h18v2H3V6Zm0 5h18v2H3v-2Zm0 5h18v2H3v-2Z" />
  </svg>
);

/**
 * The menu button shown below 996 px, on every page: the header keeps only it, the logo and search. Without
 * JavaScript there is no drawer: on a docs page a link in its place jumps to the docs sidebar, which is then laid
 * out after the page (the page's text comes first, as with the drawer closed).
 */
export function MobileMenuButton() {
  const open = useUi((s) => s.mobileSidebarOpen);
  const setOpen = useUi((s) => s.setMobileSidebarOpen);
  const docsPage = usePageData() !== undefined;
  return (
    <>
      <button
        type="button"
        className="navbar__item mobile-menu-button"
        aria-label="Open the docs navigation"
        aria-expanded={open}
        aria-controls="mobile-sidebar"
        onClick={() => setOpen(!open)}
      >
        {MENU_ICON}
      </button>
      {docsPage && (
        <noscript>
          <a className="navbar__item mobile-menu-link" href={`#${DOCS_MENU_ID}`} aria-label="Docs navigation, after the page">
            {MENU_ICON}
          </a>
        </noscript>
      )}
    </>
  );
}

/** The docs versions, at the top of the menu: the switch a reader looks for first, before the tree. */
function VersionMenu() {
  const { choices, remember } = useVersionChoices();
  return (
    <div className="mobile-menu__versions">
      <h2 className="mobile-menu__heading" id="menu-versions">Version</h2>
      <ul className="mobile-menu__list" aria-labelledby="menu-versions">
        {choices.map((v) => (
          <li key={v.name}>
            <Link className={`menu__link ${v.active ? 'menu__link--active' : ''}`} to={v.to} aria-current={v.active ? 'true' : undefined} onClick={() => remember(v.name)}>
              {v.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The rest of what the phone header has no room for: language, colour mode and the site's external links. */
function SiteMenu() {
  const locales = useLocaleChoices();
  return (
    <nav className="mobile-menu__site" aria-label="Site">
      <h2 className="mobile-menu__heading" id="menu-languages">Language</h2>
      <ul className="mobile-menu__list" aria-labelledby="menu-languages">
        {locales.choices.map((l) => (
          <li key={l.code}>
            <a className={`menu__link ${l.active ? 'menu__link--active' : ''}`} href={l.href} lang={l.code} aria-current={l.active ? 'true' : undefined}>
              {l.label}
            </a>
          </li>
        ))}
      </ul>
      <ColorModeToggle withText className="menu__link mobile-menu__color" />
      <h2 className="mobile-menu__heading" id="menu-links">zrok</h2>
      <ul className="mobile-menu__list" aria-labelledby="menu-links">
        {siteConfig.navbar.links.map((l) => (
          <li key={l.href}>
            <a className="menu__link" href={l.href} target="_blank" rel="noopener noreferrer">
              {l.label}
              <ExternalIcon />
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The page stays where it is while the menu is open: it does not scroll under the reader's finger. Where the browser
 * draws a scrollbar, its gutter is kept, so the page does not widen under the menu. Returns the undo.
 */
function lockPageScroll(): () => void {
  const root = document.documentElement;
  const { overflow, scrollbarGutter } = root.style;
  const hadScrollbar = window.innerWidth > root.clientWidth;
  root.style.overflow = 'hidden';
  if (hadScrollbar) root.style.scrollbarGutter = 'stable';
  return () => {
    root.style.overflow = overflow;
    root.style.scrollbarGutter = scrollbarGutter;
  };
}

/**
 * The menu for narrow screens: the versions, the docs sidebar (on docs pages), then the rest of the site menu. It
 * closes on navigation, Escape, back and desktop width, keeps focus inside while open, and holds the page still.
 */
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
      const focusable = tabbableElements(panel.current);
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
    const unlock = lockPageScroll();
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    return () => {
      mql.removeEventListener('change', onWide);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('popstate', onPop);
      unlock();
      // Closed by Escape, the close button or the backdrop, focus was in the menu, now gone: back to the menu button.
      // Closed by following one of its links, the new page has given focus to its main content (Layout).
      const active = document.activeElement;
      if (!active || active === document.body) document.querySelector<HTMLElement>('.mobile-menu-button')?.focus();
    };
  }, [open, setOpen]);

  if (!open) return null;
  return (
    <div className="mobile-sidebar" id="mobile-sidebar">
      <div className="mobile-sidebar__backdrop" onClick={() => setOpen(false)} />
      <div className="mobile-sidebar__panel" ref={panel} role="dialog" aria-modal="true" aria-label="Docs navigation">
        <button type="button" className="mobile-sidebar__close" aria-label="Close the docs navigation" onClick={() => setOpen(false)}>
          ×
        </button>
        <VersionMenu />
        {data && <Sidebar data={data} idPrefix="m-" />}
        <SiteMenu />
      </div>
    </div>
  );
}

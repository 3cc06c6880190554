import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { Navbar } from './Navbar.tsx';
import { AnnouncementBar } from './AnnouncementBar.tsx';
import { Footer } from './Footer.tsx';
import { useDocumentHead } from './head.ts';
import { useColorModeEffects } from './color-mode.ts';
import { useSettings } from '../store/settings.ts';
import { useUi } from '../store/ui.ts';

/** The chrome around every page: skip link, announcement, navbar, content, footer. */
export function Layout() {
  const location = useLocation();
  useDocumentHead(location.pathname);
  useColorModeEffects();
  useEffect(() => {
    void useSettings.persist.rehydrate();
    // Effects run children first: once this runs, every handler of the first page is attached.
    window.__hydrated = true;
  }, []);
  useEffect(() => {
    useUi.getState().setMobileSidebarOpen(false);
  }, [location.pathname]);
  return (
    <div className="site">
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <AnnouncementBar />
      <Navbar />
      <div className="site-main" id="main-content" tabIndex={-1}>
        <Outlet />
      </div>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}

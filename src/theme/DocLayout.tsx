import { Outlet, useLocation } from 'react-router-dom';
import { versionForPath } from '../site-data.ts';
import { Sidebar } from './Sidebar.tsx';
import { MobileSidebar } from './MobileSidebar.tsx';
import { useRememberVersion } from './preferred-version.ts';

/** Docs pages: sidebar on the left (drawer below 996 px), the page on the right. */
export function DocLayout() {
  const { pathname } = useLocation();
  const version = versionForPath(pathname);
  useRememberVersion(pathname);
  return (
    <div className="doc-layout" data-version={version?.name}>
      <aside className="doc-layout__sidebar">
        <Sidebar pathname={pathname} />
      </aside>
      <MobileSidebar />
      <main className="doc-layout__main">
        <Outlet />
      </main>
    </div>
  );
}

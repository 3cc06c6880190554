import type { ReactNode } from 'react';
import type { PageData } from '../content/page-data.ts';
import { Sidebar } from './Sidebar.tsx';
import { MobileSidebar } from './MobileSidebar.tsx';
import { useRememberVersion } from './preferred-version.ts';

/** Docs pages: sidebar on the left (drawer below 996 px), the page on the right. */
export function DocLayout({ data, children }: { data: PageData; children: ReactNode }) {
  useRememberVersion(data.version);
  return (
    <div className="doc-layout" data-version={data.version}>
      <aside className="doc-layout__sidebar">
        <Sidebar data={data} />
      </aside>
      <MobileSidebar />
      <main className="doc-layout__main">{children}</main>
    </div>
  );
}

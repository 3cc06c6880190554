import type { ReactNode } from 'react';
import type { PageData } from '../content/page-data.ts';
import { Sidebar } from './Sidebar.tsx';
import { useRememberVersion } from './preferred-version.ts';

/** The desktop sidebar's id: without JavaScript, the phone header's menu link jumps to it (MobileMenuButton). */
export const DOCS_MENU_ID = 'docs-menu';

/** Docs pages: sidebar on the left (in the menu drawer below 996 px), the page on the right. */
export function DocLayout({ data, children }: { data: PageData; children: ReactNode }) {
  useRememberVersion(data.version);
  return (
    <div className="doc-layout" data-version={data.version}>
      <aside className="doc-layout__sidebar" id={DOCS_MENU_ID}>
        <Sidebar data={data} />
      </aside>
      <main className="doc-layout__main">{children}</main>
    </div>
  );
}

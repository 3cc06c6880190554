import type { ReactNode } from 'react';
import siteConfig from '../../site.config.ts';
import type { DocEntry } from '../content/types.ts';
import { findVersion } from '../site-data.ts';
import { topCategoryLabel } from '../content/navigation.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { VersionBanner } from './VersionBanner.tsx';
import { PrevNext } from './PrevNext.tsx';
import { TableOfContents } from './TableOfContents.tsx';

export function editUrlOf(doc: DocEntry): string {
  return siteConfig.editUrl + doc.source.replace(/^content\/docs\//, '');
}

export function DocPage({ doc, children }: { doc: DocEntry; children: ReactNode }) {
  const version = findVersion(doc.version);
  return (
    <div className="doc-page">
      <article className="doc-page__article" data-search-lvl0={topCategoryLabel(version.sidebar, doc.route) ?? 'Documentation'}>
        <VersionBanner version={version} route={doc.route} />
        <Breadcrumbs version={version} route={doc.route} title={doc.sidebarLabel} />
        <span className="badge">Version: {version.label}</span>
        <header>
          <h1>{doc.title}</h1>
        </header>
        <div className="markdown">{children}</div>
        <footer className="doc-page__footer">
          <a href={editUrlOf(doc)} target="_blank" rel="noopener noreferrer" className="edit-link">
            Edit this page
          </a>
        </footer>
        <PrevNext version={version} route={doc.route} />
      </article>
      {!doc.hideToc && (
        <div className="doc-page__toc">
          <TableOfContents toc={doc.toc} />
        </div>
      )}
    </div>
  );
}

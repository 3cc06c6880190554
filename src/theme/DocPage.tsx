import type { ReactNode } from 'react';
import siteConfig from '../../site.config.ts';
import type { PageData } from '../content/page-data.ts';
import { findVersion } from '../site-data.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { VersionBanner } from './VersionBanner.tsx';
import { PrevNext } from './PrevNext.tsx';
import { TableOfContents, TocDisclosure, useActiveHeading } from './TableOfContents.tsx';

export function editUrlOf(source: string): string {
  return siteConfig.editUrl + source.replace(/^content\/docs\//, '');
}

/** A docs page around its body (`children`: a MarkdownBody). */
export function DocPage({ data, children }: { data: PageData; children: ReactNode }) {
  const doc = data.doc!;
  const toc = doc.hideToc ? [] : doc.toc;
  const active = useActiveHeading(toc);
  return (
    <div className={doc.hideToc ? 'doc-page doc-page--no-toc' : 'doc-page'}>
      <article className="doc-page__article" data-search-lvl0={data.lvl0}>
        <VersionBanner data={data} />
        <Breadcrumbs data={data} />
        <span className="badge">Version: {findVersion(data.version).label}</span>
        <header>
          <h1>{data.title}</h1>
        </header>
        <TocDisclosure toc={toc} active={active} />
        {children}
        <footer className="doc-page__footer">
          <a href={editUrlOf(data.source)} target="_blank" rel="noopener noreferrer" className="edit-link">
            Edit this page
          </a>
        </footer>
        <PrevNext data={data} />
      </article>
      {!doc.hideToc && (
        <div className="doc-page__toc">
          <TableOfContents toc={toc} active={active} />
        </div>
      )}
    </div>
  );
}

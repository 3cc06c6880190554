import type { PageData } from '../content/page-data.ts';
import { findVersion } from '../site-data.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { VersionBanner } from './VersionBanner.tsx';
import { CategoryCards } from './CategoryCards.tsx';
import { PrevNext } from './PrevNext.tsx';

/** A generated index: the category's items as cards with their descriptions. */
export function CategoryIndexPage({ data }: { data: PageData }) {
  return (
    <div className="doc-page doc-page--no-toc">
      <article className="doc-page__article" data-search-lvl0={data.lvl0}>
        <VersionBanner data={data} />
        <Breadcrumbs data={data} />
        <span className="badge">Version: {findVersion(data.version).label}</span>
        <header>
          <h1>{data.title}</h1>
          {data.description && <p className="category-description">{data.description}</p>}
        </header>
        <CategoryCards cards={data.category?.cards ?? []} />
        <PrevNext data={data} />
      </article>
    </div>
  );
}

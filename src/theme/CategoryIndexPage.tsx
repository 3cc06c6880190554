import { Link, useLocation } from 'react-router-dom';
import type { CategoryIndexEntry, SidebarItem } from '../content/types.ts';
import { findCategory, itemCountLabel, topCategoryLabel } from '../content/navigation.ts';
import { findCategoryIndex, findDoc, findVersion } from '../site-data.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { VersionBanner } from './VersionBanner.tsx';
import { DocIcon, FolderIcon } from './icons.tsx';
import { PrevNext } from './PrevNext.tsx';

function firstHref(item: SidebarItem): string | undefined {
  if (item.href) return item.href;
  return item.type === 'category' ? item.items.map(firstHref).find(Boolean) : undefined;
}

/** A generated index: the category's items as cards with their descriptions. */
export function CategoryIndexPage() {
  const { pathname } = useLocation();
  const entry = findCategoryIndex(pathname) as CategoryIndexEntry;
  const version = findVersion(entry.version);
  const category = findCategory(version.sidebar, entry.dir);
  const items = category?.items ?? [];
  return (
    <div className="doc-page">
      <article className="doc-page__article" data-search-lvl0={topCategoryLabel(version.sidebar, entry.route) ?? 'Documentation'}>
        <VersionBanner version={version} route={entry.route} />
        <Breadcrumbs version={version} route={entry.route} title={entry.title} />
        <span className="badge">Version: {version.label}</span>
        <header>
          <h1>{entry.title}</h1>
          {entry.description && <p className="category-description">{entry.description}</p>}
        </header>
        <ul className="card-grid">
          {items.map((item) => {
            const href = firstHref(item);
            const description = item.type === 'doc' ? findDoc(item.href)?.description : itemCountLabel(item.items.length);
            return (
              <li key={item.type === 'doc' ? item.href : item.dir} className="card-grid__item">
                {href ? (
                  <Link className="card" to={href}>
                    <span className="card__title">
                      {item.type === 'doc' ? <DocIcon /> : <FolderIcon />}
                      {item.label}
                    </span>
                    <span className="card__body">{description}</span>
                  </Link>
                ) : null}
              </li>
            );
          })}
        </ul>
        <PrevNext version={version} route={entry.route} />
      </article>
    </div>
  );
}

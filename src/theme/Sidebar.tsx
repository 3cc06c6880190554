import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import siteConfig from '../../site.config.ts';
import type { SidebarCategory, SidebarItem } from '../content/types.ts';
import { containsHref, openCategoriesFor } from '../content/navigation.ts';
import { versionForPath } from '../site-data.ts';
import { Collapsible } from './Collapsible.tsx';

interface Props {
  pathname: string;
  /** Distinguishes element ids of the desktop and mobile copies. */
  idPrefix?: string;
}

/**
 * Collapsible categories; the current page is highlighted and its categories open. With
 * auto-collapse on, opening a category closes its open siblings. Not hideable.
 */
export function Sidebar({ pathname, idPrefix = '' }: Props) {
  const version = versionForPath(pathname);
  const items = version?.sidebar ?? [];
  const trailDirs = () => new Set(openCategoriesFor(items, pathname));
  const [open, setOpen] = useState<Set<string>>(trailDirs);

  // Navigating elsewhere opens the new page's categories (auto-collapse closes the others).
  useEffect(() => {
    setOpen((prev) => {
      const trail = trailDirs();
      if ([...trail].every((d) => prev.has(d))) return prev;
      return siteConfig.sidebar.autoCollapseCategories ? trail : new Set([...prev, ...trail]);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  const toggle = (cat: SidebarCategory, siblings: SidebarItem[]) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(cat.dir)) {
        next.delete(cat.dir);
        return next;
      }
      if (siteConfig.sidebar.autoCollapseCategories) {
        for (const s of siblings) if (s.type === 'category') collapseAll(s, next);
      }
      next.add(cat.dir);
      return next;
    });

  return (
    <nav className="sidebar" aria-label="Docs sidebar">
      <SidebarList items={items} pathname={pathname} open={open} toggle={toggle} idPrefix={idPrefix} level={1} />
    </nav>
  );
}

function collapseAll(cat: SidebarCategory, set: Set<string>) {
  set.delete(cat.dir);
  for (const i of cat.items) if (i.type === 'category') collapseAll(i, set);
}

interface ListProps {
  items: SidebarItem[];
  pathname: string;
  open: Set<string>;
  toggle: (cat: SidebarCategory, siblings: SidebarItem[]) => void;
  idPrefix: string;
  level: number;
}

function SidebarList({ items, pathname, open, toggle, idPrefix, level }: ListProps) {
  return (
    <ul className="menu__list">
      {items.map((item) =>
        item.type === 'doc' ? (
          <li key={item.href} className="menu__item">
            <Link className={`menu__link ${item.href === pathname ? 'menu__link--active' : ''}`} to={item.href} aria-current={item.href === pathname ? 'page' : undefined}>
              {item.label}
            </Link>
          </li>
        ) : (
          <SidebarCategoryItem key={item.dir} cat={item} siblings={items} pathname={pathname} open={open} toggle={toggle} idPrefix={idPrefix} level={level} />
        ),
      )}
    </ul>
  );
}

function SidebarCategoryItem({ cat, siblings, pathname, open, toggle, idPrefix, level }: Omit<ListProps, 'items'> & { cat: SidebarCategory; siblings: SidebarItem[] }) {
  const expanded = open.has(cat.dir);
  const listId = `${idPrefix}sidebar-${cat.dir.replace(/[^a-zA-Z0-9_-]/g, '-')}`;
  const active = cat.href === pathname;
  const inTrail = containsHref(cat.items, pathname);
  const onLabel = () => {
    if (!expanded) toggle(cat, siblings);
  };
  return (
    <li className={`menu__item menu__item--category ${expanded ? '' : 'menu__item--collapsed'}`}>
      <div className={`menu__category ${active ? 'menu__category--active' : ''} ${inTrail ? 'menu__category--trail' : ''}`}>
        {cat.href ? (
          <Link className={`menu__link menu__link--category ${active ? 'menu__link--active' : ''}`} to={cat.href} aria-current={active ? 'page' : undefined} onClick={onLabel}>
            {cat.label}
          </Link>
        ) : (
          <button type="button" className="menu__link menu__link--category" onClick={() => toggle(cat, siblings)} aria-expanded={expanded} aria-controls={listId}>
            {cat.label}
          </button>
        )}
        {cat.href && (
          <button type="button" className="menu__caret" aria-label={`${expanded ? 'Collapse' : 'Expand'} sidebar category '${cat.label}'`} aria-expanded={expanded} aria-controls={listId} onClick={() => toggle(cat, siblings)} />
        )}
      </div>
      <Collapsible open={expanded} id={listId}>
        <SidebarList items={cat.items} pathname={pathname} open={open} toggle={toggle} idPrefix={idPrefix} level={level + 1} />
      </Collapsible>
    </li>
  );
}

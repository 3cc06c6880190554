import { useEffect, useState, type MouseEvent } from 'react';
import siteConfig from '../../site.config.ts';
import type { SidebarCategory, SidebarItem } from '../content/types.ts';
import type { PageData } from '../content/page-data.ts';
import { containsHref, openCategoriesFor } from '../content/navigation.ts';
import { loadSidebarFragment } from '../page-loader.ts';
import { Collapsible } from './Collapsible.tsx';
import { BASE, useAppLinkClicks } from './app-link-clicks.ts';

interface Props {
  data: PageData;
  /** Distinguishes element ids of the desktop and mobile copies. */
  idPrefix?: string;
}

/** A deferred category's items: fetched, on the way, or failed. */
type Fragment = SidebarItem[] | 'loading' | Error;

/**
 * In a large version the page data holds only the open part of the sidebar; a closed category's
 * items are fetched when it is opened and kept while the reader stays in the version.
 */
function useSidebarFragments(version: string) {
  const [fragments, setFragments] = useState(() => ({ version, parts: new Map<string, Fragment>() }));
  const parts = fragments.version === version ? fragments.parts : new Map<string, Fragment>();
  const set = (dir: string, f: Fragment) =>
    setFragments((prev) => ({ version, parts: new Map(prev.version === version ? prev.parts : []).set(dir, f) }));
  const request = (cat: SidebarCategory) => {
    const have = parts.get(cat.dir);
    if (!cat.deferred || Array.isArray(have) || have === 'loading') return;
    set(cat.dir, 'loading');
    loadSidebarFragment(version, cat.dir).then(
      (items) => set(cat.dir, items),
      (e: unknown) => set(cat.dir, e instanceof Error ? e : new Error(String(e))),
    );
  };
  return { parts, request };
}

/**
 * Collapsible categories; the current page is highlighted and its categories open. With
 * auto-collapse on, opening a category closes its open siblings. Not hideable.
 */
export function Sidebar({ data, idPrefix = '' }: Props) {
  const pathname = data.route;
  const items = data.sidebar;
  const fragments = useSidebarFragments(data.version);
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

  const toggle = (cat: SidebarCategory, siblings: SidebarItem[]) => {
    if (!open.has(cat.dir)) fragments.request(cat);
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
  };

  const context: ListContext = { pathname, open, toggle, idPrefix, fragments: fragments.parts, retry: fragments.request };
  const onLinkClick = useAppLinkClicks();
  return (
    <nav className="sidebar" aria-label="Docs sidebar" onClick={onLinkClick}>
      <SidebarList items={items} context={context} />
    </nav>
  );
}

function collapseAll(cat: SidebarCategory, set: Set<string>) {
  set.delete(cat.dir);
  for (const i of cat.items) if (i.type === 'category') collapseAll(i, set);
}

interface ListContext {
  pathname: string;
  open: Set<string>;
  toggle: (cat: SidebarCategory, siblings: SidebarItem[]) => void;
  idPrefix: string;
  fragments: Map<string, Fragment>;
  retry: (cat: SidebarCategory) => void;
}

function SidebarList({ items, context }: { items: SidebarItem[]; context: ListContext }) {
  const { pathname } = context;
  return (
    <ul className="menu__list">
      {items.map((item) =>
        item.type === 'doc' ? (
          <li key={item.href} className="menu__item">
            <a className={`menu__link ${item.href === pathname ? 'menu__link--active' : ''}`} href={BASE + item.href} aria-current={item.href === pathname ? 'page' : undefined}>
              {item.label}
            </a>
          </li>
        ) : (
          <SidebarCategoryItem key={item.dir} cat={item} siblings={items} context={context} />
        ),
      )}
    </ul>
  );
}

function CategoryItems({ cat, context }: { cat: SidebarCategory; context: ListContext }) {
  const fragment = cat.deferred ? context.fragments.get(cat.dir) : cat.items;
  if (Array.isArray(fragment)) return <SidebarList items={fragment} context={context} />;
  if (fragment instanceof Error) {
    return (
      <p className="menu__status" role="alert">
        {fragment.message}{' '}
        <button type="button" className="menu__retry" onClick={() => context.retry(cat)}>
          Retry
        </button>
      </p>
    );
  }
  return <p className="menu__status">Loading…</p>;
}

function SidebarCategoryItem({ cat, siblings, context }: { cat: SidebarCategory; siblings: SidebarItem[]; context: ListContext }) {
  const { pathname, open, toggle, idPrefix } = context;
  const expanded = open.has(cat.dir);
  const listId = `${idPrefix}sidebar-${cat.dir.replace(/[^a-zA-Z0-9_-]/g, '-')}`;
  const active = cat.href === pathname;
  const inTrail = containsHref(cat.items, pathname);
  const onLabel = () => {
    if (!expanded) toggle(cat, siblings);
  };
  // The summary's own toggle would skip the animation and the auto-collapse of siblings.
  const onSummary = (e: MouseEvent) => {
    e.preventDefault();
    toggle(cat, siblings);
  };
  const trail = `${active ? 'menu__category--active' : ''} ${inTrail ? 'menu__category--trail' : ''}`;
  // A category with a page of its own: its link, then a caret that opens it. Without one: its label opens it.
  const summary = cat.href ? (
    <summary className="menu__caret" aria-label={`${expanded ? 'Collapse' : 'Expand'} sidebar category '${cat.label}'`} aria-controls={listId} onClick={onSummary} />
  ) : (
    <summary className={`menu__link menu__link--category menu__summary ${trail}`} aria-controls={listId} onClick={onSummary}>
      {cat.label}
    </summary>
  );
  return (
    <li className="menu__item menu__item--category">
      {cat.href && (
        <div className={`menu__category ${trail}`}>
          <a className={`menu__link menu__link--category ${active ? 'menu__link--active' : ''}`} href={BASE + cat.href} aria-current={active ? 'page' : undefined} onClick={onLabel}>
            {cat.label}
          </a>
        </div>
      )}
      <Collapsible open={expanded} id={listId} className="menu__details" summary={summary} onNativeToggle={(nowOpen) => nowOpen !== expanded && toggle(cat, siblings)}>
        {/* A closed deferred category renders nothing inside until it is first opened. */}
        {cat.deferred && !expanded && !context.fragments.has(cat.dir) ? null : <CategoryItems cat={cat} context={context} />}
      </Collapsible>
    </li>
  );
}

import type { SidebarCategory, SidebarItem } from './types.ts';

export interface NavLinkTarget {
  label: string;
  href: string;
}

/** The sidebar in reading order: category links first, then their items. Drives previous/next. */
export function flattenSidebar(items: SidebarItem[]): NavLinkTarget[] {
  const out: NavLinkTarget[] = [];
  for (const item of items) {
    if (item.type === 'doc') out.push({ label: item.label, href: item.href });
    else {
      if (item.href) out.push({ label: item.label, href: item.href });
      out.push(...flattenSidebar(item.items));
    }
  }
  return out;
}

/**
 * prevNext, categoryTrail and topCategoryLabel walk the sidebar for one page: the plain statement
 * of what page-data.ts computes for every page at once from its index (a unit test holds them equal).
 */
export function prevNext(items: SidebarItem[], href: string): { prev?: NavLinkTarget; next?: NavLinkTarget } {
  const flat = flattenSidebar(items);
  const i = flat.findIndex((l) => l.href === href);
  if (i < 0) return {};
  return { prev: flat[i - 1], next: flat[i + 1] };
}

/** Categories from the top of the sidebar down to (not including) the page itself. */
export function categoryTrail(items: SidebarItem[], href: string): SidebarCategory[] {
  for (const item of items) {
    if (item.type === 'doc') {
      if (item.href === href) return [];
      continue;
    }
    if (item.href === href) return [];
    const inner = categoryTrail(item.items, href);
    if (inner.length || containsHref(item.items, href)) return [item, ...inner];
  }
  return [];
}

export function containsHref(items: SidebarItem[], href: string): boolean {
  return items.some((i) => i.href === href || (i.type === 'category' && containsHref(i.items, href)));
}

/** The first category, depth first, that satisfies `test`. */
function findCategoryWhere(items: SidebarItem[], test: (c: SidebarCategory) => boolean): SidebarCategory | undefined {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (test(item)) return item;
    const found = findCategoryWhere(item.items, test);
    if (found) return found;
  }
  return undefined;
}

/** Number of items shown under a category card ("3 items"). */
export function itemCountLabel(n: number): string {
  return n === 1 ? '1 item' : `${n} items`;
}

/** Folders of the categories to open for a page: its trail, plus the category the page is the link of. */
export function openCategoriesFor(items: SidebarItem[], href: string): string[] {
  const dirs = categoryTrail(items, href).map((c) => c.dir);
  const own = findCategoryWhere(items, (c) => c.href === href);
  if (own) dirs.push(own.dir);
  return dirs;
}

/** Label of the top-level category a page sits in (or is the link of); undefined for top-level pages. */
export function topCategoryLabel(items: SidebarItem[], href: string): string | undefined {
  for (const item of items) {
    if (item.type === 'category' && (item.href === href || containsHref(item.items, href))) return item.label;
  }
  return undefined;
}

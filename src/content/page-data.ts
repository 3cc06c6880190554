/**
 * Page data: everything the chrome needs to show one docs route (sidebar, breadcrumbs,
 * previous/next, version links, TOC, category cards), computed at build time from the whole
 * manifest. The browser gets one page's data at a time, so what a reader downloads does not grow
 * with the size of the site. Plain data, no React.
 */
import type { CategoryIndexEntry, DocEntry, SidebarCategory, SidebarItem, SiteManifest, TocEntry, VersionManifest } from './types.ts';
import { flattenSidebar, itemCountLabel, type NavLinkTarget } from './navigation.ts';

/** What the browser knows about a version before any page data: independent of its size. */
export type VersionSummary = Pick<VersionManifest, 'name' | 'label' | 'current' | 'root' | 'mainDocRoute' | 'tag'> & {
  /** Which of the home page's section paths (relative to the root) exist in this version. */
  homeSections: string[];
};

export interface SiteIndex {
  versions: VersionSummary[];
}

export interface Crumb {
  key: string;
  label: string;
  href?: string;
}

export interface CategoryCard {
  key: string;
  kind: 'doc' | 'category';
  label: string;
  href?: string;
  description: string;
}

export interface PageData {
  route: string;
  /** The file the page comes from: its MDX source, or the category's _category_.json. */
  source: string;
  /** Version name. */
  version: string;
  kind: 'doc' | 'category';
  /** The page's h1. */
  title: string;
  /** The last breadcrumb (the sidebar label). */
  label: string;
  description: string;
  /** Top-level sidebar category the page sits in: the search records' lvl0. */
  lvl0: string;
  /** The sidebar, or for a large version its open part: closed categories keep only `deferred`. */
  sidebar: SidebarItem[];
  crumbs: Crumb[];
  prev?: NavLinkTarget;
  next?: NavLinkTarget;
  /** Where each version's entry of the version menu leads from this page. */
  versionLinks: Record<string, string>;
  doc?: { toc: TocEntry[]; hideToc: boolean; /** URL of the page body's module. */ module: string };
  /** A category's cards: on its generated index, and on a doc that shows <DocCardList />. */
  category?: { cards: CategoryCard[] };
}

export function siteIndexOf(site: SiteManifest, homeSectionPaths: string[] = []): SiteIndex {
  return {
    versions: site.versions.map((v) => {
      const routes = new Set([...v.docs.map((d) => d.route), ...v.categoryIndexes.map((c) => c.route)]);
      const { name, label, current, root, mainDocRoute, tag } = v;
      return { name, label, current, root, mainDocRoute, tag, homeSections: homeSectionPaths.filter((p) => routes.has(root + p)) };
    }),
  };
}

/** Per-version lookups built once, so computing every page's data stays linear. */
interface VersionIndex {
  version: VersionManifest;
  flat: NavLinkTarget[];
  flatIndex: Map<string, number>;
  /** Categories above an href (not including a category whose own link it is). */
  ancestors: Map<string, SidebarCategory[]>;
  /** The category an href is the link of. */
  ownCategory: Map<string, SidebarCategory>;
  categoryByDir: Map<string, SidebarCategory>;
  routes: Set<string>;
  docByRoute: Map<string, DocEntry>;
  indexByRoute: Map<string, CategoryIndexEntry>;
  itemCount: number;
}

function indexVersion(version: VersionManifest): VersionIndex {
  const flat = flattenSidebar(version.sidebar);
  const ancestors = new Map<string, SidebarCategory[]>();
  const ownCategory = new Map<string, SidebarCategory>();
  const categoryByDir = new Map<string, SidebarCategory>();
  let itemCount = 0;
  const walk = (items: SidebarItem[], trail: SidebarCategory[]) => {
    for (const item of items) {
      itemCount++;
      if (item.href && !ancestors.has(item.href)) ancestors.set(item.href, trail);
      if (item.type !== 'category') continue;
      categoryByDir.set(item.dir, item);
      if (item.href && !ownCategory.has(item.href)) ownCategory.set(item.href, item);
      walk(item.items, [...trail, item]);
    }
  };
  walk(version.sidebar, []);
  return {
    version,
    flat,
    flatIndex: new Map(flat.map((l, i) => [l.href, i])),
    ancestors,
    ownCategory,
    categoryByDir,
    routes: new Set([...version.docs.map((d) => d.route), ...version.categoryIndexes.map((c) => c.route)]),
    docByRoute: new Map(version.docs.map((d) => [d.route, d])),
    indexByRoute: new Map(version.categoryIndexes.map((c) => [c.route, c])),
    itemCount,
  };
}

/** Closed categories lose their items (the browser fetches them when opened). */
function sliceSidebar(items: SidebarItem[], open: Set<string>): SidebarItem[] {
  return items.map((item) => {
    if (item.type !== 'category') return item;
    if (open.has(item.dir)) return { ...item, items: sliceSidebar(item.items, open) };
    return { ...item, items: [], deferred: item.items.length };
  });
}

function firstHref(item: SidebarItem): string | undefined {
  if (item.href) return item.href;
  return item.type === 'category' ? item.items.map(firstHref).find(Boolean) : undefined;
}

export interface PageDataBuilder {
  /** Data of a docs route, or undefined when the route is not a doc or a category index. */
  page: (route: string) => PageData | undefined;
  /** A category's items for a sidebar that deferred them (its own sub-categories deferred too). */
  sidebarFragment: (versionName: string, dir: string) => SidebarItem[] | undefined;
  /** Whether a version's sidebar is sent in parts. */
  isSliced: (versionName: string) => boolean;
}

/**
 * `moduleUrl` gives the URL the browser imports a page body from (a built chunk, or the source
 * file under the dev server). A version whose sidebar has more than `inlineLimit` entries sends
 * each page only the open part of it (site.config.ts `sidebar.inlineLimit`).
 */
export function createPageDataBuilder(site: SiteManifest, moduleUrl: (source: string) => string, inlineLimit: number): PageDataBuilder {
  const indexes = site.versions.map(indexVersion);
  const byName = new Map(indexes.map((x) => [x.version.name, x]));
  const sliced = (x: VersionIndex) => x.itemCount > inlineLimit;
  // The pages of one category have the same sidebar: sliced once, the same object for each of them.
  const slices = new Map<string, SidebarItem[]>();
  const sidebarOf = (x: VersionIndex, open: string[]) => {
    if (!sliced(x)) return x.version.sidebar;
    const key = [x.version.name, ...open].join('\0');
    let slice = slices.get(key);
    if (!slice) slices.set(key, (slice = sliceSidebar(x.version.sidebar, new Set(open))));
    return slice;
  };

  const versionLinks = (from: VersionIndex, route: string) => {
    const relative = route.slice(from.version.root.length);
    return Object.fromEntries(
      indexes.map((to) => {
        const candidate = to.version.root + relative;
        return [to.version.name, to.routes.has(candidate) ? candidate : to.version.mainDocRoute];
      }),
    );
  };

  const page = (route: string): PageData | undefined => {
    // Longest root wins: '/docs/1.0/x/' belongs to 1.0, not to the current version.
    const x = indexes.filter((i) => route.startsWith(i.version.root)).sort((a, b) => b.version.root.length - a.version.root.length)[0];
    if (!x) return undefined;
    const doc = x.docByRoute.get(route);
    const index = doc ? undefined : x.indexByRoute.get(route);
    if (!doc && !index) return undefined;
    const trail = x.ancestors.get(route) ?? [];
    const own = x.ownCategory.get(route);
    const top = trail[0] ?? (own && x.version.sidebar.includes(own) ? own : undefined);
    const open = [...trail, ...(own ? [own] : [])].map((c) => c.dir);
    const i = x.flatIndex.get(route);
    const common = {
      route,
      version: x.version.name,
      lvl0: top?.label ?? 'Documentation',
      sidebar: sidebarOf(x, open),
      crumbs: trail.map((c) => ({ key: c.dir, label: c.label, href: c.href })),
      prev: i === undefined ? undefined : x.flat[i - 1],
      next: i === undefined ? undefined : x.flat[i + 1],
      versionLinks: versionLinks(x, route),
    };
    const cardsOf = (items: SidebarItem[]): CategoryCard[] =>
      items.map((item) => ({
        key: item.type === 'doc' ? item.href : item.dir,
        kind: item.type,
        label: item.label,
        href: firstHref(item),
        description: item.type === 'doc' ? (x.docByRoute.get(item.href)?.description ?? '') : itemCountLabel(item.items.length),
      }));
    if (doc) {
      // <DocCardList />: the items of the category the page is the link of, or else of the one it is in, but itself.
      const category = doc.docCardList ? (own ?? trail[trail.length - 1]) : undefined;
      return {
        ...common,
        kind: 'doc',
        title: doc.title,
        label: doc.sidebarLabel,
        description: doc.description,
        source: doc.source,
        doc: { toc: doc.toc, hideToc: doc.hideToc, module: moduleUrl(doc.source) },
        ...(doc.docCardList ? { category: { cards: cardsOf((category?.items ?? x.version.sidebar).filter((item) => item.href !== route)) } } : {}),
      };
    }
    const entry = index!;
    return {
      ...common,
      kind: 'category',
      source: entry.source,
      title: entry.title,
      label: entry.title,
      description: entry.description,
      category: { cards: cardsOf(x.categoryByDir.get(entry.dir)?.items ?? []) },
    };
  };

  return {
    page,
    sidebarFragment: (versionName, dir) => {
      const cat = byName.get(versionName)?.categoryByDir.get(dir);
      return cat && sliceSidebar(cat.items, new Set());
    },
    isSliced: (versionName) => {
      const x = byName.get(versionName);
      return !!x && sliced(x);
    },
  };
}

/**
 * The `data-route` of the not-found page's HTML (404.html), which a host serves for any path it has no file for: the
 * browser then knows that path has no page, without asking for its data.
 */
export const NOT_FOUND_ROUTE = '__not-found__';

/** Where the browser finds a page's data and a deferred sidebar part (paths under the base URL). */
export const pageDataPath = (route: string) => `${route.replace(/^\//, '')}page-data.json`;
export const sidebarFragmentPath = (versionName: string, dir: string) => `_data/sidebar/${versionName}/${dir}.json`;

import type { VersionConfig } from '../../site.config.ts';
import type { CategorySource, CategoryIndexEntry, DocEntry, DocSource, SidebarItem, VersionManifest } from './types.ts';
import { docIdFromPath, docRelativeRoute } from './routes.ts';
import { buildSidebar, SidebarError } from './sidebar.ts';
import { slugify } from './slug.ts';

export class ContentError extends Error {
  constructor(
    public file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
  }
}

/**
 * Why a route (relative to its version root) cannot be served as it is, or null when it can: every
 * segment is plain ASCII that needs no encoding in a URL or a file name, and none is '.' or '..'.
 */
export function unsafeRouteReason(relRoute: string): string | null {
  const segments = relRoute.split('/').filter((s, i, all) => s !== '' || i !== all.length - 1);
  if (segments.some((s) => s === '.' || s === '..')) return 'has a "." or ".." segment';
  if (segments.some((s) => s === '')) return 'has an empty segment';
  const odd = segments.find((s) => !/^[A-Za-z0-9_.~-]+$/.test(s));
  return odd === undefined ? null : `has "${odd}" in it: a route may hold only ASCII letters, digits and - _ . ~`;
}

/**
 * Routes must be unique across the whole site: across versions (a current-version page with a slug
 * under /docs/1.0/ would take a 1.0 route), and against redirects. Each error names both sides.
 */
export function checkRoutesAcrossVersions(versions: VersionManifest[], redirects: { from: string }[], redirectSource = 'site.config.ts (redirects)'): void {
  const owner = new Map<string, string>();
  const roots = versions.map((v) => v.root);
  for (const v of versions) {
    for (const entry of [...v.docs, ...v.categoryIndexes]) {
      // A route belongs to the version whose root is the longest prefix of it.
      const home = roots.filter((r) => entry.route.startsWith(r)).sort((a, b) => b.length - a.length)[0];
      if (home !== v.root) {
        const other = versions.find((x) => x.root === home);
        throw new ContentError(entry.source, `route ${entry.route} lies in version ${other?.label ?? home}'s part of the site (${home}), not in ${v.label}'s (${v.root})`);
      }
      const clash = owner.get(entry.route);
      if (clash) throw new ContentError(entry.source, `route ${entry.route} is already taken by ${clash}`);
      owner.set(entry.route, entry.source);
    }
  }
  for (const r of redirects) {
    const page = owner.get(r.from);
    if (page) throw new ContentError(page, `route ${r.from} is also the source of a redirect in ${redirectSource}`);
  }
}

/** Route of a category's generated index relative to its version root: 'category/<slug>/'. */
export function categoryRelativeRoute(c: CategorySource): string {
  return `category/${c.link?.type === 'generated-index' && c.link.slug ? c.link.slug.replace(/^\/+|\/+$/g, '') : slugify(c.label)}/`;
}

/**
 * Assembles one version's manifest from what the build read off disk. Throws ContentError on bad input; a main doc
 * that is not there goes into `problems` instead, when given, and the sidebar's first page stands in for it, so that
 * the build names it with the pages' problems at its end.
 */
export function buildVersionManifest(
  version: VersionConfig,
  sources: DocSource[],
  categories: CategorySource[],
  contentRoot = 'content/docs',
  problems?: string[],
): VersionManifest {
  const root = `/docs/${version.pathPrefix}`;
  const folder = `${contentRoot}/${version.name}`;
  const seen = new Map<string, string>();
  const docs: DocEntry[] = sources.map((s) => {
    const source = `${folder}/${s.relPath}`;
    const fm = s.frontMatter;
    const title = fm.title ?? s.firstHeading;
    if (!title) throw new ContentError(source, 'no title: add `title:` to the front matter, or begin the page with a `# Heading`');
    const route = root + docRelativeRoute(s.relPath, fm.slug);
    const bad = unsafeRouteReason(route.slice(root.length));
    if (bad) {
      throw new ContentError(
        source,
        fm.slug !== undefined
          ? `slug "${fm.slug}" gives the route ${route}, which ${bad}`
          : `the file's path gives the route ${route}, which ${bad}; rename it with lowercase letters, digits, '-' and '_'`,
      );
    }
    const clash = seen.get(route);
    if (clash) throw new ContentError(source, `route ${route} is already taken by ${clash}`);
    seen.set(route, source);
    return {
      id: docIdFromPath(s.relPath),
      version: version.name,
      route,
      source,
      title,
      sidebarLabel: fm.sidebar_label ?? title,
      sidebarPosition: fm.sidebar_position,
      description: fm.description ?? '',
      keywords: fm.keywords ?? [],
      toc: s.toc ?? [],
      hideToc: fm.hide_table_of_contents === true,
      ...(s.docCardList ? { docCardList: true } : {}),
    };
  });

  const categoryRoute = (c: CategorySource) => root + categoryRelativeRoute(c);

  const categoryIndexes: CategoryIndexEntry[] = categories
    .filter((c) => c.link?.type === 'generated-index')
    .map((c) => {
      const link = c.link as { type: 'generated-index'; description?: string; title?: string };
      const route = categoryRoute(c);
      const clash = seen.get(route);
      const file = `${folder}/${c.dir}/_category_.json`;
      const bad = unsafeRouteReason(route.slice(root.length));
      if (bad) throw new ContentError(file, `the category's slug gives the route ${route}, which ${bad}`);
      if (clash) throw new ContentError(file, `route ${route} is already taken by ${clash}`);
      seen.set(route, file);
      return { version: version.name, route, title: link.title ?? c.label, description: link.description ?? c.description ?? '', dir: c.dir, source: file };
    });

  let sidebar;
  try {
    sidebar = buildSidebar({ docs, categories, categoryRoute });
  } catch (e) {
    if (e instanceof SidebarError) throw new ContentError(`${folder}/${e.file}`, e.message);
    throw e;
  }
  let main = docs.find((d) => d.id === version.mainDoc);
  if (!main) {
    const first = firstDocId(sidebar);
    const advice = first ? `: set this version's mainDoc in site.config.ts to a page's id, such as "${first}", the first page of its sidebar` : '';
    const problem = new ContentError(folder, `main doc "${version.mainDoc}" does not exist${advice}`);
    main = docs.find((d) => d.id === first);
    if (!problems || !main) throw problem;
    problems.push(problem.message);
  }
  return {
    name: version.name,
    label: version.label,
    current: version.current,
    root,
    mainDocRoute: main.route,
    tag: version.tag,
    docs,
    categoryIndexes,
    sidebar,
  };
}

/** The id of the first page a reader meets in `items`, or undefined when there is none. */
function firstDocId(items: SidebarItem[]): string | undefined {
  for (const item of items) {
    const id = item.type === 'doc' ? item.docId : firstDocId(item.items);
    if (id) return id;
  }
  return undefined;
}

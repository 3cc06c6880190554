import { describe, expect, it } from 'vitest';
import { docRelativeRoute, normalizeHtmlPath, isFolderIndex } from '../../src/content/routes.ts';
import { buildVersionManifest, ContentError } from '../../src/content/manifest.ts';
import { flattenSidebar, prevNext, categoryTrail, openCategoriesFor, topCategoryLabel } from '../../src/content/navigation.ts';
import { localeHref, versionOfPath } from '../../src/content/versions.ts';
import { createPageDataBuilder } from '../../src/content/page-data.ts';
import { buildBlog } from '../../src/content/blog.ts';
import type { CategorySource, DocSource, SiteManifest, SidebarItem } from '../../src/content/types.ts';
import siteConfig from '../../site.config.ts';
import { CURRENT, OLDER } from '../fixture-versions.ts';

const doc = (relPath: string, fm: DocSource['frontMatter'] = {}): DocSource => ({
  relPath,
  frontMatter: { title: relPath.replace(/\.mdx?$/, ''), ...fm },
  toc: [],
});


// The sidebar shapes the zrok docs use.
const docs: DocSource[] = [
  doc('getting-started.mdx', { sidebar_position: 10, sidebar_label: 'Getting Started' }),
  doc('concepts/index.mdx', { title: 'Concepts' }),
  doc('concepts/sharing-public.mdx', { sidebar_position: 10, sidebar_label: 'Public Shares' }),
  doc('concepts/sharing-reserved.mdx', { sidebar_position: 10, sidebar_label: 'Reserved Shares' }),
  doc('concepts/sharing-private.mdx', { sidebar_position: 0, sidebar_label: 'Private Shares' }),
  doc('concepts/hosting.mdx', { sidebar_position: 200 }),
  doc('guides/drives.mdx', { sidebar_label: 'Drives' }),
  doc('guides/vpn/vpn.mdx', { sidebar_label: 'VPN' }),
  doc('guides/frontdoor.mdx', { sidebar_position: 20 }),
  doc('guides/install/index.mdx', { title: 'Install' }),
  doc('guides/install/windows.mdx'),
  doc('guides/install/linux.mdx'),
  doc('guides/self-hosting/linux/index.mdx', { title: 'Self-Hosting Guide for Linux' }),
  doc('guides/self-hosting/linux/nginx.mdx', { sidebar_position: 50 }),
  doc('guides/self-hosting/docker.mdx', { sidebar_position: 45 }),
  doc('myzrok/custom-domains/index.mdx', { title: 'Custom Domains' }),
  doc('myzrok/limits.mdx'),
];
const categories: CategorySource[] = [
  { dir: 'concepts', label: 'Concepts', position: 30, link: { type: 'doc', id: 'concepts/index' } },
  { dir: 'guides', label: 'Guides', position: 50, link: { type: 'generated-index', description: 'All guides.' } },
  { dir: 'guides/install', label: 'Install', position: 10, link: { type: 'doc', id: 'guides/install/index' } },
  { dir: 'guides/self-hosting', label: 'Self Hosting', position: 80, link: { type: 'generated-index' } },
  { dir: 'guides/self-hosting/linux', label: 'Linux', position: 10, link: { type: 'doc', id: 'index' } },
  { dir: 'myzrok', label: 'myzrok', position: 50, link: { type: 'generated-index' } },
  { dir: 'myzrok/custom-domains', label: 'Custom Domains', position: 120, link: { type: 'doc', id: 'myzrok/custom-domains/index' } },
];

const labels = (items: SidebarItem[]) => items.map((i) => i.label);

describe('routes from file paths', () => {
  it('maps files, index files, folder-named files and slugs', () => {
    expect(docRelativeRoute('getting-started.mdx')).toBe('getting-started/');
    expect(docRelativeRoute('concepts/index.mdx')).toBe('concepts/');
    expect(docRelativeRoute('guides/vpn/vpn.md')).toBe('guides/vpn/');
    expect(docRelativeRoute('guides/install/linux.mdx')).toBe('guides/install/linux/');
    expect(docRelativeRoute('guides/a.mdx', 'other')).toBe('guides/other/');
    expect(docRelativeRoute('guides/a.mdx', '/top/level')).toBe('top/level/');
    expect(isFolderIndex('guides/vpn/vpn.md')).toBe(true);
    expect(isFolderIndex('vpn.md')).toBe(false);
  });

  it('normalises .html paths to the clean route', () => {
    expect(normalizeHtmlPath('/docs/getting-started/index.html')).toBe('/docs/getting-started/');
    expect(normalizeHtmlPath('/docs/getting-started.html')).toBe('/docs/getting-started/');
    expect(normalizeHtmlPath('/index.html')).toBe('/');
    expect(normalizeHtmlPath('/docs/x/')).toBe('/docs/x/');
  });
});

describe('version manifest and sidebar', () => {
  const m = buildVersionManifest(CURRENT, docs, categories);

  it('orders by position, then name; unpositioned items last', () => {
    expect(labels(m.sidebar)).toEqual(['Getting Started', 'Concepts', 'Guides', 'myzrok']);
    const concepts = m.sidebar[1] as Extract<SidebarItem, { type: 'category' }>;
    expect(labels(concepts.items)).toEqual(['Private Shares', 'Public Shares', 'Reserved Shares', 'concepts/hosting']);
    const guides = m.sidebar[2] as Extract<SidebarItem, { type: 'category' }>;
    expect(labels(guides.items)).toEqual(['Install', 'guides/frontdoor', 'Self Hosting', 'Drives', 'VPN']);
  });

  it('links categories to their doc or generated index, and shows one-page folders as plain links', () => {
    const [, concepts, guides, myzrok] = m.sidebar as Extract<SidebarItem, { type: 'category' }>[];
    expect(concepts.href).toBe('/docs/concepts/');
    expect(guides.href).toBe('/docs/category/guides/');
    expect(guides.items.find((i) => i.label === 'VPN')).toMatchObject({ type: 'doc', href: '/docs/guides/vpn/' });
    expect(myzrok.items[0]).toMatchObject({ type: 'doc', label: 'Custom Domains', href: '/docs/myzrok/custom-domains/' });
    const selfHosting = guides.items.find((i) => i.label === 'Self Hosting') as Extract<SidebarItem, { type: 'category' }>;
    expect(selfHosting.items[0]).toMatchObject({ type: 'category', label: 'Linux', href: '/docs/guides/self-hosting/linux/' });
    expect(m.categoryIndexes.map((c) => c.route)).toEqual(['/docs/category/guides/', '/docs/category/self-hosting/', '/docs/category/myzrok/']);
    expect(m.categoryIndexes[0].description).toBe('All guides.');
  });

  it('uses link.slug for a generated index when given', () => {
    const withSlug = buildVersionManifest(CURRENT, docs, categories.map((c) => (c.dir === 'guides' ? { ...c, link: { type: 'generated-index' as const, slug: 'all-guides' } } : c)));
    expect(withSlug.categoryIndexes[0].route).toBe('/docs/category/all-guides/');
  });

  it('prefixes older versions and leads the version root to the main doc', () => {
    const old = buildVersionManifest(OLDER, docs, categories);
    expect(old.root).toBe('/docs/7.0/');
    expect(old.mainDocRoute).toBe('/docs/7.0/getting-started/');
    expect(old.docs.find((d) => d.id === 'concepts/index')?.route).toBe('/docs/7.0/concepts/');
  });

  it('walks previous/next through category links in sidebar order', () => {
    const flat = flattenSidebar(m.sidebar).map((l) => l.href);
    expect(flat.slice(0, 4)).toEqual(['/docs/getting-started/', '/docs/concepts/', '/docs/concepts/sharing-private/', '/docs/concepts/sharing-public/']);
    expect(prevNext(m.sidebar, '/docs/concepts/')).toEqual({
      prev: { label: 'Getting Started', href: '/docs/getting-started/' },
      next: { label: 'Private Shares', href: '/docs/concepts/sharing-private/' },
    });
    expect(prevNext(m.sidebar, '/docs/getting-started/').prev).toBeUndefined();
  });

  it('gives the category trail for breadcrumbs', () => {
    expect(categoryTrail(m.sidebar, '/docs/guides/self-hosting/linux/nginx/').map((c) => c.label)).toEqual(['Guides', 'Self Hosting', 'Linux']);
    expect(categoryTrail(m.sidebar, '/docs/getting-started/')).toEqual([]);
    expect(topCategoryLabel(m.sidebar, '/docs/guides/self-hosting/linux/nginx/')).toBe('Guides');
    expect(topCategoryLabel(m.sidebar, '/docs/concepts/')).toBe('Concepts');
    expect(topCategoryLabel(m.sidebar, '/docs/getting-started/')).toBeUndefined();
    expect(openCategoriesFor(m.sidebar, '/docs/guides/self-hosting/linux/')).toEqual(['guides', 'guides/self-hosting', 'guides/self-hosting/linux']);
  });

  it('rejects bad input with the file that caused it', () => {
    expect(() => buildVersionManifest(CURRENT, [...docs, doc('concepts/other.mdx', { slug: '/concepts' })], categories)).toThrow(/concepts\/other\.mdx: route \/docs\/concepts\/ is already taken/);
    expect(() => buildVersionManifest(CURRENT, docs, [...categories, { dir: 'x', label: 'X', link: { type: 'doc', id: 'nope' } }])).toThrow(ContentError);
    expect(() => buildVersionManifest(CURRENT, docs, [...categories, { dir: 'x', label: 'X', link: { type: 'doc', id: 'nope' } }])).toThrow('content/docs/7.1/x/_category_.json');
    // A version whose main doc is gone (pages brought from elsewhere) is told where to set it, and to what.
    let message = '';
    try {
      buildVersionManifest(CURRENT, docs.slice(1), categories);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/main doc "getting-started" does not exist: set this version's mainDoc in site\.config\.ts to a page's id, such as "[^"]+", the first page of its sidebar/);
    const named = /such as "([^"]+)"/.exec(message)![1];
    expect(buildVersionManifest({ ...CURRENT, mainDoc: named }, docs.slice(1), categories).sidebar).toBeTruthy();
    // For the build, which names it at its end with the pages' problems: the same message, and that page in its place.
    const problems: string[] = [];
    const standIn = buildVersionManifest(CURRENT, docs.slice(1), categories, undefined, problems);
    expect(problems).toEqual([message]);
    expect(standIn.mainDocRoute).toBe(buildVersionManifest({ ...CURRENT, mainDoc: named }, docs.slice(1), categories).mainDocRoute);
    expect(() => buildVersionManifest(CURRENT, [{ relPath: 'x.mdx', frontMatter: {}, toc: [] }, ...docs], categories)).toThrow(/x\.mdx: no title/);
  });
});

describe('page data', () => {
  const site: SiteManifest = { versions: [buildVersionManifest(CURRENT, docs, categories)] };
  const sidebar = site.versions[0].sidebar;
  const routes = [...site.versions[0].docs.map((d) => d.route), ...site.versions[0].categoryIndexes.map((c) => c.route)];

  it('gives every page the same neighbours, trail and section as walking the sidebar does', () => {
    const pages = createPageDataBuilder(site, (s) => `/${s}`, 150);
    for (const route of routes) {
      const data = pages.page(route)!;
      expect(data.route).toBe(route);
      expect({ prev: data.prev, next: data.next }).toEqual(prevNext(sidebar, route));
      expect(data.crumbs.map((c) => c.key)).toEqual(categoryTrail(sidebar, route).map((c) => c.dir));
      expect(data.lvl0).toBe(topCategoryLabel(sidebar, route) ?? 'Documentation');
    }
    expect(pages.page('/docs/nope/')).toBeUndefined();
  });

  it('names the body module of a doc and lists a generated index as cards', () => {
    const pages = createPageDataBuilder(site, (s) => `/assets/${s}`, 150);
    const doc = pages.page('/docs/guides/drives/')!;
    expect(doc.kind).toBe('doc');
    expect(doc.doc?.module).toBe('/assets/content/docs/7.1/guides/drives.mdx');
    const index = pages.page('/docs/category/guides/')!;
    expect(index.kind).toBe('category');
    expect(index.source).toBe('content/docs/7.1/guides/_category_.json');
    const guides = sidebar.find((i) => i.label === 'Guides') as Extract<SidebarItem, { type: 'category' }>;
    expect(index.category?.cards.map((c) => c.label)).toEqual(labels(guides.items));
    expect(index.category?.cards.find((c) => c.label === 'Install')).toMatchObject({ kind: 'category', href: '/docs/guides/install/', description: '2 items' });
  });

  it('gives a doc that shows <DocCardList /> the cards of its category, and no other doc any', () => {
    const withCards = { versions: [buildVersionManifest(CURRENT, docs.map((d) => (d.relPath === 'guides/install/index.mdx' || d.relPath === 'concepts/hosting.mdx' ? { ...d, docCardList: true } : d)), categories)] };
    const pages = createPageDataBuilder(withCards, (s) => s, 150);
    // The category's own doc: its items.
    expect(pages.page('/docs/guides/install/')!.category?.cards.map((c) => c.href)).toEqual(['/docs/guides/install/linux/', '/docs/guides/install/windows/']);
    // A doc in a category: the others of that category.
    const concepts = withCards.versions[0].sidebar.find((i) => i.label === 'Concepts') as Extract<SidebarItem, { type: 'category' }>;
    expect(pages.page('/docs/concepts/hosting/')!.category?.cards.map((c) => c.label)).toEqual(labels(concepts.items).filter((l) => l !== 'concepts/hosting'));
    expect(pages.page('/docs/guides/drives/')!.category).toBeUndefined();
  });

  it('sends a large version only the open part of its sidebar, and the rest in parts', () => {
    const small = createPageDataBuilder(site, (s) => s, 150);
    expect(small.page('/docs/guides/drives/')!.sidebar).toEqual(sidebar);
    const large = createPageDataBuilder(site, (s) => s, 5);
    expect(large.isSliced('7.1')).toBe(true);
    const data = large.page('/docs/guides/self-hosting/linux/nginx/')!;
    const byLabel = (items: SidebarItem[], label: string) => items.find((i) => i.label === label) as Extract<SidebarItem, { type: 'category' }>;
    const concepts = byLabel(data.sidebar, 'Concepts');
    expect(concepts.items).toEqual([]);
    expect(concepts.deferred).toBe(4);
    const guides = byLabel(data.sidebar, 'Guides');
    expect(guides.deferred).toBeUndefined();
    expect(byLabel(guides.items, 'Install').deferred).toBe(2);
    expect(byLabel(byLabel(guides.items, 'Self Hosting').items, 'Linux').items.map((i) => i.href)).toEqual(['/docs/guides/self-hosting/linux/nginx/']);
    expect(large.sidebarFragment('7.1', 'concepts')!.map((i) => i.label)).toEqual(['Private Shares', 'Public Shares', 'Reserved Shares', 'concepts/hosting']);
    expect(large.sidebarFragment('7.1', 'nope')).toBeUndefined();
  });
});

describe('version switching and locale links', () => {
  const site: SiteManifest = {
    versions: [
      buildVersionManifest(CURRENT, docs, categories),
      buildVersionManifest(OLDER, docs.filter((d) => d.relPath !== 'guides/drives.mdx'), categories),
    ],
  };

  it('keeps the same page where it exists, else goes to the main doc', () => {
    const pages = createPageDataBuilder(site, (s) => `/${s}`, 150);
    const target = (route: string, version: string) => pages.page(route)?.versionLinks[version];
    expect(target('/docs/concepts/sharing-public/', '7.0')).toBe('/docs/7.0/concepts/sharing-public/');
    expect(target('/docs/7.0/concepts/', '7.1')).toBe('/docs/concepts/');
    expect(target('/docs/guides/drives/', '7.0')).toBe('/docs/7.0/getting-started/');
    expect(target('/docs/category/guides/', '7.0')).toBe('/docs/7.0/category/guides/');
    expect(pages.page('/')).toBeUndefined();
  });

  it('finds the version of a path by its longest root', () => {
    expect(versionOfPath(site.versions, '/docs/7.0/concepts/')?.name).toBe('7.0');
    expect(versionOfPath(site.versions, '/docs/concepts/')?.name).toBe('7.1');
    expect(versionOfPath(site.versions, '/search/')).toBeUndefined();
  });

  it('builds locale links from base URL, locale segment and path', () => {
    expect(localeHref('/', 'en', 'en', '/docs/concepts/')).toBe('/docs/concepts/');
    expect(localeHref('/', 'fr', 'en', '/docs/concepts/')).toBe('/fr/docs/concepts/');
    expect(localeHref('/zrok-docs/', 'fr', 'en', '/docs/')).toBe('/zrok-docs/fr/docs/');
    expect(localeHref('/zrok-docs', 'en', 'en', '/')).toBe('/zrok-docs/');
  });
});

describe('redirects', () => {
  it('declares the four old paths of the spec, each to a page of the current version', () => {
    expect(siteConfig.redirects).toEqual([
      { from: '/docs/guides/self-hosting/self_hosting_guide/', to: '/docs/guides/self-hosting/linux/' },
      { from: '/docs/guides/self-hosting/nginx_tls_guide/', to: '/docs/guides/self-hosting/linux/nginx/' },
      { from: '/docs/guides/metrics-and-limits/configuring-limits/', to: '/docs/guides/self-hosting/metrics-and-limits/configuring-limits/' },
      { from: '/docs/guides/metrics-and-limits/configuring-metrics/', to: '/docs/guides/self-hosting/metrics-and-limits/configuring-metrics/' },
    ]);
  });
});

describe('blog model', () => {
  it('generates nothing without posts', () => {
    expect(buildBlog([])).toBeNull();
  });

  it('routes posts under /blog/ and groups the sidebar by year, newest first', () => {
    const blog = buildBlog([
      { relPath: '2024-05-01-first.md', frontMatter: { title: 'First' } },
      { relPath: '2025-01-10-new-year/index.mdx', frontMatter: { title: 'New year' } },
      { relPath: 'release.mdx', frontMatter: { title: 'Release', date: '2025-03-02', slug: 'zrok-1-0' } },
    ])!;
    expect(blog.posts.map((p) => p.route)).toEqual(['/blog/zrok-1-0/', '/blog/new-year/', '/blog/first/']);
    expect(blog.sidebar.map((g) => [g.year, g.posts.map((p) => p.title)])).toEqual([
      [2025, ['Release', 'New year']],
      [2024, ['First']],
    ]);
    expect(() => buildBlog([{ relPath: 'undated.md', frontMatter: {} }])).toThrow(/content\/blog\/undated\.md: a post needs a date/);
  });
});

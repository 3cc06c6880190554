import type { VersionConfig } from '../../site.config.ts';
import type { CategorySource, CategoryIndexEntry, DocEntry, DocSource, VersionManifest } from './types.ts';
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

/** Assembles one version's manifest from what the build read off disk. Throws ContentError on bad input. */
export function buildVersionManifest(
  version: VersionConfig,
  sources: DocSource[],
  categories: CategorySource[],
  contentRoot = 'content/docs',
): VersionManifest {
  const root = `/docs/${version.pathPrefix}`;
  const folder = `${contentRoot}/${version.name}`;
  const seen = new Map<string, string>();
  const docs: DocEntry[] = sources.map((s) => {
    const source = `${folder}/${s.relPath}`;
    const fm = s.frontMatter;
    const title = fm.title ?? s.firstHeading;
    if (!title) throw new ContentError(source, 'no title: add `title:` to the front matter');
    const route = root + docRelativeRoute(s.relPath, fm.slug);
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
      toc: s.toc ?? [],
      hideToc: fm.hide_table_of_contents === true,
    };
  });

  const categoryRoute = (c: CategorySource) =>
    `${root}category/${c.link?.type === 'generated-index' && c.link.slug ? c.link.slug.replace(/^\/+|\/+$/g, '') : slugify(c.label)}/`;

  const categoryIndexes: CategoryIndexEntry[] = categories
    .filter((c) => c.link?.type === 'generated-index')
    .map((c) => {
      const link = c.link as { type: 'generated-index'; description?: string; title?: string };
      const route = categoryRoute(c);
      const clash = seen.get(route);
      const file = `${folder}/${c.dir}/_category_.json`;
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
  const main = docs.find((d) => d.id === version.mainDoc);
  if (!main) throw new ContentError(folder, `main doc "${version.mainDoc}" does not exist`);
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

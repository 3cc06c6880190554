/** The content model: plain data, no React. */

export interface TocEntry {
  depth: 2 | 3;
  id: string;
  text: string;
}

/** One doc page as the build reads it from disk. */
export interface DocSource {
  /** Path relative to the version folder, with extension: 'concepts/index.mdx'. */
  relPath: string;
  frontMatter: FrontMatter;
  /** Undefined until read: the dev server starts on front matter alone and reads a page's headings when it is first shown. */
  toc?: TocEntry[];
  /** First heading text, used when front matter has no title. */
  firstHeading?: string;
  /** The page shows <DocCardList />: its data carries the cards of its category. */
  docCardList?: boolean;
}

export interface FrontMatter {
  title?: string;
  sidebar_label?: string;
  sidebar_position?: number;
  description?: string;
  /** Words a reader may search for that the page does not use itself (search only). */
  keywords?: string[];
  slug?: string;
  hide_table_of_contents?: boolean;
}

export interface CategorySource {
  /** Folder relative to the version folder: 'guides/install'. */
  dir: string;
  label: string;
  position?: number;
  link?: { type: 'doc'; id: string } | { type: 'generated-index'; slug?: string; description?: string; title?: string };
  description?: string;
}

/** A doc page as the chrome needs it. */
export interface DocEntry {
  /** Path without extension, relative to the version folder: 'concepts/index'. */
  id: string;
  version: string;
  /** Full route path from the site root (no base URL), with trailing slash: '/docs/1.0/concepts/'. */
  route: string;
  /** Source file relative to the repository root: 'content/docs/1.0/concepts/index.mdx'. */
  source: string;
  title: string;
  sidebarLabel: string;
  sidebarPosition?: number;
  description: string;
  /** The front matter's `keywords:`: searched, never shown. */
  keywords: string[];
  toc: TocEntry[];
  hideToc: boolean;
  /** The page shows <DocCardList />: its data carries the cards of its category. */
  docCardList?: boolean;
}

/** A generated category index page. */
export interface CategoryIndexEntry {
  version: string;
  route: string;
  title: string;
  description: string;
  /** The category's path in the sidebar, for finding its items. */
  dir: string;
  /** Its _category_.json, relative to the repository root. */
  source: string;
}

export type SidebarItem = SidebarDocLink | SidebarCategory;

export interface SidebarDocLink {
  type: 'doc';
  label: string;
  href: string;
  docId: string;
}

export interface SidebarCategory {
  type: 'category';
  label: string;
  /** Where the category label links to (its doc or generated index), if anywhere. */
  href?: string;
  /** Folder relative to the version root; unique key. */
  dir: string;
  items: SidebarItem[];
  /** Set when `items` was left out of a page's data: how many there are (the browser fetches them on opening). */
  deferred?: number;
}

export interface VersionManifest {
  name: string;
  label: string;
  current: boolean;
  /** '/docs/' or '/docs/1.0/'. */
  root: string;
  mainDocRoute: string;
  tag: string;
  docs: DocEntry[];
  categoryIndexes: CategoryIndexEntry[];
  sidebar: SidebarItem[];
}

export interface SiteManifest {
  versions: VersionManifest[];
  /** What the build found wrong in the site's configuration, named at its end with the pages' problems. */
  problems?: string[];
}

/** How a file path in a version folder becomes a route. */

export function docIdFromPath(relPath: string): string {
  return relPath.replace(/\.mdx?$/, '');
}

/** Folder of a path ('guides/install/linux.mdx' → 'guides/install'; top level → ''). */
export function dirOf(relPath: string): string {
  const i = relPath.lastIndexOf('/');
  return i < 0 ? '' : relPath.slice(0, i);
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** True for `index.mdx` and for a file named like its folder (`vpn/vpn.md`). */
export function isFolderIndex(relPath: string): boolean {
  const id = docIdFromPath(relPath);
  const name = baseName(id);
  const dir = dirOf(id);
  return name === 'index' || (dir !== '' && baseName(dir) === name);
}

/**
 * Route of a doc relative to its version root, always with a trailing slash:
 * 'x.mdx' → 'x/', 'a/index.mdx' and 'a/a.mdx' → 'a/'; a `slug` overrides (absolute from the
 * version root when it starts with '/', else relative to the file's folder).
 */
export function docRelativeRoute(relPath: string, slug?: string): string {
  const id = docIdFromPath(relPath);
  let path: string;
  if (slug !== undefined) {
    const dir = dirOf(id);
    path = slug.startsWith('/') ? slug.slice(1) : dir ? `${dir}/${slug}` : slug;
  } else {
    path = isFolderIndex(relPath) ? dirOf(id) : id;
  }
  path = path.replace(/^\/+|\/+$/g, '');
  return path === '' ? '' : `${path}/`;
}

export function withTrailingSlash(path: string): string {
  return path.endsWith('/') ? path : `${path}/`;
}

/** '/docs/a/index.html' and '/docs/a.html' → '/docs/a/'; anything else unchanged. */
export function normalizeHtmlPath(pathname: string): string {
  if (pathname.endsWith('/index.html')) return pathname.slice(0, -'index.html'.length);
  if (pathname.endsWith('.html')) return `${pathname.slice(0, -'.html'.length)}/`;
  return pathname;
}

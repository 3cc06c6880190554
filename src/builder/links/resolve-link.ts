/**
 * What a link written in a page means, so that a page's links stay in its own version however versions are cut or
 * copied. Pure: the routes of each version come in, an href or a reason goes out.
 *
 * 1. A route in the page's own version: `/docs/concepts/tunnels/#x` in a page of version V is V's page,
 *    `/docs/` + V's pathPrefix + `concepts/tunnels/#x` (written without its trailing slash, the same).
 * 2. A file link, to that file's route (its `slug:` respected), within the linking page's version folder, looked for
 *    where Docusaurus looks: `./tunnels.mdx` and `../concepts/tunnels.md#x` in the linking file's folder;
 *    `tunnels.mdx` there, then in the version's folder; `/concepts/tunnels.mdx` in the version's folder (or, written
 *    from the site's root as `/docs/concepts/tunnels.mdx` or `@site/docs/…`, the same).
 * 3. Another version, on purpose: `/docs/<version name>/<path>` (`/docs/1.0/guides/agent/`), through that version's
 *    pathPrefix, so it keeps pointing at that version across cuts.
 * 4. A route relative to the page (`./get-token`), as the browser reads it, when it is a page of the version.
 * 5. Anything else (other routes of the site, other sites, `#anchor` alone, static files) is left as it is.
 */

import { distance } from 'fastest-levenshtein';
import type { LinkMapping } from '../../../site.config.ts';

/** The routes of one version, relative to its root: 'concepts/tunnels/', '' for the root itself. */
export interface VersionRoutes {
  name: string;
  /** '' for the current version, '1.0/' for the others. */
  pathPrefix: string;
  /** Each page file (path in the version folder, 'concepts/tunnels.mdx') and its route. */
  files: ReadonlyMap<string, string>;
  /** Every route the version serves: its pages' and its generated category indexes'. */
  routes: ReadonlySet<string>;
}

/** What a link's meaning depends on, for a cache to check later: the question asked of a version and its answer. */
export type LinkQuery = { kind: 'file' | 'route'; version: string; path: string };

/** The lookups the resolver makes; a caller may record them (see answerOf). */
export interface RouteLookup {
  versions: readonly VersionRoutes[];
  /** The route of a page file of a version, or undefined when it has no such page. */
  fileRoute(version: VersionRoutes, relPath: string): string | undefined;
  hasRoute(version: VersionRoutes, relRoute: string): boolean;
}

export type Resolved = { href: string } | { reason: string; hint?: string };

export interface LinkFrom {
  /** The linking page's version (its folder name). */
  version: string;
  /** The linking file's path in its version folder: 'guides/install/linux.mdx'. */
  relPath: string;
  /** When the linking file is a partial, the path of the page it is shown in, whose URL a relative route starts from. */
  page?: string;
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
const FILE_LINK = /\.mdx?$/;
const DOCS = '/docs/';
/** Docusaurus's name for the site's folder in an import or a link. */
const SITE_ALIAS = '@site/';
/** A path ending in a file name with an extension of letters: '/docs/img/x.png', not '/docs/1.0'. */
const STATIC_FILE = /\/[^/]*\.[a-z][a-z0-9]*$/i;

/** The answer a lookup gives now to a recorded query: a route, or '' for none ('route' queries: '1' or ''). */
export function answerOf(versions: readonly VersionRoutes[], q: LinkQuery): string {
  const v = versions.find((x) => x.name === q.version);
  if (!v) return '';
  if (q.kind === 'file') return v.files.get(q.path) ?? '';
  return v.routes.has(q.path) ? '1' : '';
}

/** A lookup straight from the tables, recording nothing. */
export function plainLookup(versions: readonly VersionRoutes[]): RouteLookup {
  return { versions, fileRoute: (v, p) => v.files.get(p), hasRoute: (v, r) => v.routes.has(r) };
}

/** Splits '/a/b/?q=1#x' into the path and what follows it ('?q=1#x'). */
function splitSuffix(href: string): [string, string] {
  const i = href.search(/[?#]/);
  return i < 0 ? [href, ''] : [href.slice(0, i), href.slice(i)];
}

/** 'a/./b/../c' → 'a/c'; null when it climbs above the start. */
function normalize(parts: string[]): string[] | null {
  const out: string[] = [];
  for (const p of parts) {
    if (p === '' || p === '.') continue;
    if (p === '..') {
      if (!out.length) return null;
      out.pop();
    } else out.push(p);
  }
  return out;
}

/** The closest of `candidates` to `wanted`, when it is close enough to be what was meant. */
export function nearest(wanted: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = distance(wanted, c);
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return best !== undefined && bestDistance <= Math.max(3, Math.floor(wanted.length / 3)) ? best : undefined;
}

/** The path from the folder `fromDir` to the file `to`, as a writer writes it: './x.mdx', '../a/x.mdx'. */
function relativeFile(fromDir: string, to: string): string {
  const from = fromDir ? fromDir.split('/') : [];
  const target = to.split('/');
  let common = 0;
  while (common < from.length && common < target.length - 1 && from[common] === target[common]) common++;
  const up = from.length - common;
  return `${up ? '../'.repeat(up) : './'}${target.slice(common).join('/')}`;
}

const dirOf = (relPath: string) => relPath.slice(0, Math.max(0, relPath.lastIndexOf('/')));

/** `href` with a mapped prefix (site.config.ts's linkMappings) replaced by what it stands for. */
export function mapLink(href: string, mappings: readonly LinkMapping[]): string {
  for (const { from, to } of mappings) {
    if (href === from) return to;
    if (href.startsWith(from) && /[/?#]/.test(href[from.length])) return to.replace(/\/$/, '') + href.slice(from.length);
  }
  return href;
}

/** Resolves one href written in the page `from`; a prefix of `mappings` is replaced first. */
export function resolveLink(written: string, from: LinkFrom, lookup: RouteLookup, mappings: readonly LinkMapping[] = []): Resolved {
  const href = mapLink(written, mappings);
  if (EXTERNAL.test(href) || href.startsWith('#') || href === '') return { href };
  const own = lookup.versions.find((v) => v.name === from.version);
  if (!own) return { href };
  const [path, suffix] = splitSuffix(href);
  // '@zrokdocs/concepts/x': a path alias that a Docusaurus site's own plugin put in place; no browser reads it.
  const alias = /^@[^/]+/.exec(path)?.[0];
  if (alias && !path.startsWith(SITE_ALIAS)) return { reason: `${alias} is a path alias of the Docusaurus site this page was written for, which this site does not have`, hint: `write a route such as /docs/concepts/, a file link such as ./page.mdx, or a full https:// URL; or say what it stands for in site.config.ts's linkMappings, as { from: '${alias}', to: '/docs' }` };
  if (FILE_LINK.test(path)) return resolveFile(path, suffix, own, from, lookup);
  if (path.startsWith('/')) return resolveRoute(path, suffix, own, lookup);
  return resolveRelativeRoute(path, suffix, own, from, lookup) ?? { href };
}

/**
 * Form 1 written relative to the page (`./get-token`, `../deployment/docker`), as a browser reads it from the page's
 * URL (in a partial, the URL of the page it is shown in): a page of its version, at that page's own URL. Anything else
 * it may be (a page of no version, a static file) is left as written, to the check of the built site's links.
 */
function resolveRelativeRoute(path: string, suffix: string, own: VersionRoutes, from: LinkFrom, lookup: RouteLookup): Resolved | undefined {
  if (STATIC_FILE.test(`/${path}`)) return undefined;
  const pageRoute = lookup.fileRoute(own, from.page ?? from.relPath);
  const parts = pageRoute === undefined ? null : normalize([...pageRoute.split('/'), ...path.split('/')]);
  if (!parts) return undefined;
  const wanted = parts.length ? `${parts.join('/')}/` : '';
  return wanted === '' || lookup.hasRoute(own, wanted) ? { href: `${DOCS}${own.pathPrefix}${wanted}${suffix}` } : undefined;
}

/** Forms 1 and 3: a route under /docs/, in the page's own version or, named by its first segment, in another. */
function resolveRoute(path: string, suffix: string, own: VersionRoutes, lookup: RouteLookup): Resolved {
  // Outside the docs, or a file (an image, a download) rather than a route.
  if (!path.startsWith(DOCS) || STATIC_FILE.test(path)) return { href: path + suffix };
  let rest = path.slice(DOCS.length);
  const first = rest.split('/')[0];
  const named = lookup.versions.find((v) => v.name === first);
  const version = named ?? own;
  if (named) rest = rest.slice(first.length + 1);
  const wanted = rest === '' || rest.endsWith('/') ? rest : `${rest}/`;
  const href = (relRoute: string) => `${DOCS}${version.pathPrefix}${relRoute}${suffix}`;
  // The version's root leads to its main doc. A route written without its trailing slash (Docusaurus takes it so) is
  // the page all the same, linked at its own URL: no redirect on the way.
  if (wanted === '' || lookup.hasRoute(version, wanted)) return { href: href(wanted) };
  const written = `${DOCS}${named ? `${first}/` : ''}`;
  const hints: string[] = [];
  const close = nearest(wanted, version.routes);
  if (close) hints.push(`did you mean ${written}${close}?`);
  const elsewhere = named ? undefined : lookup.versions.find((v) => v !== version && v.routes.has(wanted));
  if (elsewhere) hints.push(`version ${elsewhere.name} has it: to link there on purpose, write ${DOCS}${elsewhere.name}/${wanted}`);
  return { reason: `no page at ${written}${wanted} in version ${version.name}`, ...(hints.length ? { hint: hints.join('; ') } : {}) };
}

/** Form 2: a page file, in the linking page's version. */
function resolveFile(path: string, suffix: string, own: VersionRoutes, from: LinkFrom, lookup: RouteLookup): Resolved {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return { reason: `malformed file link ${path}` };
  }
  if (decoded.startsWith(SITE_ALIAS)) decoded = decoded.slice(SITE_ALIAS.length - 1);
  const fromDir = dirOf(from.relPath);
  const found = (parts: string[] | null) => {
    const route = parts ? lookup.fileRoute(own, parts.join('/')) : undefined;
    return route === undefined ? undefined : { href: `${DOCS}${own.pathPrefix}${route}${suffix}` };
  };
  if (decoded.startsWith('/')) {
    // From the version's folder, or from the site's root through its docs folder. Not a page file there: left as it
    // is, a static file perhaps (a page's Markdown copy), which the check of the built site's links judges.
    const inVersion = [decoded, ...(decoded.startsWith(DOCS) ? [decoded.slice(DOCS.length - 1)] : [])];
    for (const p of inVersion) {
      const out = found(normalize(p.split('/')));
      if (out) return out;
    }
    return { href: path + suffix };
  }
  const parts = normalize([...(fromDir ? fromDir.split('/') : []), ...decoded.split('/')]);
  if (!parts) return { reason: `file link ${path} leaves version ${own.name}'s folder`, hint: 'to link to another version on purpose, write /docs/<version>/<route>' };
  // A bare name ('tunnels.mdx', 'guides/x.md') is looked for beside the linking file, then from the version's folder.
  const out = found(parts) ?? (/^\.\.?\//.test(decoded) ? undefined : found(normalize(decoded.split('/'))));
  if (out) return out;
  const target = parts.join('/');
  const name = parts[parts.length - 1];
  const reason = name.startsWith('_') ? `${path} is a partial, not a page: it has no route to link to` : `no page file ${target} in version ${own.name}`;
  const close = nearest(target, own.files.keys());
  return close ? { reason, hint: `did you mean ${relativeFile(fromDir, close)}?` } : { reason };
}

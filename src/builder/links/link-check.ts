import { readFile } from 'node:fs/promises';
import type { PageFacts } from './html-facts.ts';

export interface LinkError {
  source: string;
  page: string;
  link: string;
  reason: string;
}

/** The pages a link may reach: whether there is one at a path ('/docs/a/'), and its ids. */
export interface LinkTargets {
  has(path: string): boolean;
  /** Asked only for a path it has. */
  idsOf(path: string): string[];
}

/** The targets when every page's facts are at hand. */
export function targetsOf(pages: PageFacts[]): LinkTargets {
  const byPath = new Map(pages.map((p) => [p.path, p]));
  return { has: (path) => byPath.has(path), idsOf: (path) => byPath.get(path)!.ids };
}

interface Site {
  redirects: { from: string; to: string }[];
  /** Base URL with trailing slash. */
  base: string;
}

interface CheckInput extends Site {
  /** The pages whose links are judged. */
  pages: PageFacts[];
  /** Every page a link may reach; by default, `pages`. */
  targets?: LinkTargets;
  /** Whether a file (path relative to the site root, no leading slash) exists in the output. */
  staticExists: (relPath: string) => Promise<boolean>;
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** Where a link on the page at pagePath points in the site, and its anchor ('#x', or ''); a reason when it cannot; null for another site. */
function siteTarget(link: string, pagePath: string, base: string): { sitePath: string; hash: string } | string | null {
  if (EXTERNAL.test(link)) return null;
  if (link === '') return 'empty href';
  // An anchor on the page itself (a table of contents), without parsing a URL.
  if (link.startsWith('#')) return { sitePath: pagePath, hash: link };
  const parsed = new URL(link, `http://site${base.replace(/\/$/, '')}${pagePath}`);
  const pathname = `${parsed.pathname}/` === base ? base : parsed.pathname; // React Router renders the root as the bare base
  if (!pathname.startsWith(base)) return `points outside the site's base URL ${base}`;
  return { sitePath: `/${decodeURIComponent(pathname.slice(base.length))}`, hash: parsed.hash };
}

/** The page a site path reaches, directly or through a redirect. */
function pageAt(sitePath: string, targets: LinkTargets, redirectTo: Map<string, string>): string | undefined {
  if (targets.has(sitePath)) return sitePath;
  const to = redirectTo.get(sitePath);
  return to !== undefined && targets.has(to) ? to : undefined;
}

/**
 * Every internal href must reach a generated page (or a redirect to one, or a static file),
 * and every #anchor an element id on that page. External links are not fetched.
 */
export async function checkLinks({ pages, targets = targetsOf(pages), redirects, base, staticExists }: CheckInput): Promise<LinkError[]> {
  const redirectTo = new Map(redirects.map((r) => [r.from, r.to]));
  // A page's ids as a set, made when a link first asks for one of them: most pages are asked for none.
  const idSets = new Map<string, Set<string>>();
  const hasId = (path: string, id: string) => {
    let ids = idSets.get(path);
    if (!ids) idSets.set(path, (ids = new Set(targets.idsOf(path))));
    return ids.has(id);
  };
  const anchorReason = (target: string, hash: string) => {
    const anchor = decodeURIComponent(hash.slice(1));
    return anchor && !hasId(target, anchor) ? `no element with id "${anchor}" on ${target}` : null;
  };
  /** Why a link on the page at pagePath is broken, or null; a promise only when a static file must be looked for. */
  const judge = (link: string, pagePath: string): string | null | Promise<string | null> => {
    const to = siteTarget(link, pagePath, base);
    if (to === null || typeof to === 'string') return to;
    const { sitePath, hash } = to;
    const target = pageAt(sitePath, targets, redirectTo);
    if (target) return anchorReason(target, hash);
    const missing = !sitePath.endsWith('/') && targets.has(`${sitePath}/`) ? `missing trailing slash: use ${sitePath}/` : `no page at ${sitePath}`;
    return sitePath.endsWith('/') ? missing : staticExists(sitePath.slice(1)).then((found) => (found ? null : missing));
  };
  // A link that reads the same from every page (from the site root, or to another site: the navbar's and the
  // sidebar's links, most of them) is judged once: at ten thousand pages, judging each was most of the check's time.
  const judged = new Map<string, string | null>();
  const errors: LinkError[] = [];
  for (const page of pages) {
    for (const link of page.links) {
      let reason = judged.get(link);
      if (reason === undefined) {
        const judging = judge(link, page.path);
        reason = judging instanceof Promise ? await judging : judging; // no await (a turn of the loop) per link
        if (link.startsWith('/') || EXTERNAL.test(link)) judged.set(link, reason);
      }
      if (reason !== null) errors.push({ source: page.source, page: page.path, link, reason });
    }
  }
  return errors;
}

/** A link to an anchor of another page: the page it is on, that page's source, the link. */
export type AnchoredLink = [page: string, source: string, link: string];

/**
 * The links of `pages` to an anchor on another page, by that page's path: a link's verdict changes
 * when the page it reaches changes its ids, though its own page stayed the same. (Whether a link
 * reaches a page at all changes only when the site's pages, redirects or files do.)
 */
export function anchoredLinks(pages: PageFacts[], { redirects, base, targets }: Site & { targets: LinkTargets }): Map<string, AnchoredLink[]> {
  const redirectTo = new Map(redirects.map((r) => [r.from, r.to]));
  const byTarget = new Map<string, AnchoredLink[]>();
  for (const page of pages) {
    for (const link of page.links) {
      const to = siteTarget(link, page.path, base);
      if (to === null || typeof to === 'string' || to.hash.length < 2) continue;
      const target = pageAt(to.sitePath, targets, redirectTo);
      if (!target || target === page.path) continue;
      let list = byTarget.get(target);
      if (!list) byTarget.set(target, (list = []));
      list.push([page.path, page.source, link]);
    }
  }
  return byTarget;
}

/** "file:line: link — reason" lines, with the line found by searching the source for the link. */
export async function formatLinkErrors(errors: LinkError[]): Promise<string> {
  const sources = new Map<string, string[] | null>();
  const lines: string[] = [];
  for (const e of errors) {
    if (!sources.has(e.source)) sources.set(e.source, await readFile(e.source, 'utf8').then((t) => t.split('\n'), () => null));
    const text = sources.get(e.source);
    const bare = e.link.replace(/^https?:\/\/[^/]+/, '');
    const index = text ? text.findIndex((l) => l.includes(`(${bare}`) || l.includes(`"${bare}"`) || l.includes(bare)) : -1;
    lines.push(`  ${e.source}${index >= 0 ? `:${index + 1}` : ''} (page ${e.page}): ${e.link} — ${e.reason}`);
  }
  return `Broken links (${errors.length}):\n${lines.join('\n')}`;
}

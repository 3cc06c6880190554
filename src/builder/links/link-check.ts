import { readFile } from 'node:fs/promises';
import type { PageFacts } from './html-facts.ts';
import type { LinkPlaces } from './link-places.ts';
import { nearest } from './resolve-link.ts';

export interface LinkError {
  source: string;
  page: string;
  link: string;
  reason: string;
  /** When the page is there and the anchor is not: the page's path ('/docs/a/') and the id looked for. */
  anchor?: { page: string; id: string };
}

type Verdict = { reason: string; anchor?: LinkError['anchor'] } | null;

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
  const anchorVerdict = (target: string, hash: string): Verdict => {
    const id = decodeURIComponent(hash.slice(1));
    return id && !hasId(target, id) ? { reason: `no element with id "${id}" on ${target}`, anchor: { page: target, id } } : null;
  };
  /** Why a link on the page at pagePath is broken, or null; a promise only when a static file must be looked for. */
  const judge = (link: string, pagePath: string): Verdict | Promise<Verdict> => {
    const to = siteTarget(link, pagePath, base);
    if (to === null) return null;
    if (typeof to === 'string') return { reason: to };
    const { sitePath, hash } = to;
    const target = pageAt(sitePath, targets, redirectTo);
    if (target) return anchorVerdict(target, hash);
    const missing = { reason: !sitePath.endsWith('/') && targets.has(`${sitePath}/`) ? `missing trailing slash: use ${sitePath}/` : `no page at ${sitePath}` };
    return sitePath.endsWith('/') ? missing : staticExists(sitePath.slice(1)).then((found) => (found ? null : missing));
  };
  // A link that reads the same from every page (from the site root, or to another site: the navbar's and the
  // sidebar's links, most of them) is judged once: at ten thousand pages, judging each was most of the check's time.
  const judged = new Map<string, Verdict>();
  const errors: LinkError[] = [];
  for (const page of pages) {
    for (const link of page.links) {
      let verdict = judged.get(link);
      if (verdict === undefined) {
        const judging = judge(link, page.path);
        verdict = judging instanceof Promise ? await judging : judging; // no await (a turn of the loop) per link
        if (link.startsWith('/') || EXTERNAL.test(link)) judged.set(link, verdict);
      }
      if (verdict !== null) errors.push({ source: page.source, page: page.path, link, ...verdict });
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

/** What the report knows besides the errors: where the compiler rewrote links, and each page's headings. */
export interface ReportHelp {
  /** Base URL with trailing slash, which the rendered links carry and the compiled ones do not. */
  base: string;
  /** Each page's rewritten links, by source (link-places.ts). */
  places?: Record<string, LinkPlaces>;
  /** The anchors of the headings of the page at a path ('/docs/a/'), for what to write instead. */
  headingIds?: (page: string) => readonly string[] | undefined;
}

/** How many of a page's heading anchors a message lists when none is close to the one written. */
const LISTED_ANCHORS = 8;

/** What to write instead of an anchor no element has: the nearest heading's, or the headings' anchors. */
export function anchorAdvice(id: string, ids: readonly string[] | undefined): string {
  if (!ids?.length) return '';
  const close = nearest(id, ids);
  if (close) return ` (did you mean #${close}?)`;
  const listed = ids.slice(0, LISTED_ANCHORS).map((i) => `#${i}`);
  return ` (its headings' anchors: ${listed.join(', ')}${ids.length > LISTED_ANCHORS ? `, and ${ids.length - LISTED_ANCHORS} more` : ''})`;
}

/**
 * "file:line (page): link — reason" lines. The line is where the compiler found the link when it rewrote it (a file
 * link, a route of an older version: the page's text does not hold the href it became), else found by searching the
 * page's text for the link.
 */
export async function formatLinkErrors(errors: LinkError[], help: ReportHelp = { base: '/' }): Promise<string> {
  const sources = new Map<string, string[] | null>();
  const lines: string[] = [];
  // The places of a link used by earlier errors: the second error of a link written twice names its second place.
  const used = new Map<string, number>();
  for (const e of errors) {
    const bare = e.link.replace(/^https?:\/\/[^/]+/, '');
    const compiled = bare.startsWith(help.base) ? `/${bare.slice(help.base.length)}` : bare;
    const place = help.places?.[e.source]?.[compiled];
    const advice = e.anchor ? anchorAdvice(e.anchor.id, help.headingIds?.(e.anchor.page)) : '';
    if (place) {
      const key = `${e.source} ${compiled}`;
      const n = used.get(key) ?? 0;
      used.set(key, n + 1);
      lines.push(`  ${place.at[Math.min(n, place.at.length - 1)]} (page ${e.page}): ${place.written} — ${e.reason}${advice}`);
      continue;
    }
    if (!sources.has(e.source)) sources.set(e.source, await readFile(e.source, 'utf8').then((t) => t.split('\n'), () => null));
    const text = sources.get(e.source);
    const index = text ? text.findIndex((l) => l.includes(`(${bare}`) || l.includes(`"${bare}"`) || l.includes(bare)) : -1;
    lines.push(`  ${e.source}${index >= 0 ? `:${index + 1}` : ''} (page ${e.page}): ${e.link} — ${e.reason}${advice}`);
  }
  return `Broken links (${errors.length}):\n${lines.join('\n')}`;
}

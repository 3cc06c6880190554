import { readFile } from 'node:fs/promises';
import type { PageFacts } from './html-facts.ts';

export interface LinkError {
  source: string;
  page: string;
  link: string;
  reason: string;
}

interface CheckInput {
  pages: PageFacts[];
  redirects: { from: string; to: string }[];
  /** Base URL with trailing slash. */
  base: string;
  /** Whether a file (path relative to the site root, no leading slash) exists in the output. */
  staticExists: (relPath: string) => Promise<boolean>;
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * Every internal href must reach a generated page (or a redirect to one, or a static file),
 * and every #anchor an element id on that page. External links are not fetched.
 */
export async function checkLinks({ pages, redirects, base, staticExists }: CheckInput): Promise<LinkError[]> {
  const byPath = new Map(pages.map((p) => [p.path, p]));
  const redirectTo = new Map(redirects.map((r) => [r.from, r.to]));
  // A page's ids as a set, made when a link first asks for one of them: most pages are asked for none.
  const idSets = new Map<PageFacts, Set<string>>();
  const hasId = (page: PageFacts, id: string) => {
    let ids = idSets.get(page);
    if (!ids) idSets.set(page, (ids = new Set(page.ids)));
    return ids.has(id);
  };
  const anchorReason = (target: PageFacts, hash: string) => {
    const anchor = decodeURIComponent(hash.slice(1));
    return anchor && !hasId(target, anchor) ? `no element with id "${anchor}" on ${target.path}` : null;
  };
  /** Why a link on the page at pagePath is broken, or null; a promise only when a static file must be looked for. */
  const judge = (link: string, pagePath: string): string | null | Promise<string | null> => {
    if (EXTERNAL.test(link)) return null;
    if (link === '') return 'empty href';
    // An anchor on the page itself (a table of contents), without parsing a URL.
    if (link.startsWith('#')) return anchorReason(byPath.get(pagePath)!, link);
    const parsed = new URL(link, `http://site${base.replace(/\/$/, '')}${pagePath}`);
    const pathname = `${parsed.pathname}/` === base ? base : parsed.pathname; // React Router renders the root as the bare base
    if (!pathname.startsWith(base)) return `points outside the site's base URL ${base}`;
    const sitePath = `/${decodeURIComponent(pathname.slice(base.length))}`;
    let target = byPath.get(sitePath);
    if (!target && redirectTo.has(sitePath)) target = byPath.get(redirectTo.get(sitePath)!);
    if (target) return anchorReason(target, parsed.hash);
    const missing = !sitePath.endsWith('/') && byPath.has(`${sitePath}/`) ? `missing trailing slash: use ${sitePath}/` : `no page at ${sitePath}`;
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

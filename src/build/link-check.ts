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
  const errors: LinkError[] = [];
  // A link from the site root (most of them: the navbar, the sidebar) resolves the same on every page:
  // parsed once, not once per page, which at ten thousand pages is most of the check's time.
  const absolute = new Map<string, { pathname: string; hash: string }>();
  const resolve = (link: string, pagePath: string) => {
    const fromRoot = link.startsWith('/') && !link.startsWith('//');
    let url = fromRoot ? absolute.get(link) : undefined;
    if (!url) {
      const parsed = new URL(link, `http://site${base.replace(/\/$/, '')}${pagePath}`);
      url = { pathname: `${parsed.pathname}/` === base ? base : parsed.pathname, hash: parsed.hash }; // React Router renders the root as the bare base
      if (fromRoot) absolute.set(link, url);
    }
    return url;
  };
  // One function for every link, not a closure per link: tsx names each closure it makes, which is slow in a loop this hot.
  const failed = (page: PageFacts, link: string, reason: string) => errors.push({ source: page.source, page: page.path, link, reason });
  for (const page of pages) {
    for (const link of page.links) {
      if (EXTERNAL.test(link)) continue;
      if (link === '') {
        failed(page, link, 'empty href');
        continue;
      }
      const url = resolve(link, page.path);
      if (!url.pathname.startsWith(base)) {
        failed(page, link, `points outside the site's base URL ${base}`);
        continue;
      }
      const sitePath = `/${decodeURIComponent(url.pathname.slice(base.length))}`;
      let target = byPath.get(sitePath);
      if (!target && redirectTo.has(sitePath)) target = byPath.get(redirectTo.get(sitePath)!);
      if (!target) {
        if (!sitePath.endsWith('/') && (await staticExists(sitePath.slice(1)))) continue;
        if (!sitePath.endsWith('/') && byPath.has(`${sitePath}/`)) failed(page, link, `missing trailing slash: use ${sitePath}/`);
        else failed(page, link, `no page at ${sitePath}`);
        continue;
      }
      const anchor = decodeURIComponent(url.hash.slice(1));
      if (anchor && !target.ids.has(anchor)) failed(page, link, `no element with id "${anchor}" on ${target.path}`);
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

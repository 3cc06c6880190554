/**
 * The links in the bodies of a built site's docs pages that lead into another docs version than their page's: what a
 * reader of an older version follows out of their release without being told. The chrome's links (the version menu,
 * the older-version banner) are not in a body and are meant to.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';

export interface LeavingLink {
  page: string;
  href: string;
  /** The version the page is in, and the one the link leads to. */
  from: string;
  to: string;
}

/** The version whose root is the longest prefix of `route`. */
function versionAt(route: string, versions: readonly { name: string; pathPrefix: string }[]) {
  let best: { name: string; root: string } | undefined;
  for (const v of versions) {
    const root = `/docs/${v.pathPrefix}`;
    if (route.startsWith(root) && (!best || root.length > best.root.length)) best = { name: v.name, root };
  }
  return best;
}

export async function bodyLinksLeavingVersion(dist: string, versions: readonly { name: string; pathPrefix: string }[]): Promise<{ links: number; byVersion: Record<string, number>; leaving: LeavingLink[] }> {
  const files = (await readdir(path.join(dist, 'docs'), { recursive: true })).filter((f) => f.endsWith('index.html'));
  const leaving: LeavingLink[] = [];
  let links = 0;
  const byVersion: Record<string, number> = {};
  for (const file of files) {
    const page = `/docs/${path.dirname(file) === '.' ? '' : `${path.dirname(file).split(path.sep).join('/')}/`}`;
    const from = versionAt(page, versions);
    const doc = parseDocument(await readFile(path.join(dist, 'docs', file), 'utf8'));
    const body = DomUtils.findOne((el) => (el.attribs.class ?? '').split(' ').includes('markdown'), doc.children);
    if (!from || !body) continue;
    // A heading's own '#' link stays on its page.
    for (const a of DomUtils.findAll((el) => el.name === 'a' && el.attribs.href !== undefined && !el.attribs.href.startsWith('#'), body.children)) {
      const url = new URL(a.attribs.href, `http://site${page}`);
      const href = url.pathname;
      if (url.host !== 'site' || !href.startsWith('/docs/')) continue;
      links++;
      byVersion[from.name] = (byVersion[from.name] ?? 0) + 1;
      const to = versionAt(href, versions);
      if (to && to.name !== from.name) leaving.push({ page, href: a.attribs.href, from: from.name, to: to.name });
    }
  }
  return { links, byVersion, leaving };
}

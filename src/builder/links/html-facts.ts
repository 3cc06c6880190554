import { DomUtils } from 'htmlparser2';
import type { Document } from 'domhandler';

/** What the link check needs from one rendered page, gathered while the HTML is in memory. */
export interface PageFacts {
  path: string;
  source: string;
  /** Each once; a list, not a set, so that it is kept and sent between threads as plain JSON. */
  ids: string[];
  links: string[];
}

/** Ids, named anchors and hrefs of a page, from the same parsed document the search records come from. */
export function collectPageFacts(path: string, source: string, doc: Document): PageFacts {
  const ids = new Set<string>();
  const links: string[] = [];
  for (const el of DomUtils.findAll(() => true, doc.children)) {
    const attrs = el.attribs;
    if (attrs.id) ids.add(attrs.id);
    if (el.name === 'a' && attrs.name) ids.add(attrs.name);
    if (el.name === 'a' && attrs.href !== undefined) links.push(attrs.href);
  }
  return { path, source, ids: [...ids], links };
}

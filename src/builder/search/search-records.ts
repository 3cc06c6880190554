import { parseDocument, DomUtils } from 'htmlparser2';
import type { ChildNode, Document, Element, Text } from 'domhandler';
import type { Hierarchy, SearchRecord } from '../../search/types.ts';

/** Longest content kept per record: enough for search and snippets, small enough to ship. */
const MAX_CONTENT = 1200;
const SKIP_CLASSES = /\b(tabs__noscript-label|tabs__list|code-block|diagram|breadcrumbs|pagination|badge)\b/;

const text = (n: ChildNode) => DomUtils.textContent(n).replace(/\s+/g, ' ').trim();
/** Code, diagrams and the page's own chrome are not searched. */
const isSkipped = (el: Element) => SKIP_CLASSES.test(el.attribs.class ?? '') || el.name === 'pre' || el.name === 'script';
const isList = (el: Element) => el.name === 'ul' || el.name === 'ol';
/** Blocks whose text must not run into the next block's ("cmd" + "Copy" + "Next step"). */
const BLOCK = /^(p|div|table|tr|td|th|details|summary|blockquote|h[1-6])$/;

/**
 * A list item's own text and the lists nested in it, which are records' items of their own. What
 * is skipped elsewhere is skipped here too: a code block in a step is neither searched nor shown in
 * the snippet, nor is its copy button's label.
 */
function splitItem(nodes: ChildNode[], nested: Element[] = []): { text: string; nested: Element[] } {
  let out = '';
  for (const node of nodes) {
    if (node.type === 'text') out += (node as Text).data;
    if (node.type !== 'tag') continue;
    const el = node as Element;
    if (isSkipped(el)) out += ' ';
    else if (isList(el)) nested.push(el);
    else if (BLOCK.test(el.name)) out += ` ${splitItem(el.children, nested).text} `;
    else out += splitItem(el.children, nested).text;
  }
  return { text: out.replace(/\s+/g, ' ').trim(), nested };
}

interface Input {
  /** Rendered page body (the SSR HTML of #root), or that HTML already parsed. */
  html: string | Document;
  /** Site path of the page, without base URL, with trailing slash. */
  path: string;
  /** Used when the page has no data-search-lvl0 attribute. */
  lvl0: string;
  /** The page's front-matter description: searched as part of its first record. */
  description?: string;
  /** The page's front-matter keywords: searched as part of its first record. */
  keywords?: string[];
  language: string;
  tag: string;
}

/**
 * One record per page section: the intro under the h1 and each h2–h6 with the paragraphs, list
 * items and table cells that follow it. Headings are the hierarchy; text is stored as plain text.
 */
export function extractSearchRecords({ html, path, lvl0, description, keywords, language, tag }: Input): SearchRecord[] {
  const doc = typeof html === 'string' ? parseDocument(html) : html;
  const h1 = DomUtils.findOne((n) => n.name === 'h1', doc.children);
  const body = DomUtils.findOne((n) => (n.attribs.class ?? '').split(' ').includes('markdown'), doc.children);
  if (!h1 || !body) return [];
  // The page names its own lvl0 (the hosted crawler reads the same attribute).
  const article = DomUtils.findOne((n) => n.attribs['data-search-lvl0'] !== undefined, doc.children);
  const hierarchy: Hierarchy = { lvl0: article?.attribs['data-search-lvl0'] || lvl0, lvl1: text(h1), lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
  const sections: { type: SearchRecord['type']; anchor: string; hierarchy: Hierarchy; parts: string[] }[] = [
    { type: 'lvl1', anchor: '', hierarchy: { ...hierarchy }, parts: [] },
  ];

  const visit = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (node.type !== 'tag') continue;
      const el = node as Element;
      if (isSkipped(el)) continue;
      const level = /^h([2-6])$/.exec(el.name)?.[1];
      if (level) {
        const n = Number(level);
        const key = `lvl${n}` as keyof Hierarchy;
        hierarchy[key] = text(el);
        for (let deeper = n + 1; deeper <= 6; deeper++) hierarchy[`lvl${deeper}` as keyof Hierarchy] = null;
        sections.push({ type: key as SearchRecord['type'], anchor: el.attribs.id ?? '', hierarchy: { ...hierarchy }, parts: [] });
        continue;
      }
      if (el.name === 'p' || el.name === 'td' || el.name === 'th' || el.name === 'summary') {
        const t = text(el);
        if (t) sections[sections.length - 1].parts.push(t);
        continue;
      }
      if (el.name === 'li') {
        const item = splitItem(el.children);
        if (item.text) sections[sections.length - 1].parts.push(item.text);
        visit(item.nested);
        continue;
      }
      visit(el.children);
    }
  };
  visit(body.children);

  return sections
    .filter((s) => s.type === 'lvl1' || s.anchor)
    .map((s, i) => {
      const content = s.parts.join(' ').slice(0, MAX_CONTENT) || null;
      return {
        objectID: `${tag}:${path}${s.anchor ? `#${s.anchor}` : ''}:${i}`,
        url: s.anchor ? `${path}#${s.anchor}` : path,
        type: s.type,
        hierarchy: s.hierarchy,
        content,
        ...(i === 0 && description ? { description } : {}),
        ...(i === 0 && keywords?.length ? { keywords } : {}),
        language,
        docusaurus_tag: tag,
      };
    });
}

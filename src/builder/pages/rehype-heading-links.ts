import type { Element, Root, Text } from 'hast';
import { SKIP, visit } from 'unist-util-visit';

/** An element's text, as a reader sees it. */
function textOf(node: Element): string {
  let text = '';
  visit(node, 'text', (t: Text) => {
    text += t.value;
  });
  return text.trim();
}

/** The headings that get a link to themselves: those the table of contents lists, and h4. */
const LINKED = new Set(['h2', 'h3', 'h4']);

/**
 * rehype plugin: a "#" link beside each h2–h4, a plain `<a href="#id">` named "Direct link to <heading>", so a reader
 * can copy a section's address without any script. It sits beside the heading, not in it, so the heading's own name
 * stays its text (as in the table of contents, search and the Markdown copy, which never see the link); its "#" is
 * drawn by theme.css.
 */
export function rehypeHeadingLinks() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element, index, parent) => {
      if (!LINKED.has(node.tagName) || !parent || index === undefined) return;
      const id = node.properties.id;
      if (typeof id !== 'string' || !id) return;
      const name = `Direct link to ${textOf(node)}`;
      const link: Element = { type: 'element', tagName: 'a', properties: { className: ['hash-link'], href: `#${id}`, ariaLabel: name, title: name }, children: [] };
      parent.children[index] = { type: 'element', tagName: 'div', properties: { className: ['heading', `heading--${node.tagName}`] }, children: [node, link] };
      return SKIP;
    });
  };
}

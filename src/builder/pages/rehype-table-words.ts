import type { Element, ElementContent, Root, Text } from 'hast';
import { SKIP, visit } from 'unist-util-visit';
import { BREAKABLE_WORD } from './unbroken-words.ts';

/** The class of a word kept on one line (theme.css). */
export const TABLE_WORD_CLASS = 'table-word';

/** A text node's words, those a browser could break inside wrapped in a span that keeps them whole. */
function keepWordsWhole(node: Text): ElementContent[] | undefined {
  const parts = node.value.split(/(\s+)/);
  if (!parts.some((p) => BREAKABLE_WORD.test(p))) return undefined;
  const out: ElementContent[] = [];
  let plain = '';
  for (const part of parts) {
    if (!BREAKABLE_WORD.test(part)) {
      plain += part;
      continue;
    }
    if (plain) out.push({ type: 'text', value: plain });
    plain = '';
    out.push({ type: 'element', tagName: 'span', properties: { className: [TABLE_WORD_CLASS] }, children: [{ type: 'text', value: part }] });
  }
  if (plain) out.push({ type: 'text', value: plain });
  return out;
}

/** Wraps the breakable words of every cell's text, code included. */
function keepCellWordsWhole(cell: Element): void {
  visit(cell, 'text', (node: Text, index, parent) => {
    if (!parent || index === undefined) return;
    const replaced = keepWordsWhole(node);
    if (!replaced) return;
    parent.children.splice(index, 1, ...(replaced as never[]));
    return [SKIP, index + replaced.length];
  });
}

/**
 * rehype plugin: words in table cells never break inside. A column then gets the width its longest word needs, and
 * the table scrolls (or, when narrow enough, becomes one block per row) rather than split a word or an identifier.
 */
export function rehypeTableWords() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      if (node.tagName !== 'td' && node.tagName !== 'th') return;
      keepCellWordsWhole(node);
      return SKIP;
    });
  };
}

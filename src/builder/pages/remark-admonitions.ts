import { visit, SKIP } from 'unist-util-visit';
import { toString } from 'mdast-util-to-string';
import type { Root, Paragraph, RootContent, PhrasingContent } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import type { VFile } from 'vfile';
import { jsxElement } from '../common/mdast-jsx.ts';
import { pageProblem } from './page-problems.ts';

/** The kinds an admonition is drawn as (each has its colour and icon in Admonition.tsx). */
export const ADMONITION_TYPES = ['note', 'tip', 'info', 'warning', 'danger'] as const;

/**
 * Docusaurus's other keywords, drawn as the kind it draws them as, under their own name as the default title:
 * `caution` looks like a warning, and its older `secondary`, `important` and `success` like a note, an info and a tip.
 */
export const ADMONITION_ALIASES: Record<string, { type: (typeof ADMONITION_TYPES)[number]; title: string }> = {
  caution: { type: 'warning', title: 'Caution' },
  secondary: { type: 'note', title: 'Secondary' },
  important: { type: 'info', title: 'Important' },
  success: { type: 'tip', title: 'Success' },
};

/** Every word that opens an admonition: `:::note`, …, `:::caution`. */
export const ADMONITION_KEYWORDS = [...ADMONITION_TYPES, ...Object.keys(ADMONITION_ALIASES)];
const KNOWN = new Set<string>(ADMONITION_TYPES);

/**
 * `:::note[Optional title]` … `:::` becomes <Admonition type="note" title="…">. (`:::note Optional title`, the other
 * way Docusaurus takes a title, is turned into this form before parsing: mdx-preprocess.ts.)
 * Directives we do not know (for example `:30` in prose) are turned back into plain text,
 * so a stray colon never swallows words. An unknown `:::name` container fails the page
 * (page-problems.ts).
 */
export function remarkAdmonitions() {
  return (tree: Root, file: VFile) => {
    visit(tree, (node, index, parent) => {
      if (!parent || index === undefined) return;
      if (node.type === 'containerDirective') {
        const d = node as ContainerDirective;
        const alias = ADMONITION_ALIASES[d.name];
        if (!KNOWN.has(d.name) && !alias) {
          pageProblem(file, `unknown admonition ":::${d.name}" (use one of ${ADMONITION_KEYWORDS.join(', ')})`, d);
        }
        let title = alias?.title;
        const children = d.children.filter((c) => {
          const isLabel = c.type === 'paragraph' && (c as Paragraph).data && 'directiveLabel' in ((c as Paragraph).data ?? {});
          if (isLabel) title = toString(c);
          return !isLabel;
        });
        parent.children[index] = jsxElement('Admonition', { type: alias?.type ?? d.name, title }, children as RootContent[]) as never;
        return SKIP;
      }
      if (node.type === 'textDirective' || node.type === 'leafDirective') {
        const d = node as TextDirective | LeafDirective;
        const prefix = node.type === 'textDirective' ? ':' : '::';
        const text: PhrasingContent[] = [{ type: 'text', value: prefix + d.name }];
        if (d.children.length) text.push({ type: 'text', value: '[' }, ...(d.children as PhrasingContent[]), { type: 'text', value: ']' });
        if (node.type === 'leafDirective') parent.children[index] = { type: 'paragraph', children: text } as never;
        else parent.children.splice(index, 1, ...(text as never[]));
        return [SKIP, index + text.length];
      }
    });
  };
}

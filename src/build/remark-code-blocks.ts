import { visit, SKIP } from 'unist-util-visit';
import type { Root, Code } from 'mdast';
import { jsxElement } from './mdast-jsx.ts';

const TITLE = /title=(?:"([^"]*)"|'([^']*)')/;

/**
 * Wraps every fenced code block in <CodeBlock> so the page gets a title bar and a copy
 * button; the fence itself stays inside and is highlighted by shiki at build time.
 */
export function remarkCodeBlocks() {
  return (tree: Root) => {
    visit(tree, 'code', (node: Code, index, parent) => {
      if (!parent || index === undefined) return;
      const m = node.meta ? TITLE.exec(node.meta) : null;
      const title = m ? (m[1] ?? m[2]) : undefined;
      if (!node.lang) node.lang = 'text';
      parent.children[index] = jsxElement('CodeBlock', { title, lang: node.lang }, [node]) as never;
      return SKIP;
    });
  };
}

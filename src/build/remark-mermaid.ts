import { visit } from 'unist-util-visit';
import type { Root } from 'mdast';
import { jsxElement } from './mdast-jsx.ts';

/** ```mermaid fences become <Mermaid chart="..."/> before the highlighter sees them. */
export function remarkMermaid() {
  return (tree: Root) => {
    visit(tree, 'code', (node, index, parent) => {
      if (node.lang !== 'mermaid' || !parent || index === undefined) return;
      parent.children[index] = jsxElement('Mermaid', { chart: node.value }, []);
    });
  };
}

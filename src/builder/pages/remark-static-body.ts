import type { Root } from 'mdast';
import type { Program } from 'estree';
import { visit } from 'unist-util-visit';

/**
 * The components a page may use whose HTML is all they are: their behaviour (tabs, copy buttons, links) comes from
 * the page's body container (src/theme/MarkdownBody.tsx), not from the components, so their prerendered HTML needs no
 * script of its own. Mermaid (drawn in the browser), DiagramError and a page's own components are not among them.
 */
export const STATIC_COMPONENTS = new Set(['Admonition', 'Tabs', 'TabItem', 'CodeBlock', 'Diagram', 'Cards', 'Card', 'DocCardList', 'Img']);

/** The name of the export that marks such a page body. */
const STATIC_BODY_EXPORT = 'staticBody';

/** True when the page's tree has no code of its own (import, export, expression other than a comment) and only static components. */
export function isStaticBody(tree: Root): boolean {
  let isStatic = true;
  visit(tree, (node) => {
    switch (node.type) {
      case 'mdxjsEsm':
        isStatic = false;
        break;
      case 'mdxFlowExpression':
      case 'mdxTextExpression':
        // {/* a comment */} is an expression with no code: it renders nothing.
        if ((node.data?.estree?.body.length ?? 1) > 0) isStatic = false;
        break;
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement': {
        const { name, attributes } = node;
        const known = !name || /^[a-z]/.test(name) || STATIC_COMPONENTS.has(name);
        const plainAttributes = attributes.every((a) => a.type === 'mdxJsxAttribute' && (a.value === null || a.value === undefined || typeof a.value === 'string'));
        if (!known || !plainAttributes) isStatic = false;
        break;
      }
    }
    return isStatic ? undefined : false; // stop at the first reason
  });
  return isStatic;
}

const staticBodyExport: Program = {
  type: 'Program',
  sourceType: 'module',
  body: [
    {
      type: 'ExportNamedDeclaration',
      specifiers: [],
      source: null,
      attributes: [],
      declaration: {
        type: 'VariableDeclaration',
        kind: 'const',
        declarations: [{ type: 'VariableDeclarator', id: { type: 'Identifier', name: STATIC_BODY_EXPORT }, init: { type: 'Literal', value: true } }],
      },
    },
  ],
};

/**
 * Marks a page body whose prerendered HTML is the whole page: `export const staticBody = true`. The browser then keeps
 * that HTML on the first visit instead of loading the body's module and hydrating it (src/main.tsx). Runs last, on the
 * tree the other plugins made.
 */
export function remarkStaticBody() {
  return (tree: Root) => {
    if (!isStaticBody(tree)) return;
    tree.children.push({ type: 'mdxjsEsm', value: '', data: { estree: structuredClone(staticBodyExport) } } as never);
  };
}

/**
 * What MDX does to a page's tree right after parsing it, before any remark plugin (its remark-mark-and-unravel, which
 * it does not export), for a tree a plugin parses itself: a partial put into its page. A paragraph holding only JSX
 * (`<Card …>Text.</Card>` on a line of its own) becomes that JSX as blocks, so a component that renders a block is not
 * put inside a <p>; and JSX written as such is marked, so `<a>` or `<h2>` written in JSX stays that element instead of
 * the page's component for links or headings.
 */
import type { Root, RootContent } from 'mdast';
import { visit } from 'unist-util-visit';

const BLANK = /^[\t\r\n ]*$/;

/** Marks every JSX element inside an expression's program (`{<b>x</b>}`) as written in JSX. */
function markProgram(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach(markProgram);
  const n = node as { type?: string; data?: Record<string, unknown> };
  if (n.type === 'JSXElement') n.data = { ...n.data, _mdxExplicitJsx: true };
  for (const [key, value] of Object.entries(n)) if (key !== 'data' && key !== 'loc' && key !== 'range') markProgram(value);
}

export function unravelLikeMdx(tree: Root): void {
  visit(tree, (node, index, parent) => {
    if (node.type === 'paragraph' && parent && index !== undefined) {
      const jsx = node.children.filter((c) => c.type === 'mdxJsxTextElement' || c.type === 'mdxTextExpression');
      const onlyJsx = jsx.length > 0 && jsx.length === node.children.filter((c) => !(c.type === 'text' && BLANK.test(c.value))).length;
      if (onlyJsx) {
        for (const child of jsx) child.type = (child.type === 'mdxJsxTextElement' ? 'mdxJsxFlowElement' : 'mdxFlowExpression') as never;
        parent.children.splice(index, 1, ...(jsx as RootContent[]));
        return index; // visit what took the paragraph's place
      }
    }
    if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') node.data = { ...node.data, _mdxExplicitJsx: true } as never;
    if ((node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression' || node.type === 'mdxjsEsm') && node.data?.estree) markProgram(node.data.estree);
  });
}

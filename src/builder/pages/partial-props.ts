/**
 * Props given to a partial, as Docusaurus passes them (`<Steps os="linux" />`, read in the partial as
 * `{props.os}`), put into the partial's text at compile time: the compiled page keeps no code of its own for them.
 * A prop's value is text (a quoted value, or a literal `{…}`: a string, number or boolean); in the partial, `{props.x}`
 * stands alone, as text or as an attribute's value. Anything else fails the page, naming the line and what to write.
 */
import type { Root, Text } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { MdxFlowExpression, MdxTextExpression } from 'mdast-util-mdx-expression';
import type { Program } from 'estree';
import { visit, SKIP } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { pageProblem, pageWarning } from './page-problems.ts';

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;
const USES_PROPS = /\bprops\b/;

/** The value of a literal expression (`{'x'}`, `{3}`, `{true}`, a template with no `${…}`), or undefined. */
function literalOf(program: Program | undefined | null): string | undefined {
  const statement = program?.body[0];
  if (program?.body.length !== 1 || statement?.type !== 'ExpressionStatement') return undefined;
  const e = statement.expression;
  if (e.type === 'Literal' && (typeof e.value === 'string' || typeof e.value === 'number' || typeof e.value === 'boolean')) return String(e.value);
  if (e.type === 'TemplateLiteral' && !e.expressions.length) return e.quasis[0].value.cooked ?? undefined;
  return undefined;
}

/** The prop an expression is, alone (`props.os`, `props['os']`), or undefined. */
function propNameOf(program: Program | undefined | null): string | undefined {
  const statement = program?.body[0];
  if (program?.body.length !== 1 || statement?.type !== 'ExpressionStatement') return undefined;
  const e = statement.expression;
  if (e.type !== 'MemberExpression' || e.object.type !== 'Identifier' || e.object.name !== 'props') return undefined;
  if (!e.computed && e.property.type === 'Identifier') return e.property.name;
  if (e.computed && e.property.type === 'Literal' && typeof e.property.value === 'string') return e.property.value;
  return undefined;
}

/** The props `<Name …>` gives its partial, each as text. */
export function propsOf(node: JsxElement, file: VFile): Map<string, string> {
  const props = new Map<string, string>();
  for (const attribute of node.attributes) {
    if (attribute.type !== 'mdxJsxAttribute') {
      pageProblem(file, `<${node.name}> is a partial: give each prop by name, as <${node.name} os="linux" />`, node);
      continue;
    }
    const { name, value } = attribute as MdxJsxAttribute;
    if (value === null || value === undefined) props.set(name, 'true');
    else if (typeof value === 'string') props.set(name, value);
    else {
      const literal = literalOf(value.data?.estree);
      if (literal === undefined) pageProblem(file, `<${node.name} ${name}={…}>: a partial's prop is text here: write ${name}="…"`, node);
      else props.set(name, literal);
    }
  }
  return props;
}

/** Puts each `{props.x}` of a partial's tree (text, or an attribute's value) as the text `props` gives it. */
export function fillProps(tree: Root, props: ReadonlyMap<string, string>, partialName: string, file: VFile): void {
  const valueOf = (prop: string, node: object) => {
    const value = props.get(prop);
    // Docusaurus shows nothing for a prop not given, and so does this; the writer most likely meant to give it.
    if (value === undefined) pageWarning(file, `<${partialName}> gives no "${prop}", which the partial shows as {props.${prop}}: nothing is shown there`, node as never);
    return value ?? '';
  };
  const refuse = (node: object) => pageProblem(file, `a partial reads its props here only as {props.name} alone (the prop's text, in place): write it so, or write the text into the partial`, node as never);
  visit(tree, (node, index, parent) => {
    if (node.type === 'mdxTextExpression' || node.type === 'mdxFlowExpression') {
      const expression = node as MdxTextExpression | MdxFlowExpression;
      if (!USES_PROPS.test(expression.value)) return;
      const prop = propNameOf(expression.data?.estree);
      if (prop === undefined || !parent || index === undefined) return void refuse(node);
      const fromFile = (node.data as { fromFile?: string } | undefined)?.fromFile;
      const text: Text = { type: 'text', value: valueOf(prop, node), position: node.position, ...(fromFile ? { data: { fromFile } as never } : {}) };
      parent.children[index] = (node.type === 'mdxFlowExpression' ? { type: 'paragraph', children: [text], position: node.position } : text) as never;
      return SKIP;
    }
    if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      for (const attribute of (node as JsxElement).attributes) {
        if (attribute.type === 'mdxJsxExpressionAttribute') {
          if (USES_PROPS.test(attribute.value)) refuse(node);
          continue;
        }
        const value = attribute.value;
        if (value === null || value === undefined || typeof value === 'string' || !USES_PROPS.test(value.value)) continue;
        const prop = propNameOf(value.data?.estree);
        if (prop === undefined) refuse(node);
        else attribute.value = valueOf(prop, node);
      }
    }
  });
}

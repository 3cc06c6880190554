/**
 * The dev server's page body: each subtree of plain HTML elements is one element whose inner HTML is a string,
 * instead of an element per paragraph, word of code, table cell and highlighted token. In development React takes a
 * stack trace for every element it makes, twice per render (StrictMode): on a long page that was most of the
 * browser's time after an edit, and MDX's own steps walked every one of those elements on the server. The reader sees
 * the same page. The build keeps its elements, so its prerendered HTML stays React's own.
 */
import type { Element, ElementContent, Properties, Root, RootContent } from 'hast';
import type { Expression, Node, ObjectExpression, Program, Property } from 'estree';
import { hastToHtml } from 'shiki/core';
import { BoundedMap } from '../common/bounded-map.ts';
import { PAGE_ELEMENTS } from './page-components.ts';

/** The hast property that holds an element's inner HTML until recmaDevInnerHtml makes it React's. */
const INNER_HTML = 'dataDevInnerHtml';
/** The same, as MDX writes it in the element's props. */
const INNER_HTML_PROP = 'data-dev-inner-html';
/** Elements a page's component replaces: they, and the elements around them, stay elements. */
const REPLACED = new Set(PAGE_ELEMENTS);

/** Whether `node` is plain HTML all the way down (text, and elements no component replaces); each such element goes in `known`. */
function plain(node: RootContent, known: WeakSet<Element>): boolean {
  if (node.type === 'text') return true;
  let all = node.type === 'element' && !REPLACED.has(node.tagName) && !(INNER_HTML in node.properties);
  // Every child is looked at, also under a component, for `known`.
  if ('children' in node) for (const child of node.children as RootContent[]) if (!plain(child, known)) all = false;
  if (all) known.add(node as Element);
  return all;
}

/** Elements in which React renders no whitespace between children (nor does MDX give it any: hast-util-to-estree). */
const NO_WHITESPACE = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr']);

/**
 * The subtree as React renders it from MDX's output: no whitespace text where a table allows none, and a table cell's
 * alignment as a style (hast-util-to-estree's tableCellAlignToStyle).
 */
function asReactRenders(node: ElementContent) {
  if (node.type !== 'element') return;
  if (NO_WHITESPACE.has(node.tagName)) node.children = node.children.filter((c) => !(c.type === 'text' && !c.value.trim()));
  const align = node.properties.align;
  if ((node.tagName === 'td' || node.tagName === 'th') && typeof align === 'string') {
    node.properties = { ...node.properties, align: undefined, style: `text-align:${align}${node.properties.style ? `;${String(node.properties.style)}` : ''}` };
  }
  node.children.forEach(asReactRenders);
}

function keepAsHtml(node: Element) {
  asReactRenders(node);
  node.properties[INNER_HTML] = hastToHtml({ type: 'root', children: node.children });
  node.children = [];
}

/** rehype plugin (dev server only, after every other): each largest subtree of plain HTML keeps its inside as HTML. */
export function rehypeDevInnerHtml() {
  return (tree: Root) => {
    const known = new WeakSet<Element>();
    for (const child of tree.children) plain(child, known);
    const visit = (node: { children: RootContent[] }) => {
      // shiki puts each block in as a root of its own, which MDX makes a fragment: one element more per block.
      if (node.children.some((c) => (c.type as string) === 'root')) node.children = node.children.flatMap((c) => ((c.type as string) === 'root' ? (c as unknown as Root).children : [c]));
      for (const child of node.children) {
        // Worth it where there is an element inside: a paragraph of text alone is one element already.
        if (child.type === 'element' && known.has(child) && child.children.some((c) => c.type === 'element')) keepAsHtml(child);
        else if ('children' in child) visit(child as { children: RootContent[] });
      }
    };
    visit(tree);
  };
}

const objectOf = (properties: Property[]): ObjectExpression => ({ type: 'ObjectExpression', properties });
const property = (name: string, value: Expression): Property => ({ type: 'Property', kind: 'init', method: false, shorthand: false, computed: false, key: { type: 'Identifier', name }, value });

/** recma plugin (after MDX has made its JSX calls): an element's inner HTML, as React takes it. */
export function recmaDevInnerHtml() {
  return (program: Program) => {
    const walk = (node: unknown) => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) {
        for (const n of node) walk(n);
        return;
      }
      const n = node as Node;
      if (n.type === 'ObjectExpression') {
        for (const [i, p] of n.properties.entries()) {
          if (p.type !== 'Property' || !(p.key.type === 'Literal' ? p.key.value === INNER_HTML_PROP : p.key.type === 'Identifier' && p.key.name === INNER_HTML_PROP)) continue;
          n.properties[i] = property('dangerouslySetInnerHTML', objectOf([property('__html', p.value as Expression)]));
        }
      }
      for (const key in n) if (key !== 'type' && key !== 'loc' && key !== 'range' && key !== 'position') walk((n as unknown as Record<string, unknown>)[key]);
    };
    walk(program);
  };
}

/** A highlighted block as the dev server keeps it: its `<pre>`'s properties and inner HTML. */
interface CodeHtml {
  pre: Properties;
  html: string;
}

const treeOf = ({ pre, html }: CodeHtml): Root => ({ type: 'root', children: [{ type: 'element', tagName: 'pre', properties: { ...pre, [INNER_HTML]: html }, children: [] }] });

/**
 * The dev server's cache of highlighted code blocks (shiki's `cache` option), by language, meta and code: a block is
 * its `<pre>` with its inside as HTML, so a block highlighted before is a new small tree, not a copy of a large one.
 */
export function codeHtmlCache() {
  const blocks = new BoundedMap<string, CodeHtml>(4000);
  return {
    get: (key: string) => {
      const block = blocks.get(key);
      return block && treeOf(block);
    },
    /** Called with the tree shiki then puts in the page, which is turned into the same form in place. */
    set(key: string, tree: Root) {
      const [pre] = tree.children;
      if (tree.children.length === 1 && pre.type === 'element' && pre.tagName === 'pre') {
        const block = { pre: pre.properties, html: hastToHtml({ type: 'root', children: pre.children }) };
        blocks.set(key, block);
        tree.children = treeOf(block).children;
      }
      return this;
    },
  };
}

/**
 * Go source as syntax trees (tree-sitter-go), for reading zrok without a Go toolchain: comments and strings are
 * nodes of their own, so a commented-out flag never counts, and every node knows its line for file:line errors.
 */
import { Query, type Node } from 'web-tree-sitter';
import { loadLanguage, parserFor } from '../src/builder/common/tree-sitter.ts';

const language = await loadLanguage('tree-sitter-go');
const parser = await parserFor('tree-sitter-go');

/** Thrown whenever the source does something the extractor cannot follow; the message starts with file:line. */
export class GoSourceError extends Error {}

export class GoFile {
  readonly root: Node;

  constructor(
    readonly path: string,
    readonly text: string,
  ) {
    const tree = parser.parse(text);
    if (!tree) throw new GoSourceError(`${path}: tree-sitter-go returned no tree`);
    this.root = tree.rootNode;
    if (this.root.hasError) {
      const broken = this.root.descendantsOfType('ERROR')[0] ?? firstMissing(this.root) ?? this.root;
      this.fail(broken, 'syntax tree-sitter-go cannot parse');
    }
  }

  where(node: Node): string {
    return `${this.path}:${node.startPosition.row + 1}`;
  }

  fail(node: Node, reason: string): never {
    throw new GoSourceError(`${this.where(node)}: ${reason}`);
  }

  /** The whole source line a node starts on, trimmed. */
  lineOf(node: Node): string {
    return this.text.split('\n')[node.startPosition.row].trim();
  }
}

function firstMissing(node: Node): Node | undefined {
  if (node.isMissing) return node;
  for (const child of node.children) {
    const found = child.hasError ? firstMissing(child) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** A tree-sitter query over Go syntax: https://tree-sitter.github.io/tree-sitter/using-parsers/queries */
export const goQuery = (source: string) => new Query(language, source);

/** The captures of each match of `query` under `node`, by capture name, in source order. */
export function matchesIn(query: Query, node: Node): Record<string, Node>[] {
  return query.matches(node).map((m) => Object.fromEntries(m.captures.map((c) => [c.name, c.node])));
}

/** The value of a Go string literal ("…" or `…`), or undefined when `node` is anything else. */
export function goString(node: Node | null | undefined): string | undefined {
  if (node?.type === 'raw_string_literal') return node.text.slice(1, -1);
  if (node?.type !== 'interpreted_string_literal') return undefined;
  try {
    return JSON.parse(node.text) as string;
  } catch {
    return undefined; // a Go escape JSON does not share (\x41, \u00e9 as \351, …)
  }
}

/** Named children that are code, not comments. */
export const codeChildren = (node: Node | null | undefined): Node[] => (node?.namedChildren ?? []).filter((c): c is Node => !!c && c.type !== 'comment');

/** `X.Y` / `pkg.Y` → its text without spaces; identifiers as they are. */
export const compact = (node: Node) => node.text.replace(/\s+/g, '');

/** `&pkg.Type{…}` or `&Type{…}`: the composite literal, when `node` takes the address of one of type `type`. */
export function addressOfLiteral(node: Node | null | undefined, type?: string): Node | undefined {
  if (node?.type !== 'unary_expression' || node.childForFieldName('operator')?.text !== '&') return undefined;
  const operand = node.childForFieldName('operand');
  if (operand?.type !== 'composite_literal') return undefined;
  return type === undefined || compact(operand.childForFieldName('type')!) === type ? operand : undefined;
}

/** The key: value elements of a composite literal; a positional element fails with `positional`. */
export function keyedElements(file: GoFile, literal: Node, positional: (element: Node) => string): { key: string; value: Node; node: Node }[] {
  return codeChildren(literal.childForFieldName('body')).map((element) => {
    if (element.type !== 'keyed_element') file.fail(element, positional(element));
    const [key, value] = codeChildren(element);
    return { key: key.text, value: codeChildren(value)[0] ?? value, node: element };
  });
}

/** The elements of a composite literal's body, each as its expression. */
export const elementsOf = (literal: Node): Node[] => codeChildren(literal.childForFieldName('body')).map((e) => (e.type === 'literal_element' ? codeChildren(e)[0] ?? e : e));

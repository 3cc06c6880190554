/**
 * The imports a Docusaurus page makes, read at compile time so that the compiled page imports nothing (page-link.ts):
 * - `@theme/Tabs`, `TabItem`, `Admonition`, `DocCardList` are the components every page has, under the name the page
 *   gave them; `@theme/Details` (or `@theme/MDXComponents/Details`, or `<Details>` with no import, as Docusaurus
 *   allows) is `<details>`; `@theme/CodeBlock` with a literal code becomes a fenced block, so it is highlighted like one;
 * - `useBaseUrl('/img/x.png')` from `@docusaurus/useBaseUrl`, in an attribute, is the path itself (the build adds the
 *   base URL to every path);
 * - a partial (`import Setup from './_setup.mdx'` or `'@site/…'`) is put in place of each `<Setup />`: its text is
 *   part of the page, headings and all, with the props the page gives it (`<Setup os="linux" />`) in their places
 *   (partial-props.ts).
 * Any other import, and any component that is neither the page's own (`export const X = …`) nor one every page has,
 * fails the page naming the line, the construct and what to write instead (page-problems.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Root, RootContent, Code, Parent } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { MdxjsEsm } from 'mdast-util-mdxjs-esm';
import type { Expression, ImportDeclaration, ModuleDeclaration, Statement } from 'estree';
import { toString } from 'mdast-util-to-string';
import { visit, SKIP } from 'unist-util-visit';
import { VFile } from 'vfile';
import type { Processor } from 'unified';
import { preprocessMdx } from './mdx-preprocess.ts';
import { PAGE_COMPONENTS } from './page-components.ts';
import { partialFile } from './partials.ts';
import { pageProblem } from './page-problems.ts';
import { fillProps, propsOf } from './partial-props.ts';
import { unravelLikeMdx } from './mdx-unravel.ts';

/** Docusaurus's theme components and what a page here writes for each. */
const THEME_COMPONENTS: Record<string, string> = {
  '@theme/Tabs': 'Tabs',
  '@theme/TabItem': 'TabItem',
  '@theme/Admonition': 'Admonition',
  '@theme/DocCardList': 'DocCardList',
  '@theme/Details': 'details',
  '@theme/MDXComponents/Details': 'details',
  '@theme/CodeBlock': 'CodeBlock',
};
/** Docusaurus's components a page uses without importing them (its theme's MDXComponents), and what they are here. */
const UNIMPORTED_COMPONENTS: Record<string, string> = { Details: 'details' };
const USE_BASE_URL = '@docusaurus/useBaseUrl';
const WHAT_TO_DO = `write it in Markdown, or use the components every page has (${PAGE_COMPONENTS.join(', ')})`;
/** Partials inside partials, at most this deep: deeper is an import cycle. */
const MAX_DEPTH = 8;

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;
const isJsx = (n: { type: string }): n is JsxElement => n.type === 'mdxJsxFlowElement' || n.type === 'mdxJsxTextElement';

/** What the page's imports give each local name. */
interface Imports {
  components: Map<string, string>;
  partials: Map<string, string>;
  useBaseUrl?: string;
  /** Names whose import failed (named there): their elements are not named again. */
  refused: Set<string>;
}

declare module 'vfile' {
  interface DataMap {
    /** Set by remarkDocusaurusImports: the partial files the page holds (absolute paths), for the page cache and the dev server. */
    partials: string[];
    /** Set by remarkDocusaurusImports: the page shows <DocCardList />, so its data carries its category's cards. */
    docCardList: boolean;
  }
}

export function remarkDocusaurusImports(this: Processor) {
  const parse = (file: string, text: string) => {
    const tree = this.parse(new VFile({ path: file, value: preprocessMdx(text) })) as Root;
    unravelLikeMdx(tree); // as MDX did to the page's own tree before this plugin
    return tree;
  };
  return (tree: Root, file: VFile) => {
    file.data.partials = [];
    expand(tree, file, file.path, parse, 0);
    file.data.docCardList = false;
    visit(tree, (n) => {
      if (isJsx(n) && n.name === 'DocCardList') file.data.docCardList = true;
    });
  };
}

/** Reads the imports of `tree` (the page, or a partial in it at `from`) and puts each in place. */
function expand(tree: Root, file: VFile, from: string, parse: (file: string, text: string) => Root, depth: number) {
  const imports: Imports = { components: new Map(), partials: new Map(), refused: new Set() };
  const own = new Set<string>();
  tree.children = tree.children.filter((node) => {
    if (node.type !== 'mdxjsEsm') return true;
    const body = (node as MdxjsEsm).data?.estree?.body ?? [];
    const kept = body.filter((statement) => {
      if (statement.type !== 'ImportDeclaration') {
        for (const name of declaredNames(statement)) own.add(name);
        return true;
      }
      readImport(statement, imports, file, from, node);
      return false;
    });
    if (kept.length === body.length) return true;
    if (!kept.length) return false;
    (node as MdxjsEsm).data!.estree!.body = kept;
    return true;
  });
  visit(tree, (node, index, parent) => {
    if (!isJsx(node) || !parent || index === undefined) return;
    const name = node.name ?? '';
    const partial = imports.partials.get(name);
    if (imports.refused.has(name)) return SKIP;
    if (partial) {
      if (depth >= MAX_DEPTH) {
        pageProblem(file, `partial "${path.relative(file.cwd, partial)}" imports itself (through ${MAX_DEPTH} partials or more)`, node);
        return SKIP;
      }
      const inner = parse(partial, readFileSync(partial, 'utf8'));
      file.data.partials!.push(partial);
      // Its images are relative to the partial's folder (remark-images.ts), and its lines are the partial's (page-problems.ts).
      visit(inner, (n) => {
        n.data = { ...n.data, fromFile: partial } as never;
      });
      // Its props first: it may give them on to a partial of its own.
      fillProps(inner, propsOf(node, file), name, file);
      expand(inner, file, partial, parse, depth + 1);
      const content = inner.children.filter((c) => c.type !== 'yaml');
      (parent as Parent).children.splice(index, 1, ...(content as RootContent[]));
      return [SKIP, index + content.length];
    }
    const component = imports.components.get(name) ?? (own.has(name) ? undefined : UNIMPORTED_COMPONENTS[name]);
    if (component) node.name = component;
    if (imports.useBaseUrl) inlineBaseUrl(node, imports.useBaseUrl, file);
    if (node.name === 'CodeBlock' && component) {
      const fence = codeBlockFence(node, file);
      if (fence) (parent as Parent).children[index] = fence;
      return SKIP;
    }
    const shown = node.name ?? '';
    if (/^[A-Z]|\./.test(shown) && !PAGE_COMPONENTS.includes(shown) && !own.has(shown.split('.')[0])) {
      pageProblem(file, `<${shown}> is not a component this site has: ${WHAT_TO_DO}`, node);
    }
  });
}

function readImport(statement: ImportDeclaration, imports: Imports, file: VFile, from: string, node: MdxjsEsm) {
  const source = String(statement.source.value);
  const local = statement.specifiers.find((s) => s.type === 'ImportDefaultSpecifier')?.local.name;
  const construct = `import … from '${source}'`;
  const onlyDefault = local !== undefined && statement.specifiers.length === 1;
  if (source === USE_BASE_URL && onlyDefault) return void (imports.useBaseUrl = local);
  if (THEME_COMPONENTS[source] && onlyDefault) return void imports.components.set(local, THEME_COMPONENTS[source]);
  const partial = partialFile(source, from, file.cwd);
  if (partial && onlyDefault) {
    try {
      readFileSync(partial);
    } catch {
      imports.refused.add(local);
      return pageProblem(file, `${construct}: no file ${path.relative(file.cwd, partial)}`, node);
    }
    return void imports.partials.set(local, partial);
  }
  for (const s of statement.specifiers) imports.refused.add(s.local.name);
  pageProblem(file, `${construct}: pages here cannot import code (a site's own React component, a library); ${WHAT_TO_DO}. Docusaurus's Tabs, TabItem, Details, CodeBlock, Admonition, DocCardList, useBaseUrl and .md/.mdx partials may be imported by their default name`, node);
}

/** Names a statement of the page's own declares (`export const Note = …`, `export function X() {}`). */
function declaredNames(statement: Statement | ModuleDeclaration): string[] {
  const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
  if (!declaration) return [];
  if (declaration.type === 'VariableDeclaration') return declaration.declarations.flatMap((d) => (d.id.type === 'Identifier' ? [d.id.name] : []));
  if ((declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration') && declaration.id) return [declaration.id.name];
  return [];
}

/** `src={useBaseUrl('/img/x.png')}` becomes `src="/img/x.png"`; any other use of useBaseUrl fails. */
function inlineBaseUrl(node: JsxElement, name: string, file: VFile) {
  for (const attribute of node.attributes) {
    if (attribute.type !== 'mdxJsxAttribute' || typeof attribute.value !== 'object' || !attribute.value) continue;
    const statement = attribute.value.data?.estree?.body[0];
    const call = statement?.type === 'ExpressionStatement' ? statement.expression : undefined;
    if (call?.type !== 'CallExpression' || call.callee.type !== 'Identifier' || call.callee.name !== name) continue;
    const arg = call.arguments[0];
    if (call.arguments.length !== 1 || arg.type !== 'Literal' || typeof arg.value !== 'string') {
      pageProblem(file, `${name}(…) takes one quoted path here, as in ${name}('/img/x.png')`, node);
      continue;
    }
    attribute.value = arg.value as string;
  }
}

/**
 * A template string as written in the file: MDX hands an expression over with each line's indent removed, as it does
 * for a paragraph's lines, and code keeps its indents.
 */
function writtenTemplate(node: { position?: { start: { offset?: number }; end: { offset?: number } } }, file: VFile): string | undefined {
  const { start, end } = node.position ?? {};
  if (start?.offset === undefined || end?.offset === undefined) return undefined;
  const m = /^\{\s*`([\s\S]*)`\s*\}$/.exec(String(file.value).slice(start.offset, end.offset));
  return m ? m[1].replace(/\\([`\\$])/g, '$1') : undefined;
}

/**
 * `<CodeBlock language="yaml" title="x.yml">{`…`}</CodeBlock>` as the fence it stands for; undefined (a problem of the
 * page) when its code is not literal.
 */
function codeBlockFence(node: JsxElement, file: VFile): Code | undefined {
  const attr = (name: string) => {
    const a = node.attributes.find((x) => x.type === 'mdxJsxAttribute' && x.name === name);
    return a && typeof a.value === 'string' ? a.value : undefined;
  };
  const child = node.children.length === 1 ? node.children[0] : undefined;
  let value: string | undefined;
  if (child && (child.type === 'mdxFlowExpression' || child.type === 'mdxTextExpression')) {
    const statement = child.data?.estree?.body[0];
    const e: Expression | undefined = statement?.type === 'ExpressionStatement' ? statement.expression : undefined;
    if (e?.type === 'TemplateLiteral' && !e.expressions.length) value = writtenTemplate(child, file) ?? e.quasis[0].value.cooked ?? undefined;
    else if (e?.type === 'Literal' && typeof e.value === 'string') value = e.value;
  } else if (node.children.every((c) => c.type === 'paragraph' || c.type === 'text')) value = toString(node);
  if (value === undefined) {
    pageProblem(file, '<CodeBlock> holds its code as text or as one {`template string`} without ${…}', node);
    return undefined;
  }
  const title = attr('title');
  return { type: 'code', lang: attr('language') ?? null, meta: title ? `title="${title}"` : null, value: value.replace(/^\n|\n$/g, ''), position: node.position };
}

/**
 * Anchors under the dev server, which has no link check of rendered pages: a page's links that carry a `#anchor`,
 * and the ids a page's headings (and its elements written with an `id`) give, read from the trees the compiler makes.
 * The build checks anchors in the rendered HTML instead (links/link-check.ts), the final judge.
 */
import { readFileSync, statSync } from 'node:fs';
import type { Heading, Link, Root } from 'mdast';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { VFile } from 'vfile';
import { preprocessMdx } from './mdx-preprocess.ts';
import { remarkParsePlugins } from './remark-parse-plugins.ts';
import { remarkDocusaurusImports } from './remark-docusaurus-imports.ts';
import { assignHeadingIds } from './remark-heading-ids.ts';

export interface PageAnchors {
  /** Every id the page gives: its headings' and its elements'. */
  ids: string[];
  /** Its links with an anchor, as they resolved (`/docs/x/#y`, `#y`), and their lines (a partial's, in `partial`). */
  links: { href: string; line: number; partial?: string }[];
}

declare module 'vfile' {
  interface DataMap {
    /** Set by remarkPageAnchors (dev server only). */
    anchors: PageAnchors;
  }
}

function anchorsOf(tree: Root): PageAnchors {
  const ids = new Set<string>();
  const links: PageAnchors['links'] = [];
  visit(tree, (node) => {
    const id = node.type === 'heading' ? (node as Heading).data?.hProperties?.id : undefined;
    if (typeof id === 'string') ids.add(id);
    if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      for (const a of node.attributes) if (a.type === 'mdxJsxAttribute' && (a.name === 'id' || a.name === 'name') && typeof a.value === 'string') ids.add(a.value);
    }
    if (node.type === 'link' && (node as Link).url.includes('#')) {
      const partial = (node.data as { fromFile?: string } | undefined)?.fromFile;
      links.push({ href: (node as Link).url, line: node.position?.start.line ?? 0, ...(partial ? { partial } : {}) });
    }
  });
  return { ids: [...ids], links };
}

/** remark plugin (after heading ids and links): the page's anchors, for the dev server to check. */
export function remarkPageAnchors() {
  return (tree: Root, file: VFile) => {
    file.data.anchors = anchorsOf(tree);
  };
}

const known = new Map<string, { mtimeMs: number; ids: string[] }>();

/** The ids another page gives, read from its file (again only when it changed). */
export function idsOfFile(file: string, root: string): string[] {
  const { mtimeMs } = statSync(file);
  const was = known.get(file);
  if (was?.mtimeMs === mtimeMs) return was.ids;
  const processor = unified().use(remarkParse).use(remarkMdx);
  for (const plugin of remarkParsePlugins) processor.use(plugin as never);
  processor.use(remarkDocusaurusImports);
  const vfile = new VFile({ path: file, cwd: root, value: preprocessMdx(readFileSync(file, 'utf8')) });
  let ids: string[] = [];
  try {
    const tree = processor.runSync(processor.parse(vfile), vfile) as Root;
    assignHeadingIds(tree);
    ids = anchorsOf(tree).ids;
  } catch {
    // a page that does not compile shows its own error
  }
  known.set(file, { mtimeMs, ids });
  return ids;
}

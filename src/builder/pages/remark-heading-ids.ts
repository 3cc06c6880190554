import GithubSlugger from 'github-slugger';
import { toString } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';
import type { Heading, Root, Text } from 'mdast';
import type { TocEntry } from '../../content/types.ts';
import type { VFile } from 'vfile';

const CUSTOM_ID = /\s*\{#([A-Za-z0-9_-]+)\}\s*$/;

/**
 * Gives every heading a stable id (GitHub-style slug, or an explicit `{#id}`) and returns the
 * h2–h3 table of contents. The same function runs for the manifest and for the page body,
 * so TOC anchors and heading ids can never disagree.
 */
export function assignHeadingIds(tree: Root): TocEntry[] {
  const slugger = new GithubSlugger();
  const toc: TocEntry[] = [];
  visit(tree, 'heading', (node: Heading) => {
    let id: string | undefined;
    const last = node.children[node.children.length - 1];
    if (last && last.type === 'text') {
      const m = CUSTOM_ID.exec((last as Text).value);
      if (m) {
        id = m[1];
        (last as Text).value = (last as Text).value.slice(0, m.index);
      }
    }
    const text = toString(node).trim();
    id = id ? (slugger.slug(id), id) : slugger.slug(text);
    node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), id } };
    if (node.depth === 2 || node.depth === 3) toc.push({ depth: node.depth, id, text });
  });
  return toc;
}

/** The text of a page's top-level h1, once its heading ids are assigned (an explicit `{#id}` is not text). */
export function firstHeadingOf(tree: Root): string | undefined {
  const h1 = tree.children.find((n): n is Heading => n.type === 'heading' && n.depth === 1);
  return h1 ? toString(h1) : undefined;
}

/**
 * remark plugin: heading ids. It leaves the table of contents and the first heading in the file's
 * data, so the build takes a page's manifest entry from the tree it compiles instead of parsing it twice.
 */
export function remarkHeadingIds() {
  return (tree: Root, file: VFile) => {
    file.data.toc = assignHeadingIds(tree);
    file.data.firstHeading = firstHeadingOf(tree);
  };
}

declare module 'vfile' {
  interface DataMap {
    /** Set by remarkHeadingIds: the page's h2–h3 table of contents. */
    toc: TocEntry[];
    /** Set by remarkHeadingIds: the text of the page's h1, if it has one. */
    firstHeading: string | undefined;
  }
}

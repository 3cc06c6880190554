import GithubSlugger from 'github-slugger';
import { toString } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';
import type { Heading, Root, Text } from 'mdast';
import type { TocEntry } from '../content/types.ts';

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

/** remark plugin: heading ids + `export const toc = [...]` is added by the manifest, not here. */
export function remarkHeadingIds() {
  return (tree: Root) => {
    assignHeadingIds(tree);
  };
}

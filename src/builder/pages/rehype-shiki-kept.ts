import type { Root } from 'hast';
import type { Highlighter } from 'shiki';
import { getSingletonHighlighter } from 'shiki';
import rehypeShikiFromHighlighter from '@shikijs/rehype/core';
import type { RehypeShikiOptions } from '@shikijs/rehype';

/**
 * @shikijs/rehype, except that a page whose every block is in its cache never waits for the highlighter: the blocks
 * are first taken from the cache by a highlighter that has none (a block it would have to highlight is left as it
 * is), and only when one was left does the real highlighter load and highlight it.
 */
export function rehypeShikiKept(options: RehypeShikiOptions & { themes: Record<string, string>; langs: string[] }) {
  let left = false;
  const none = {
    getLoadedLanguages: () => [],
    loadLanguage: async () => {},
    codeToHast: () => void (left = true),
  } as unknown as Highlighter;
  const fromCache = rehypeShikiFromHighlighter(none, options) as (tree: Root) => unknown;
  let highlight: Promise<(tree: Root) => unknown> | undefined;
  return async (tree: Root) => {
    left = false;
    await fromCache(tree);
    if (!left) return;
    highlight ??= getSingletonHighlighter({ themes: Object.values(options.themes), langs: options.langs }).then((h) => rehypeShikiFromHighlighter(h, options) as (tree: Root) => unknown);
    // Blocks already highlighted above have no language class any more: it passes over them.
    await (await highlight)(tree);
  };
}

import type { CompileOptions } from '@mdx-js/mdx';
import type { Root } from 'hast';
import rehypeShiki from '@shikijs/rehype';
import { transformerMetaHighlight } from '@shikijs/transformers';
import { remarkHeadingIds } from './remark-heading-ids.ts';
import { remarkAdmonitions } from './remark-admonitions.ts';
import { remarkDocusaurusImports } from './remark-docusaurus-imports.ts';
import { remarkTitleHeading } from './remark-title-heading.ts';
import { remarkImages } from './remark-images.ts';
import { remarkPageAnchors } from './page-anchors.ts';
import { remarkMermaid } from '../diagrams/remark-mermaid.ts';
import { remarkCodeBlocks } from './remark-code-blocks.ts';
import { BoundedMap } from '../common/bounded-map.ts';
import { remarkParsePlugins } from './remark-parse-plugins.ts';
import { remarkCachedParse } from './remark-cached-parse.ts';
import { remarkStaticBody } from './remark-static-body.ts';
import { remarkLinks } from './remark-links.ts';
import { remarkTableLabels } from './remark-table-labels.ts';
import { rehypeTableWords } from './rehype-table-words.ts';
import { rehypeHeadingLinks } from './rehype-heading-links.ts';
import { transformerCodeWords } from './shiki-code-words.ts';
import { codeHtmlCache, recmaDevInnerHtml, rehypeDevInnerHtml } from './dev-inner-html.ts';
import { keptHighlights } from './kept-highlights.ts';
import { rehypeShikiKept } from './rehype-shiki-kept.ts';


/** The page compiler's options; `development` (the dev server) shows a diagram's error in the page instead of failing. */
export const mdxCompileOptionsFor = ({ development }: { development: boolean }): CompileOptions => ({
  ...mdxCompileOptions,
  // The dev server parses a saved page again only where it changed (remark-cached-parse.ts).
  remarkPlugins: [...(development ? [remarkCachedParse] : []), ...remarkParsePlugins, remarkDocusaurusImports, remarkLinks, remarkAdmonitions, remarkHeadingIds, remarkTitleHeading, [remarkImages, { development }], [remarkMermaid, { development }], remarkCodeBlocks, remarkTableLabels, remarkStaticBody, ...(development ? [remarkPageAnchors] : [])],
  // The dev server's body keeps plain HTML as strings (dev-inner-html.ts).
  ...(development ? { rehypePlugins: [...rehypePluginsWith(codeHtmlCache())!, rehypeDevInnerHtml], recmaPlugins: [recmaDevInnerHtml] } : {}),
});

/**
 * Code blocks already highlighted by this thread, by language, meta and code: the versions of a page
 * share most of theirs, and a thread compiles all versions of a page (page-compiler.ts). Each page
 * gets a copy, as its tree is its own.
 */
const highlighted = new BoundedMap<string, Root>(4000);
let kept: ReturnType<typeof keptHighlights> | undefined;
const highlightCache = {
  get: (key: string) => {
    let tree = highlighted.get(key);
    if (!tree && kept) {
      tree = kept.get(key);
      if (tree) highlighted.set(key, tree);
    }
    return tree && structuredClone(tree);
  },
  set(key: string, tree: Root | undefined) {
    if (!tree) return this; // a block rehypeShikiKept left for the highlighter
    highlighted.set(key, structuredClone(tree));
    kept?.set(key, tree);
    return this;
  },
};

/** The build's compile threads also keep their highlighted blocks between builds, in `dir` (kept-highlights.ts). */
export function keepHighlightsIn(dir: string): void {
  kept = keptHighlights(dir);
}

export const mdxCompileOptions: CompileOptions = {
  remarkPlugins: [
    ...remarkParsePlugins,
    remarkDocusaurusImports,
    remarkLinks,
    remarkAdmonitions,
    remarkHeadingIds,
    remarkTitleHeading,
    remarkImages,
    remarkMermaid,
    remarkCodeBlocks,
    remarkTableLabels,
    remarkStaticBody,
  ],
  rehypePlugins: rehypePluginsWith(highlightCache, true),
  providerImportSource: undefined,
  // A page's one import is React's JSX runtime, which the prerender imports as it is and the browser's copy points at
  // the app's own (page-browser-copy.ts).
  jsxImportSource: 'react',
};

/** The rehype plugins, with shiki keeping its highlighted blocks in `cache` (`fromCacheFirst`: see rehypeShikiKept). */
function rehypePluginsWith(cache: { get(key: string): Root | undefined; set(key: string, tree: Root): unknown }, fromCacheFirst = false): CompileOptions['rehypePlugins'] {
  return [
    rehypeTableWords,
    rehypeHeadingLinks,
    [
      fromCacheFirst ? rehypeShikiKept : rehypeShiki,
      {
        // Both themes keep every token at 4.5:1 or more on our code backgrounds (checked by axe in the e2e suite).
        themes: { light: 'github-light-default', dark: 'github-dark-default' },
        defaultColor: false,
        // The one language most blocks use; the others load with the first block that uses one (each
        // compile thread loading all of remark-code-blocks.ts's CODE_LANGUAGES, mdx and tsx among them, took about 0.3 CPU-s).
        langs: ['bash'],
        lazy: true,
        tokenizeTimeLimit: 0, // no time limit: the same highlighting however busy the machine
        transformers: [transformerMetaHighlight(), transformerCodeWords()],
        cache,
      },
    ],
  ];
}

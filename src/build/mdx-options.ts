import type { CompileOptions } from '@mdx-js/mdx';
import remarkGfm from 'remark-gfm';
import remarkFrontmatter from 'remark-frontmatter';
import remarkDirective from 'remark-directive';
import rehypeShiki from '@shikijs/rehype';
import { transformerMetaHighlight } from '@shikijs/transformers';
import { remarkHeadingIds } from './remark-heading-ids.ts';
import { remarkAdmonitions } from './remark-admonitions.ts';
import { remarkMermaid } from './remark-mermaid.ts';
import { remarkCodeBlocks } from './remark-code-blocks.ts';

/** Languages a fence may use. A fence in any other language fails the build (loudly, on purpose). */
export const CODE_LANGUAGES = [
  'bash', 'shell', 'sh', 'powershell', 'yaml', 'json', 'nginx', 'ini', 'toml', 'dockerfile',
  'go', 'python', 'javascript', 'typescript', 'tsx', 'html', 'css', 'diff', 'sql', 'xml', 'markdown', 'mdx',
] as const;

/** Parsing plugins shared by the page compiler and the manifest reader. */
export const remarkParsePlugins = [remarkGfm, remarkFrontmatter, remarkDirective] as const;

export const mdxCompileOptions: CompileOptions = {
  remarkPlugins: [
    remarkGfm,
    remarkFrontmatter,
    remarkDirective,
    remarkAdmonitions,
    remarkHeadingIds,
    remarkMermaid,
    remarkCodeBlocks,
  ],
  rehypePlugins: [
    [
      rehypeShiki,
      {
        themes: { light: 'github-light', dark: 'dracula' },
        defaultColor: false,
        langs: [...CODE_LANGUAGES],
        tokenizeTimeLimit: 0, // P3: deterministic under load
        transformers: [transformerMetaHighlight()],
      },
    ],
  ],
  providerImportSource: undefined,
};

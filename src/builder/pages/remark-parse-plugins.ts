import remarkGfm from 'remark-gfm';
import remarkFrontmatter from 'remark-frontmatter';
import remarkDirective from 'remark-directive';

/**
 * Parsing plugins shared by the page compiler (mdx-options.ts) and the manifest reader (read-content.ts). A module of
 * their own, so that reading the manifest does not load the compiler's highlighting and diagram plugins.
 */
export const remarkParsePlugins = [remarkGfm, remarkFrontmatter, remarkDirective] as const;

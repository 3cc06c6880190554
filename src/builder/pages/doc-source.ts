/**
 * A page's manifest entry (front matter and headings) read with the real MDX parser, apart from the content reader
 * (read-content.ts) so that a build reading only unchanged pages never loads the parser.
 */
import path from 'node:path';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import { VFile } from 'vfile';
import type { Root } from 'mdast';
import type { DocSource } from '../../content/types.ts';
import { preprocessMdx } from './mdx-preprocess.ts';
import { remarkParsePlugins } from './remark-parse-plugins.ts';
import { remarkDocusaurusImports } from './remark-docusaurus-imports.ts';
import { assignHeadingIds, firstHeadingOf } from './remark-heading-ids.ts';
import { FRONT_MATTER, frontMatterOf, readFrontMatter, syntaxError } from './front-matter.ts';

/** Reads one page's front matter and headings with the real MDX parser (errors carry file:line). */
export function readDocSource(file: string, relPath: string, text: string, root = process.cwd()): DocSource {
  const processor = unified().use(remarkParse);
  processor.use(remarkMdx); // `.md` pages too: see mdx-compile-worker.ts
  for (const plugin of remarkParsePlugins) processor.use(plugin as never);
  // Partials are part of the page: their headings are in its table of contents.
  processor.use(remarkDocusaurusImports);
  let tree: Root;
  const vfile = new VFile({ path: path.resolve(root, file), cwd: root, value: preprocessMdx(text) });
  try {
    tree = processor.runSync(processor.parse(vfile), vfile) as Root;
  } catch (e) {
    throw syntaxError(file, e);
  }
  const frontMatter = frontMatterOf(tree, file);
  const toc = assignHeadingIds(tree);
  return { relPath, frontMatter, toc, firstHeading: firstHeadingOf(tree), ...(vfile.data.docCardList ? { docCardList: true } : {}) };
}

/**
 * A page's front matter alone, for a quick start of the dev server: thousands of pages are
 * read in a second instead of parsed in a minute, and `toc` stays unread. A page whose title
 * comes from its first heading is parsed whole, as only the parser finds that heading exactly.
 */
export function scanDocSource(file: string, relPath: string, text: string, root = process.cwd()): DocSource {
  const yaml = FRONT_MATTER.exec(text)?.[1];
  const frontMatter = yaml === undefined ? {} : readFrontMatter(yaml, file);
  // So is a page that shows <DocCardList />, whose data then carries its category's cards.
  return frontMatter.title && !text.includes('DocCardList') ? { relPath, frontMatter } : readDocSource(file, relPath, text, root);
}

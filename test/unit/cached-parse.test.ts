/**
 * The dev server parses a page section by section and keeps each section's tree (remark-cached-parse.ts). Every page
 * of every version, and the constructs that may not be cut at a heading, must give the very tree a whole parse gives,
 * positions included.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createProcessor } from '@mdx-js/mdx';
import { VFile } from 'vfile';
import type { Root } from 'mdast';
import { mdxCompileOptionsFor } from '../../src/builder/pages/mdx-options.ts';
import { preprocessMdx } from '../../src/builder/pages/mdx-preprocess.ts';
import { parseInSections, sections } from '../../src/builder/pages/remark-cached-parse.ts';

// The build's processor: its parser is the plain one.
const processor = createProcessor({ ...mdxCompileOptionsFor({ development: false }), format: 'mdx' });
const parseWhole = (text: string) => processor.parse(new VFile({ value: text, path: 'page.mdx' })) as Root;
const bySections = (text: string) => parseInSections(text, parseWhole);

const pages = readdirSync('content/docs', { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.mdx'))
  .sort();

describe('a page parsed section by section', () => {
  it('is cut into sections on the real pages', () => {
    const cut = pages.filter((f) => sections(readFileSync(path.join('content/docs', f), 'utf8')).length > 1);
    expect(cut.length).toBeGreaterThan(pages.length / 2);
  });

  it.each(pages)('gives the whole parse’s tree: %s', (f) => {
    const text = preprocessMdx(readFileSync(path.join('content/docs', f), 'utf8'));
    expect(bySections(text)).toEqual(parseWhole(text));
    // Again, every section now from the kept trees, with one sentence changed.
    const edited = text.replace(/\.\n/, ' Changed.\n');
    expect(bySections(edited)).toEqual(parseWhole(edited));
  });

  const cases: Record<string, string> = {
    'a heading inside a fence': 'Text.\n\n```md\n## Not a section\n```\n\n## A section\n\nMore.\n',
    'a heading inside a longer fence': 'Text.\n\n````md\n```\n## Not a section\n```\n````\n\n## A section\n',
    'a fence closed only by its own kind': '~~~\n```\n## Inside\n~~~\n\n## Outside\n',
    'a heading inside an admonition': ':::note\n\n## Inside a note\n\n:::\n\n## After\n\nText.\n',
    'a heading inside nested admonitions': '::::tip\n\n:::note\n\nA\n\n:::\n\n## Still inside\n\n::::\n\n## After\n',
    'a heading inside JSX': '<Tabs>\n<TabItem value="a">\n\n## Inside a tab\n\n</TabItem>\n</Tabs>\n\n## After\n',
    'a heading inside an expression': 'Text.\n\n{`\n## inside\n`}\n\n## After\n',
    'a list ended by a heading': '- one\n- two\n  ```bash\n## Heading\n\n  more\n',
    'a reference defined in another section': 'See [the guide][g].\n\n## Later\n\n[g]: /docs/guide/\n',
    'a footnote': 'Text[^1].\n\n## Notes\n\n[^1]: The note.\n',
    'ESM and expressions': 'import {X} from "./x.js"\nexport const a = 1\n\n# Title {a}\n\n## Two {1 + 1}\n\n<X y={`\n# not a heading\n`} />\n',
    'no trailing newline': 'A\n\n## B\n\nC',
    'a blank last line': 'A\n\n## B\n\n',
  };
  it.each(Object.entries(cases))('gives the whole parse’s tree: %s', (_, text) => {
    expect(bySections(text)).toEqual(parseWhole(text));
  });

  it('names the same error as a whole parse', () => {
    const broken = 'A\n\n## B\n\n<Tabs>\n\nunclosed\n\n## C\n';
    expect(() => bySections(broken)).toThrow(/Expected a closing tag for `<Tabs>`.*\(5:1-5:7\)/);
  });
});

/**
 * The build takes a page's manifest entry (front matter, table of contents, first heading) from the
 * tree it compiles (mdx-compile-worker.ts); the dev server reads it with readDocSource. Both must
 * give the same entry, and name the same errors.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import compilePage from '../../src/builder/pages/mdx-compile-worker.ts';
import { readDocSource } from '../../src/builder/pages/read-content.ts';

const compileDoc = (source: string, text: string) => compilePage({ path: `/site/${source}`, source, relPath: path.basename(source), text, development: false, withDoc: true });

/** What readDocSource gives, or the error it throws, in compilePage's shape. */
function readDoc(source: string, text: string) {
  try {
    return { doc: readDocSource(source, path.basename(source), text) };
  } catch (e) {
    const err = e as { file: string; message: string };
    return { error: { location: err.file, reason: err.message.slice(err.file.length + 2) } };
  }
}

const cases: Record<string, string> = {
  'headings.mdx': '---\ntitle: Headings\n---\n\n# The page {#top}\n\n## One\n\n### One, again {#custom}\n\n:::note[A note]\n\n## Inside a note\n\n:::\n\n## One\n\n#### Deep\n',
  'no-title.md': '# Its *first* heading\n\nText.\n\n## A section\n',
  'no-front-matter.mdx': 'Text only, <Tabs>\n\n</Tabs>\n',
  'bad-yaml.mdx': '---\ntitle: [unclosed\n---\n\nText\n',
  'wrong-type.mdx': '---\ntitle: A\nsidebar_position: first\n---\n\nText\n',
  'bad-syntax.mdx': '---\ntitle: A\n---\n\nText\n\n<Tabs>\n\nunclosed\n',
};

describe('a page compiled for the build', () => {
  for (const [name, text] of Object.entries(cases)) {
    it(`gives the entry or the error readDocSource gives: ${name}`, async () => {
      const source = `content/docs/1.1/${name}`;
      const { doc, error } = await compileDoc(source, text);
      expect({ doc, error }).toEqual(readDoc(source, text));
    });
  }

  // Every page of the current version, and the pages an older version has alone: what the two readers could disagree
  // on is the kind of heading or front matter a page uses, which the older copies of a page repeat (compiling all
  // 121 pages took 47 s on a busy machine).
  it('gives the entry readDocSource gives for every page of the current version and the older versions\' own', async () => {
    const root = 'content/docs';
    const all = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => /\.mdx?$/.test(f));
    const inVersion = (rel: string) => rel.split(path.sep).slice(1).join('/');
    const current = new Set(all.filter((f) => f.startsWith(`1.1${path.sep}`)).map(inVersion));
    const files = all.filter((f) => f.startsWith(`1.1${path.sep}`) || !current.has(inVersion(f)));
    expect(current.size).toBeGreaterThan(40);
    expect(files.length).toBeGreaterThan(current.size);
    for (const rel of files) {
      const source = path.join(root, rel);
      const relPath = rel.split(path.sep).slice(1).join('/'); // inside its version's folder
      const text = readFileSync(source, 'utf8');
      const { doc, error } = await compilePage({ path: path.resolve(source), source, relPath, text, development: false, withDoc: true });
      expect(error, source).toBeUndefined();
      expect(doc, source).toEqual(readDocSource(source, relPath, text));
    }
  }, 60_000);
});

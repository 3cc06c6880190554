/**
 * The build takes a page's manifest entry (front matter, table of contents, first heading) from the
 * tree it compiles (mdx-compile-worker.ts); the dev server reads it with readDocSource. Both must
 * give the same entry, and name the same errors.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import compilePage from '../../src/builder/pages/mdx-compile-worker.ts';
import { readDocSource } from '../../src/builder/pages/doc-source.ts';

const compileDoc = (source: string, text: string) => compilePage({ path: `/site/${source}`, source, relPath: path.basename(source), text, development: false, withDoc: true });

/** What readDocSource gives, or the error it throws, in compilePage's shape. */
function readDoc(source: string, text: string) {
  try {
    return { doc: readDocSource(source, path.basename(source), text) };
  } catch (e) {
    const err = e as { file: string; message: string };
    return { errors: [{ location: err.file, reason: err.message.slice(err.file.length + 2) }] };
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

/** What in a page's source shapes its entry: each front-matter key, and each kind of heading. */
const KINDS: [string, RegExp][] = [
  ['no front matter', /^(?!---\n)/],
  ['a heading with its own id', /^#{1,6} .*\{#[\w-]+\}\s*$/m],
  ['a level-1 heading', /^# /m],
  ['a level-4 heading', /^#### /m],
  ['code in a heading', /^#{2,6} .*`/m],
  ['a link in a heading', /^#{2,6} .*\]\(/m],
  ['emphasis in a heading', /^#{2,6} .*(\*\*?|__?)\S/m],
  ['a heading in an admonition', /^:::[\s\S]*?^#{2,6} [\s\S]*?^:::/m],
  ['a heading in tabs', /<TabItem[\s\S]*?^#{2,6} [\s\S]*?<\/TabItem>/m],
  ['a heading after an import', /^import [\s\S]*^#{2,6} /m],
  ['a JSX heading', /<h[2-4][ >]/],
];

/** The first page (in name order) of each kind, and of each front-matter key and file type, among `pages`. */
function pagesOfEveryKind(pages: { rel: string; text: string }[]) {
  const kindsOf = (rel: string, text: string) => [
    path.extname(rel),
    ...KINDS.filter(([, re]) => re.test(text)).map(([kind]) => kind),
    ...[...(/^---\n([\s\S]*?)\n---/.exec(text)?.[1].matchAll(/^(\w+):/gm) ?? [])].map((m) => `front matter ${m[1]}`),
  ];
  const seen = new Set<string>();
  return pages.filter(({ rel, text }) => {
    const fresh = kindsOf(rel, text).filter((k) => !seen.has(k));
    fresh.forEach((k) => seen.add(k));
    return fresh.length > 0;
  });
}

describe('a page compiled for the build', () => {
  for (const [name, text] of Object.entries(cases)) {
    it(`gives the entry or the error readDocSource gives: ${name}`, async () => {
      const source = `content/docs/7.1/${name}`;
      const { doc, errors } = await compileDoc(source, text);
      expect({ doc, errors }).toEqual(readDoc(source, text));
    });
  }

  // What the two readers could disagree on is the kind of heading or front matter a page uses: a page of each kind,
  // in any version, is compiled (all 121 pages took 47 s on a busy machine, and most repeat what another showed).
  it('gives the entry readDocSource gives for a page of every kind of heading and front matter', async () => {
    const root = 'content/docs';
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => /\.mdx?$/.test(f)).sort();
    const sample = pagesOfEveryKind(files.map((rel) => ({ rel, text: readFileSync(path.join(root, rel), 'utf8') })));
    expect(sample.length).toBeGreaterThan(5);
    for (const { rel, text } of sample) {
      const source = path.join(root, rel);
      const relPath = rel.split(path.sep).slice(1).join('/'); // inside its version's folder
      const { doc, errors } = await compilePage({ path: path.resolve(source), source, relPath, text, development: false, withDoc: true });
      expect(errors, source).toBeUndefined();
      expect(doc, source).toEqual(readDocSource(source, relPath, text));
    }
  }, 60_000);
});

// @vitest-environment node
/** Hostile or mistaken content: every error names the file, the exact line (and column), and why. */
import { describe, expect, it } from 'vitest';
import { buildVersionManifest, checkRoutesAcrossVersions, ContentError, unsafeRouteReason } from '../../src/content/manifest.ts';
import { readCategory } from '../../src/builder/pages/read-content.ts';
import { readDocSource } from '../../src/builder/pages/doc-source.ts';
import type { DocSource } from '../../src/content/types.ts';
import { CURRENT, OLDER } from '../fixture-versions.ts';

const doc = (relPath: string, fm: DocSource['frontMatter'] = {}): DocSource => ({ relPath, frontMatter: { title: relPath, ...fm }, toc: [] });
const manifest = (v: typeof CURRENT, docs: DocSource[]) => buildVersionManifest(v, [doc('getting-started.mdx'), ...docs], []);
const errorOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ContentError);
    return (e as Error).message;
  }
  throw new Error('no error');
};

describe('routes a page cannot have', () => {
  it('rejects dot segments, empty segments, spaces and non-ASCII letters', () => {
    expect(unsafeRouteReason('guides/one/')).toBeNull();
    expect(unsafeRouteReason('guides/docker_private_share_guide/')).toBeNull();
    expect(unsafeRouteReason('../../x/')).toMatch(/".." segment/);
    expect(unsafeRouteReason('my page/')).toMatch(/"my page"/);
    expect(unsafeRouteReason('café/')).toMatch(/"café"/);
    expect(unsafeRouteReason('a//b/')).toMatch(/empty segment/);
  });

  it('names the file and says whether its name or its slug is at fault', () => {
    expect(errorOf(() => manifest(CURRENT, [doc('guides/my page.md')]))).toBe(
      `content/docs/7.1/guides/my page.md: the file's path gives the route /docs/guides/my page/, which has "my page" in it: a route may hold only ASCII letters, digits and - _ . ~; rename it with lowercase letters, digits, '-' and '_'`,
    );
    expect(errorOf(() => manifest(CURRENT, [doc('café.md')]))).toMatch(/^content\/docs\/7\.1\/café\.md: the file's path gives the route \/docs\/café\//);
    expect(errorOf(() => manifest(CURRENT, [doc('x.md', { slug: '/../../x' })]))).toMatch(/^content\/docs\/7\.1\/x\.md: slug "\/\.\.\/\.\.\/x" gives the route .* which has a "\." or "\.\." segment/);
  });

  it('keeps each version to its own part of the site, naming both files of a collision', () => {
    const current = manifest(CURRENT, [doc('guides/x.md', { slug: '/7.0/category/guides' })]);
    const older = manifest(OLDER, []);
    expect(errorOf(() => checkRoutesAcrossVersions([current, older], []))).toBe(
      "content/docs/7.1/guides/x.md: route /docs/7.0/category/guides/ lies in version 7.0's part of the site (/docs/7.0/), not in 7.1's (/docs/)",
    );
    expect(errorOf(() => manifest(CURRENT, [doc('a.md'), doc('b.md', { slug: '/a' })]))).toBe('content/docs/7.1/b.md: route /docs/a/ is already taken by content/docs/7.1/a.md');
    const fine = manifest(CURRENT, [doc('a.md')]);
    expect(errorOf(() => checkRoutesAcrossVersions([fine, older], [{ from: '/docs/a/' }]))).toBe('content/docs/7.1/a.md: route /docs/a/ is also the source of a redirect in site.config.ts (redirects)');
    expect(() => checkRoutesAcrossVersions([fine, older], [{ from: '/docs/old/' }])).not.toThrow();
  });
});

describe('front matter errors', () => {
  it('give one line number, counted in the file', () => {
    const text = '---\ntitle: Two\ndescription: fine\nsidebar_position: [1\n---\n\nText.\n';
    const message = errorOf(() => readDocSource('content/docs/7.0/two.mdx', 'two.mdx', text));
    expect(message).toMatch(/^content\/docs\/7\.0\/two\.mdx:4: malformed front matter: /);
    expect(message.match(/\d+/g)?.filter((n) => n !== '7' && n !== '0')).toHaveLength(1);
    expect(message).not.toMatch(/at line|column/);
  });

  it('point a type error at its key', () => {
    const text = '---\ntitle: Two\ndescription: fine\n\nsidebar_position: "first"\n---\n\nText.\n';
    expect(errorOf(() => readDocSource('content/docs/7.0/two.mdx', 'two.mdx', text))).toBe('content/docs/7.0/two.mdx:5: front matter "sidebar_position" must be a number, got "first"');
  });

  it('take keywords as a list of at most 12 short words or phrases, and point at the key otherwise', () => {
    const read = (keywords: string) => readDocSource('content/docs/7.1/two.mdx', 'two.mdx', `---\ntitle: Two\nkeywords: ${keywords}\n---\n\nText.\n`);
    expect(read('[systemd, keep the same url]').frontMatter.keywords).toEqual(['systemd', 'keep the same url']);
    expect(errorOf(() => read('systemd'))).toBe('content/docs/7.1/two.mdx:3: front matter "keywords" must be a list of words or short phrases, got "systemd"');
    expect(errorOf(() => read(`[${Array.from({ length: 13 }, (_, i) => `w${i}`).join(', ')}]`))).toBe('content/docs/7.1/two.mdx:3: front matter "keywords" has 13 entries; at most 12');
    expect(errorOf(() => read('[ok, 7]'))).toMatch(/^content\/docs\/7\.1\/two\.mdx:3: front matter "keywords" entries must be words or phrases of 1 to 40 characters, got 7$/);
    expect(errorOf(() => read(`[${'x'.repeat(41)}]`))).toMatch(/two\.mdx:3: front matter "keywords" entries must be/);
    expect(errorOf(() => read('[systemd, "start, stop"]'))).toBe('content/docs/7.1/two.mdx:3: front matter "keywords" entries may not hold a comma (make it two entries), got "start, stop"');
    // Glue words do not count towards the phrase's words; a fifth word does.
    expect(read('[run my own server at the office]').frontMatter.keywords).toEqual(['run my own server at the office']);
    expect(errorOf(() => read('[run my own server in the office today]'))).toBe(
      'content/docs/7.1/two.mdx:3: front matter "keywords" entries may hold at most 4 words besides "a", "my", "the", "with" and the like, got "run my own server in the office today"',
    );
  });
});

describe('_category_.json errors', () => {
  it('give line:column of a syntax error', () => {
    const text = '{\n  "label": "Guides",\n  "position": 3\n  "link": {}\n}\n';
    expect(errorOf(() => readCategory('content/docs/7.1/guides/_category_.json', 'guides', text))).toMatch(/^content\/docs\/7\.1\/guides\/_category_\.json:4:3: malformed JSON: /);
  });

  it('give line:column of the key that is wrong', () => {
    const text = '{\n  "label": "Guides",\n    "position": "3"\n}\n';
    expect(errorOf(() => readCategory('content/docs/7.1/guides/_category_.json', 'guides', text))).toBe('content/docs/7.1/guides/_category_.json:3:5: "position" must be a number');
  });
});

describe('the content reader, fuzzed', () => {
  it('answers any page text with a page or a ContentError naming the file (bounded)', { timeout: 30_000 }, async () => {
    const { default: fc } = await import('fast-check');
    const piece = fc.constantFrom('---\n', 'title: x\n', 'slug: /../a\n', 'sidebar_position: [1\n', ': :\n', '  - a\n', '"', "'", '{', '}', '<', '>', '</div>', '<Tabs>', '```\n', '```mermaid\n', '# T\n', '## {#id}\n', ':::note\n', ':::\n', '$&', '\u0000', 'é', '\t', '\n');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (parts) => {
        try {
          readDocSource('content/docs/7.1/f.mdx', 'f.mdx', parts.join(''));
        } catch (e) {
          expect(e).toBeInstanceOf(ContentError);
          expect((e as Error).message).toMatch(/^content\/docs\/7\.1\/f\.mdx(:\d+)?: \S/);
        }
      }),
      { numRuns: 500, interruptAfterTimeLimit: 15_000 },
    );
  });

  it('answers any _category_.json text with a category or a ContentError at line:column (bounded)', { timeout: 30_000 }, async () => {
    const { default: fc } = await import('fast-check');
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 60 }), fc.json({ maxDepth: 2 })), (text) => {
        try {
          readCategory('c/_category_.json', 'c', text);
        } catch (e) {
          expect(e).toBeInstanceOf(ContentError);
          expect((e as Error).message).toMatch(/^c\/_category_\.json:\d+:\d+: \S/);
        }
      }),
      { numRuns: 1000, interruptAfterTimeLimit: 10_000 },
    );
  });
});

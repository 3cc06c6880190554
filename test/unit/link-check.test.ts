import { describe, expect, it } from 'vitest';
import { checkLinks, formatLinkErrors } from '../../src/builder/links/link-check.ts';

const page = (path: string, links: string[], ids: string[] = []) => ({ path, source: `content${path}x.mdx`, ids, links });
const check = (pages: ReturnType<typeof page>[], base = '/') => checkLinks({ pages, redirects: [{ from: '/old/', to: '/docs/a/' }], base, staticExists: async (p) => p === 'img/logo.svg' });

describe('the link check', () => {
  it('resolves the same root link on every page, and relative links against their own page', async () => {
    const pages = [
      page('/docs/a/', ['/docs/b/#setup', '../b/#setup', '#top', 'https://example.com/', '/img/logo.svg', '/old/'], ['top']),
      page('/docs/b/', ['/docs/b/#setup', './#setup', '../a/#top', '/'], ['setup']),
      page('/', ['/docs/a/']),
    ];
    expect(await check(pages)).toEqual([]);
  });

  it('names each broken link once per page that has it, with its reason', async () => {
    const pages = [page('/docs/a/', ['/docs/b/#gone', '/docs/c/', '/docs/b']), page('/docs/b/', ['/docs/b/#gone', '../a/#nowhere', ''], ['setup'])];
    const errors = (await check(pages)).map((e) => `${e.page} ${e.link}: ${e.reason}`);
    expect(errors).toEqual([
      '/docs/a/ /docs/b/#gone: no element with id "gone" on /docs/b/',
      '/docs/a/ /docs/c/: no page at /docs/c/',
      '/docs/a/ /docs/b: missing trailing slash: use /docs/b/',
      '/docs/b/ /docs/b/#gone: no element with id "gone" on /docs/b/',
      '/docs/b/ ../a/#nowhere: no element with id "nowhere" on /docs/a/',
      '/docs/b/ : empty href',
    ]);
  });

  it('looks a static file up once however many pages link to it, and judges a relative link on each page', async () => {
    const looked: string[] = [];
    const pages = [page('/docs/a/', ['/img/logo.svg', 'x/', '#top'], ['top']), page('/docs/a/x/', ['/img/logo.svg', 'x/', '#top']), page('/docs/b/', ['/img/logo.svg'])];
    const errors = await checkLinks({ pages, redirects: [], base: '/', staticExists: async (p) => (looked.push(p), p === 'img/logo.svg') });
    expect(looked).toEqual(['img/logo.svg']);
    expect(errors.map((e) => `${e.page} ${e.link}: ${e.reason}`)).toEqual(['/docs/a/x/ x/: no page at /docs/a/x/x/', '/docs/a/x/ #top: no element with id "top" on /docs/a/x/']);
  });

  it('keeps links inside the base URL', async () => {
    const pages = [page('/docs/a/', ['/zrok/docs/a/', '/zrok', '/docs/a/'])];
    const errors = (await check([...pages, page('/', [])], '/zrok/')).map((e) => `${e.link}: ${e.reason}`);
    expect(errors).toEqual(["/docs/a/: points outside the site's base URL /zrok/"]);
  });

  it('names a rewritten link where the page wrote it, as written, with the anchor to write instead', async () => {
    // The compiler made './b.mdx#setp' into '/docs/b/#setp' and '../c.mdx#nowhere' (written twice) into
    // '/docs/c/#nowhere', and the base URL is on every rendered link: the page's text holds none of these.
    const pages = [page('/docs/a/', ['/zrok/docs/b/#setp', '/zrok/docs/c/#nowhere', '/zrok/docs/c/#nowhere']), page('/docs/b/', [], ['setup']), page('/docs/c/', [], ['one'])];
    const errors = await checkLinks({ pages, redirects: [], base: '/zrok/', staticExists: async () => false });
    const places = { 'content/docs/a/x.mdx': { '/docs/b/#setp': { written: './b.mdx#setp', at: ['content/docs/a/x.mdx:7'] }, '/docs/c/#nowhere': { written: '../c.mdx#nowhere', at: ['content/docs/a/x.mdx:9', 'content/docs/a/_part.mdx:2'] } } };
    const headings: Record<string, string[]> = { '/docs/b/': ['setup', 'use'], '/docs/c/': ['one', 'two'] };
    expect(await formatLinkErrors(errors, { base: '/zrok/', places, headingIds: (p) => headings[p] })).toBe(
      [
        'Broken links (3):',
        '  content/docs/a/x.mdx:7 (page /docs/a/): ./b.mdx#setp — no element with id "setp" on /docs/b/ (did you mean #setup?)',
        '  content/docs/a/x.mdx:9 (page /docs/a/): ../c.mdx#nowhere — no element with id "nowhere" on /docs/c/ (its headings\' anchors: #one, #two)',
        '  content/docs/a/_part.mdx:2 (page /docs/a/): ../c.mdx#nowhere — no element with id "nowhere" on /docs/c/ (its headings\' anchors: #one, #two)',
      ].join('\n'),
    );
  });
});

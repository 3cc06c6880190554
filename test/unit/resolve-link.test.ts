/**
 * The link resolver: a link written in a page means a page of that page's own version, whichever version is current,
 * and another version only when the link names it. The versions here are a fixture of their own ('new', 'old'): the
 * rules hold for any names.
 */
import { describe, expect, it } from 'vitest';
import { plainLookup, resolveLink, type LinkFrom, type VersionRoutes } from '../../src/builder/links/resolve-link.ts';
import { versionRoutes } from '../../src/builder/links/version-routes.ts';
import compilePage from '../../src/builder/pages/mdx-compile-worker.ts';
import { answersNow, linkAnswersHold } from '../../src/builder/pages/remark-links.ts';
import { withLinkUrls } from '../../src/builder/links/link-places.ts';

const pages = (...relPaths: (string | [string, string])[]) => relPaths.map((p) => (typeof p === 'string' ? { relPath: p } : { relPath: p[0], slug: p[1] }));
const guides = { dir: 'guides', label: 'Guides', link: { type: 'generated-index' as const } };

function site(): VersionRoutes[] {
  return [
    versionRoutes({ name: '2.0', pathPrefix: '' }, pages('getting-started.mdx', 'concepts/index.mdx', 'concepts/tunnels.mdx', 'guides/install/install.mdx', ['guides/agent.mdx', 'agent-guide'], 'only-new.mdx'), [guides]),
    versionRoutes({ name: '1.9', pathPrefix: '1.9/' }, pages('getting-started.mdx', 'concepts/index.mdx', 'concepts/tunnels.mdx', 'only-old.mdx'), [guides]),
  ];
}
const inNew = { version: '2.0', relPath: 'concepts/tunnels.mdx' };
const inOld = { version: '1.9', relPath: 'concepts/tunnels.mdx' };
const resolve = (href: string, from: LinkFrom = inNew) => resolveLink(href, from, plainLookup(site()));

describe('a route link', () => {
  it("means the page in the linking page's own version, with its anchor and query", () => {
    expect(resolve('/docs/concepts/tunnels/#x')).toEqual({ href: '/docs/concepts/tunnels/#x' });
    expect(resolve('/docs/concepts/tunnels/#x', inOld)).toEqual({ href: '/docs/1.9/concepts/tunnels/#x' });
    expect(resolve('/docs/concepts/?a=1', inOld)).toEqual({ href: '/docs/1.9/concepts/?a=1' });
    expect(resolve('/docs/category/guides/', inOld)).toEqual({ href: '/docs/1.9/category/guides/' });
    expect(resolve('/docs/', inOld)).toEqual({ href: '/docs/1.9/' });
  });

  it('fails for a page its version lacks, even when another version has it, and says how to link there', () => {
    const out = resolve('/docs/only-old/');
    expect(out).toMatchObject({ reason: 'no page at /docs/only-old/ in version 2.0' });
    expect('hint' in out && out.hint).toContain('write /docs/1.9/only-old/');
    expect(resolve('/docs/only-new/', inOld)).toMatchObject({ reason: 'no page at /docs/only-new/ in version 1.9' });
  });

  it('names the closest route of its version when there is one', () => {
    expect(resolve('/docs/concepts/tunnel/')).toMatchObject({ hint: expect.stringContaining('did you mean /docs/concepts/tunnels/?') });
  });

  it('is the page without its trailing slash too, as in Docusaurus, linked at its own URL', () => {
    expect(resolve('/docs/concepts/tunnels#x')).toEqual({ href: '/docs/concepts/tunnels/#x' });
    expect(resolve('/docs/concepts/tunnels', inOld)).toEqual({ href: '/docs/1.9/concepts/tunnels/' });
    expect(resolve('/docs/1.9/concepts/tunnels')).toEqual({ href: '/docs/1.9/concepts/tunnels/' });
    expect(resolve('/docs/concepts/tunnel')).toMatchObject({ reason: 'no page at /docs/concepts/tunnel/ in version 2.0' });
  });
});

describe('a link with a mapped prefix', () => {
  const mappings = [
    { from: '@zrokdocs', to: '/docs' },
    { from: '@openzitidocs', to: 'https://openziti.example/docs/' },
  ];
  it('is read with the prefix replaced by what it stands for, then as any link', () => {
    const mapped = (href: string, from = inNew) => resolveLink(href, from, plainLookup(site()), mappings);
    expect(mapped('@zrokdocs/concepts/tunnels#udp')).toEqual({ href: '/docs/concepts/tunnels/#udp' });
    expect(mapped('@zrokdocs/getting-started', inOld)).toEqual({ href: '/docs/1.9/getting-started/' });
    expect(mapped('@openzitidocs/learn/intro')).toEqual({ href: 'https://openziti.example/docs/learn/intro' });
    expect(mapped('@zrokdocs/only-old')).toMatchObject({ reason: 'no page at /docs/only-old/ in version 2.0' });
    // Only the whole prefix: '@zrokdocsextra' is another alias, which nothing maps.
    expect(mapped('@zrokdocsextra/x')).toMatchObject({ reason: expect.stringContaining('@zrokdocsextra is a path alias') });
  });

});

describe('a route relative to the page', () => {
  it('is read from the page\'s URL, as a browser reads it, and linked at the page\'s own URL, in its version', () => {
    expect(resolve('../')).toEqual({ href: '/docs/concepts/' });
    expect(resolve('../../getting-started#x')).toEqual({ href: '/docs/getting-started/#x' });
    expect(resolve('../../getting-started', inOld)).toEqual({ href: '/docs/1.9/getting-started/' });
    expect(resolve('../../only-old', inOld)).toEqual({ href: '/docs/1.9/only-old/' });
  });

  it('in a partial, is read from the URL of the page the partial is shown in', () => {
    expect(resolve('../../getting-started', { version: '2.0', relPath: '_shared/deep/_part.mdx', page: 'concepts/tunnels.mdx' })).toEqual({ href: '/docs/getting-started/' });
  });

  it('is left as written, for the check of the built site, when it is no page of the version', () => {
    expect(resolve('../../only-old')).toEqual({ href: '../../only-old' });
    expect(resolve('./notes.txt')).toEqual({ href: './notes.txt' });
    expect(resolve('../../../../up')).toEqual({ href: '../../../../up' });
  });
});

describe('a link to another version', () => {
  it('is written with that version\'s name and goes through its prefix, whichever is current', () => {
    expect(resolve('/docs/1.9/concepts/tunnels/#x')).toEqual({ href: '/docs/1.9/concepts/tunnels/#x' });
    expect(resolve('/docs/2.0/only-new/', inOld)).toEqual({ href: '/docs/only-new/' });
    expect(resolve('/docs/1.9/', inNew)).toEqual({ href: '/docs/1.9/' });
  });

  it("fails for a page that version lacks", () => {
    expect(resolve('/docs/1.9/only-new/')).toMatchObject({ reason: 'no page at /docs/1.9/only-new/ in version 1.9' });
  });
});

describe('a relative file link', () => {
  it("resolves against the linking file's folder to the file's route, slug respected", () => {
    expect(resolve('./index.mdx#a')).toEqual({ href: '/docs/concepts/#a' });
    expect(resolve('index.mdx')).toEqual({ href: '/docs/concepts/' });
    expect(resolve('../guides/agent.mdx')).toEqual({ href: '/docs/guides/agent-guide/' });
    expect(resolve('../guides/install/install.mdx')).toEqual({ href: '/docs/guides/install/' });
    expect(resolve('../getting-started.mdx', inOld)).toEqual({ href: '/docs/1.9/getting-started/' });
  });

  it('is looked for where Docusaurus looks: a bare name beside the linking file, then from the version folder; a rooted one from the version folder', () => {
    expect(resolve('getting-started.mdx#a')).toEqual({ href: '/docs/getting-started/#a' });
    expect(resolve('guides/agent.mdx', inOld)).toMatchObject({ reason: 'no page file concepts/guides/agent.mdx in version 1.9' });
    expect(resolve('guides/agent.mdx')).toEqual({ href: '/docs/guides/agent-guide/' });
    expect(resolve('/concepts/index.mdx', inOld)).toEqual({ href: '/docs/1.9/concepts/' });
    expect(resolve('/guides/install/install.mdx?x=1#b')).toEqual({ href: '/docs/guides/install/?x=1#b' });
    // From the site's root, through its docs folder: the linking page's version still.
    expect(resolve('/docs/concepts/tunnels.mdx', inOld)).toEqual({ href: '/docs/1.9/concepts/tunnels/' });
    expect(resolve('@site/docs/only-old.mdx', inOld)).toEqual({ href: '/docs/1.9/only-old/' });
    // A rooted path to no page file may be a static file (a page's Markdown copy): the built site's link check judges it.
    expect(resolve('/docs/concepts/index.md', inOld)).toEqual({ href: '/docs/concepts/index.md' });
  });

  it('stays in its version: a file only another version has fails', () => {
    expect(resolve('../only-old.mdx')).toMatchObject({ reason: 'no page file only-old.mdx in version 2.0' });
  });

  it('names the nearest file as the writer would write it', () => {
    expect(resolve('./tunnel.mdx')).toMatchObject({ hint: 'did you mean ./tunnels.mdx?' });
    expect(resolve('../getting_started.mdx')).toMatchObject({ hint: 'did you mean ../getting-started.mdx?' });
    expect(resolve('./tunnels.md')).toMatchObject({ reason: 'no page file concepts/tunnels.md in version 2.0', hint: 'did you mean ./tunnels.mdx?' });
  });

  it('fails for a partial and for a path out of the version folder', () => {
    expect(resolve('./_shared.mdx')).toMatchObject({ reason: './_shared.mdx is a partial, not a page: it has no route to link to' });
    expect(resolve('../../1.9/concepts/tunnels.mdx')).toMatchObject({ reason: "file link ../../1.9/concepts/tunnels.mdx leaves version 2.0's folder" });
  });
});

describe('a path alias of a Docusaurus site', () => {
  it('fails, saying what to write instead', () => {
    expect(resolve('@zrokdocs/concepts/tunnels#x')).toEqual({ reason: '@zrokdocs is a path alias of the Docusaurus site this page was written for, which this site does not have', hint: "write a route such as /docs/concepts/, a file link such as ./page.mdx, or a full https:// URL; or say what it stands for in site.config.ts's linkMappings, as { from: '@zrokdocs', to: '/docs' }" });
    expect(resolve('@site/docs/concepts/tunnels.mdx')).toEqual({ href: '/docs/concepts/tunnels/' });
  });
});

describe('anything else', () => {
  it('is left as written', () => {
    for (const href of ['https://zrok.io/', '//cdn.example/x', 'mailto:a@b', '#here', '/search/?q=x', '/', '/img/logo.svg', '/docs/img/shot.png', '../other/', '']) {
      expect(resolve(href)).toEqual({ href });
    }
  });
});

describe('the page compiler', () => {
  const compile = (text: string, from = inOld) =>
    compilePage({ path: `/site/content/docs/${from.version}/${from.relPath}`, source: `content/docs/${from.version}/${from.relPath}`, relPath: from.relPath, text, development: false, withDoc: false, links: { from, versions: site() } });

  it('reads a mapped prefix in Markdown links and JSX hrefs', async () => {
    const out = await compilePage({ path: `/site/content/docs/${inOld.version}/${inOld.relPath}`, source: `content/docs/${inOld.version}/${inOld.relPath}`, relPath: inOld.relPath, text: 'Read [tunnels](@zrokdocs/concepts/tunnels) and <Card title="x" href="@zrokdocs/getting-started/">y</Card>.\n', development: false, withDoc: false, links: { from: inOld, versions: site(), mappings: [{ from: '@zrokdocs', to: '/docs' }] } });
    expect(out.errors).toBeUndefined();
    expect(out.code).toContain('"/docs/1.9/concepts/tunnels/"');
    expect(out.code).toContain('"/docs/1.9/getting-started/"');
  });

  it('writes each Markdown link, definition and JSX href as it resolves', async () => {
    const out = await compile('Read [tunnels](/docs/concepts/tunnels/), [start][s], <Card title="x" href="../getting-started.mdx">y</Card> and [UDP](/docs/concepts/tunnels#udp).\n\n[s]: ./index.mdx\n');
    expect(out.errors).toBeUndefined();
    expect(out.code).toContain('"/docs/1.9/concepts/tunnels/"');
    expect(out.code).toContain('"/docs/1.9/concepts/tunnels/#udp"');
    expect(out.code).toContain('"/docs/1.9/concepts/"');
    expect(out.code).toContain('"/docs/1.9/getting-started/"');
    expect(out.code).not.toMatch(/"\/docs\/concepts\//);
  });

  it('fails with the file and line of every broken link at once', async () => {
    const out = await compile('# T\n\n[a](/docs/only-new/)\n\nfine [b](/docs/concepts/)\n\n<Card title="x" href="./gone.mdx">y</Card>\n');
    expect(out.errors?.map((e) => e.location)).toEqual(['content/docs/1.9/concepts/tunnels.mdx:3', 'content/docs/1.9/concepts/tunnels.mdx:7']);
    expect(out.errors?.[0].reason).toContain('/docs/only-new/: no page at /docs/only-new/ in version 1.9');
    expect(out.errors?.[1].reason).toContain('./gone.mdx: no page file concepts/gone.mdx in version 1.9');
  });

  it('records where each link it rewrote is written, for the link check to name', async () => {
    const out = await compile('# T\n\n[a](./index.mdx#x) and [b](/docs/getting-started/)\n\n[again](./index.mdx#x)\n');
    expect(out.linkPlaces).toEqual({
      '/docs/1.9/concepts/#x': { written: './index.mdx#x', at: ['content/docs/1.9/concepts/tunnels.mdx:3', 'content/docs/1.9/concepts/tunnels.mdx:5'] },
      '/docs/1.9/getting-started/': { written: '/docs/getting-started/', at: ['content/docs/1.9/concepts/tunnels.mdx:3'] },
    });
  });

  it('gives the Markdown copy of an older version\'s page each rewritten link as its HTML has it, a full URL', async () => {
    const text = '# T\n\nSee [a](./index.mdx#x), [b](/docs/getting-started/) and [c](../concepts/index.mdx#x "Title").\n\n[d]: ./index.mdx#x\n\nAlso [e](#here) and [f](https://zrok.io/).\n';
    const out = await compile(text);
    expect(out.linkPlaces!['/docs/1.9/concepts/#x']).toMatchObject({ written: './index.mdx#x', also: ['../concepts/index.mdx#x'] });
    const copy = withLinkUrls(text, out.linkPlaces, 'https://docs.example');
    expect(copy).toBe(
      '# T\n\nSee [a](https://docs.example/docs/1.9/concepts/#x), [b](https://docs.example/docs/1.9/getting-started/) and [c](https://docs.example/docs/1.9/concepts/#x "Title").\n\n[d]: https://docs.example/docs/1.9/concepts/#x\n\nAlso [e](#here) and [f](https://zrok.io/).\n',
    );
  });

  it("records what its links resolved against, which stops holding when a linked page's route changes", async () => {
    const out = await compile('[a](./index.mdx) [b](/docs/getting-started/)');
    const answers = out.linkAnswers!;
    expect(linkAnswersHold(answers, site())).toBe(true);
    const renamed = site();
    renamed[1] = versionRoutes({ name: '1.9', pathPrefix: '1.9/' }, pages(['concepts/index.mdx', 'ideas'], 'getting-started.mdx', 'concepts/tunnels.mdx'), []);
    expect(linkAnswersHold(answers, renamed)).toBe(false);
    // A change to another version's pages changes nothing this page depends on.
    const otherChanged = site();
    otherChanged[0] = versionRoutes({ name: '2.0', pathPrefix: '' }, pages('getting-started.mdx'), []);
    expect(linkAnswersHold(answers, otherChanged)).toBe(true);
    expect(answersNow(Object.keys(answers), renamed)).not.toEqual(answers);
  });
});

// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderMdx } from './render-mdx.tsx';
import { readDocSource } from '../../src/builder/pages/doc-source.ts';
import { PAGE_COMPONENTS, PAGE_ELEMENTS } from '../../src/builder/pages/page-components.ts';
import compilePage from '../../src/builder/pages/mdx-compile-worker.ts';
import { versionRoutes } from '../../src/builder/links/version-routes.ts';
import { withImageUrls } from '../../src/builder/prerender/page-images.ts';
import { withPartialTexts } from '../../src/builder/pages/partials.ts';
import { mdxComponents } from '../../src/mdx/components.tsx';

/** A PNG of a given size, all one colour: enough for the build to read its size and hash its bytes. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc((width + 1) * height);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** A site folder of our own: pages and partials written here, as a writer moving from Docusaurus would. */
let site: string;
const write = (rel: string, text: string) => {
  mkdirSync(path.dirname(path.join(site, rel)), { recursive: true });
  writeFileSync(path.join(site, rel), text);
};

beforeAll(() => {
  site = mkdtempSync(path.join(tmpdir(), 'docusaurus-pages-'));
  write('content/docs/1.1/guides/_install-steps.mdx', '## Install the binary\n\nDownload it, then run `zrok version`.\n\n:::tip Checked\nThe version prints.\n:::\n');
  write('content/docs/1.1/_shared/_support.md', 'Ask on the forum.\n');
  writeFileSync(path.join(site, 'content/docs/1.1/guides/enable.png'), png(640, 360));
  mkdirSync(path.join(site, 'content/docs/1.1/images'), { recursive: true });
  writeFileSync(path.join(site, 'content/docs/1.1/images/later.png'), png(320, 200));
  mkdirSync(path.join(site, 'public/img'), { recursive: true });
  writeFileSync(path.join(site, 'public/img/logo.png'), png(48, 48));
  // Two folders down: its image path means another file from the page's folder than from its own.
  write('content/docs/1.1/_shared/deep/_shot.mdx', '![The share list](../../images/later.png)\n');
});
afterEach(() => cleanup());

const renderPage = (rel: string, text: string) => renderMdx(text, { path: path.join(site, rel), cwd: site });

const compile = (rel: string, text: string) =>
  compilePage({ path: path.join(site, rel), source: rel, relPath: rel.replace(/^content\/docs\/1\.1\//, ''), text, development: false, withDoc: true });

describe('pages written for Docusaurus', () => {
  it('maps the theme imports to the components every page has, under the names the page gave them', async () => {
    const { container } = await renderPage(
      'content/docs/1.1/guides/os.mdx',
      "import Tabs from '@theme/Tabs';\nimport Item from '@theme/TabItem';\nimport Details from '@theme/Details';\nimport CodeBlock from '@theme/CodeBlock';\nimport useBaseUrl from '@docusaurus/useBaseUrl';\n\n" +
        '<Tabs groupId="os">\n<Item value="linux" label="Linux">\n\nOn Linux.\n\n</Item>\n<Item value="windows" label="Windows">\n\nOn Windows.\n\n</Item>\n</Tabs>\n\n' +
        '<Details>\n<summary>More</summary>\n\nHidden text.\n\n</Details>\n\n' +
        '<CodeBlock language="yaml" title="ctrl.yml">{`v: 4\nadmin:\n  secrets: []`}</CodeBlock>\n\n' +
        '<a href={useBaseUrl(\'/docs/guides/\')}>Guides</a>\n',
    );
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Linux', 'Windows']);
    expect(container.querySelector('details > summary')!.textContent).toBe('More');
    const block = container.querySelector('.code-block')!;
    expect(block.querySelector('.code-block__title')!.textContent).toBe('ctrl.yml');
    // Its indents kept, which MDX takes from an expression's lines.
    expect(block.querySelector('pre')!.textContent).toBe('v: 4\nadmin:\n  secrets: []');
    expect(block.querySelectorAll('pre span[style*="--shiki-light"]').length).toBeGreaterThan(1);
    expect(screen.getByRole('link', { name: 'Guides' }).getAttribute('href')).toBe('/docs/guides/');
  });

  it('shows <Details> as Docusaurus does: with no import, or imported from its MDXComponents', async () => {
    for (const head of ['', "import Details from '@theme/MDXComponents/Details';\n\n"]) {
      const { container } = await renderPage('content/docs/1.1/guides/more.mdx', `${head}<Details>\n<summary>Playbook</summary>\n\nThe steps.\n\n</Details>\n`);
      expect(container.querySelector('details > summary')!.textContent).toBe('Playbook');
      expect(container.querySelector('details')!.textContent).toContain('The steps.');
      cleanup();
    }
    // A page's own Details is its own.
    const own = await compile('content/docs/1.1/guides/own.mdx', "# Own\n\nexport const Details = () => 'mine';\n\n<Details />\n");
    expect(own.errors).toBeUndefined();
    expect(own.code).not.toContain('"details"');
  });

  it('reads Docusaurus’s labels given on Tabs, its defaultValue, and shows and writes the tab the address names', async () => {
    window.history.replaceState(null, '', '/docs/guides/run/?os=windows&x=1');
    const { container } = await renderPage(
      'content/docs/1.1/guides/run.mdx',
      "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n" +
        "<Tabs defaultValue=\"mac\" values={[{label: 'macOS', value: 'mac'}, {label: 'Linux', value: 'linux'}]}>\n<TabItem value=\"linux\">\n\nOn Linux.\n\n</TabItem>\n<TabItem value=\"mac\">\n\nOn a Mac.\n\n</TabItem>\n</Tabs>\n\n" +
        '<Tabs groupId="os" queryString>\n<TabItem value="linux" label="Linux">\n\nRun it on Linux.\n\n</TabItem>\n<TabItem value="windows" label="Windows">\n\nRun it on Windows.\n\n</TabItem>\n</Tabs>\n',
    );
    const [first, second] = [...container.querySelectorAll<HTMLElement>('.tabs')];
    const tabsOf = (group: HTMLElement) => [...group.querySelectorAll('[role="tab"]')].map((t) => `${t.textContent}${t.getAttribute('aria-selected') === 'true' ? ' (shown)' : ''}`);
    expect(tabsOf(first)).toEqual(['macOS (shown)', 'Linux']);
    expect(screen.getByText('On a Mac.').closest<HTMLElement>('[role="tabpanel"]')!.hidden).toBe(false);
    // The address's ?os=windows, over the default.
    expect(tabsOf(second)).toEqual(['Linux', 'Windows (shown)']);
    act(() => {
      fireEvent.click(screen.getAllByRole('tab', { name: 'Linux' })[1]);
    });
    expect(tabsOf(second)).toEqual(['Linux (shown)', 'Windows']);
    expect(window.location.pathname + window.location.search).toBe('/docs/guides/run/?os=linux&x=1');
    window.history.replaceState(null, '', '/');
  });

  it('puts a partial’s text in place of each use, its headings in the table of contents, by a relative path or @site/', async () => {
    const text =
      "---\ntitle: Install\n---\n\nimport Steps from './_install-steps.mdx';\nimport Support from '@site/content/docs/1.1/_shared/_support.md';\n\n## Before\n\n<Steps />\n\n<Support />\n";
    const { container } = await renderPage('content/docs/1.1/guides/install.mdx', text);
    expect([...container.querySelectorAll('h2')].map((h) => h.id)).toEqual(['before', 'install-the-binary']);
    expect(container.querySelector('.admonition--tip .admonition__heading')!.textContent).toBe('Checked');
    expect(container.textContent).toContain('Ask on the forum.');
    const out = await compile('content/docs/1.1/guides/install.mdx', text);
    expect(out.errors).toBeUndefined();
    expect(out.doc!.toc!.map((t) => t.id)).toEqual(['before', 'install-the-binary']);
    expect(out.partials).toEqual([path.join(site, 'content/docs/1.1/guides/_install-steps.mdx'), path.join(site, 'content/docs/1.1/_shared/_support.md')]);
    // The compiled page imports nothing: the partials are in it.
    expect(out.code).not.toMatch(/from ['"][^'"]*_install-steps/);
    // The manifest reader, which the dev server uses, sees the same headings.
    expect(readDocSource('content/docs/1.1/guides/install.mdx', 'guides/install.mdx', text, site).toc!.map((t) => t.id)).toEqual(['before', 'install-the-binary']);
  });

  it('tells the dev server which partial an anchored link is written in, for it to name that file', async () => {
    write('content/docs/1.1/guides/_jump.mdx', 'Text.\n\nJump [down](#nowhere).\n');
    const rel = 'content/docs/1.1/guides/jump.mdx';
    const text = "---\ntitle: Jump\n---\n\nimport Jump from './_jump.mdx';\n\n[Up](#top)\n\n<Jump />\n";
    const out = await compilePage({ path: path.join(site, rel), source: rel, relPath: 'guides/jump.mdx', text, development: true, withDoc: true });
    expect(out.anchors!.links).toEqual([
      { href: '#top', line: 7 },
      { href: '#nowhere', line: 3, partial: path.join(site, 'content/docs/1.1/guides/_jump.mdx') },
    ]);
  });

  it('gives a partial the props of each use, as Docusaurus does: in its text, headings and attributes, and in the Markdown copy', async () => {
    write('content/docs/1.1/guides/_run-on.mdx', '## Run on {props.os}\n\nStart it {props.count} times on {props.os}.\n\n<Card title={props.os} href="/docs/guides/">The guide.</Card>\n');
    const text = "---\ntitle: Run\n---\n\nimport RunOn from './_run-on.mdx';\n\n<RunOn os=\"Linux\" count={3} />\n\n<RunOn os='Windows' count=\"2\" />\n";
    const rel = 'content/docs/1.1/guides/run-on.mdx';
    const { container } = await renderPage(rel, text);
    expect([...container.querySelectorAll('h2')].map((h) => [h.id, h.textContent])).toEqual([
      ['run-on-linux', 'Run on Linux'],
      ['run-on-windows', 'Run on Windows'],
    ]);
    expect([...container.querySelectorAll('p')].map((p) => p.textContent)).toContain('Start it 3 times on Linux.');
    expect([...container.querySelectorAll('.card__title')].map((t) => t.textContent)).toEqual(['Linux', 'Windows']);
    const out = await compile(rel, text);
    expect(out.errors).toBeUndefined();
    // The compiled page reads no props: they are text in it.
    expect(out.code).not.toContain('props.os');
    expect(withPartialTexts(path.join(site, rel), text, site)).toBe(
      '---\ntitle: Run\n---\n\n\n## Run on Linux\n\nStart it 3 times on Linux.\n\n<Card title="Linux" href="/docs/guides/">The guide.</Card>\n\n' +
        '## Run on Windows\n\nStart it 2 times on Windows.\n\n<Card title="Windows" href="/docs/guides/">The guide.</Card>\n',
    );
  });

  it('renders a partial as its text would render on the page: a component on a line of its own is a block, JSX written as such stays itself', async () => {
    const text = 'Start.\n\n<Card title="Linux" href="/docs/guides/">The guide.</Card>\n\n<a href="/docs/guides/">Plain link</a> {"and text"}\n';
    write('content/docs/1.1/guides/_blocks.mdx', text);
    const inPartial = (await renderPage('content/docs/1.1/guides/blocks.mdx', "---\ntitle: Blocks\n---\n\nimport Blocks from './_blocks.mdx';\n\n<Blocks />\n")).container.innerHTML;
    cleanup();
    const onPage = (await renderPage('content/docs/1.1/guides/inline.mdx', `---\ntitle: Blocks\n---\n\n${text}`)).container.innerHTML;
    expect(inPartial).toBe(onPage);
    expect(onPage).toContain('class="card');
    expect(onPage).not.toMatch(/<p>\s*<div class="card/);
  });

  it('fails props it cannot put in place as text, naming the line, and warns of a prop the partial shows and the page does not give', async () => {
    write('content/docs/1.1/guides/_shout.mdx', 'Shout {props.word.toUpperCase()}.\n');
    write('content/docs/1.1/guides/_then.mdx', 'Then {props.after}.\n');
    const rel = 'content/docs/1.1/guides/shout.mdx';
    const out = await compile(rel, "---\ntitle: Shout\n---\n\nimport Shout from './_shout.mdx';\n\n<Shout word={nowhere} />\n");
    expect(out.errors!.map((e) => `${e.location}: ${e.reason}`)).toEqual([
      expect.stringMatching(/^content\/docs\/1\.1\/guides\/_shout\.mdx:1: a partial reads its props here only as \{props\.name\} alone/),
      expect.stringMatching(/^content\/docs\/1\.1\/guides\/shout\.mdx:7: <Shout word=\{…\}>: a partial's prop is text here: write word="…"/),
    ]);
    const quiet = await compile(rel, "---\ntitle: Shout\n---\n\nimport Then from './_then.mdx';\n\n<Then before=\"hi\" />\n");
    expect(quiet.errors).toBeUndefined();
    expect(quiet.warnings).toEqual([expect.stringMatching(/^content\/docs\/1\.1\/guides\/_then\.mdx:1: <Then> gives no "after", which the partial shows as \{props\.after\}/)]);
  });

  it('fails an import of a site’s own component, and a component no page has, naming the line and what to do', async () => {
    const own = await compile('content/docs/1.1/x.mdx', "---\ntitle: X\n---\n\nText.\n\nimport Hero from '@site/src/components/Hero';\n\n<Hero />\n");
    expect(`${own.errors![0].location}: ${own.errors![0].reason}`).toMatch(/^content\/docs\/1\.1\/x\.mdx:7: import … from '@site\/src\/components\/Hero': pages here cannot import code .*write it in Markdown, or use the components every page has/);
    const unknown = await compile('content/docs/1.1/y.mdx', '---\ntitle: Y\n---\n\nText.\n\n<AssetsProvider>\n\nInside.\n\n</AssetsProvider>\n');
    expect(`${unknown.errors![0].location}: ${unknown.errors![0].reason}`).toMatch(/^content\/docs\/1\.1\/y\.mdx:7: <AssetsProvider> is not a component this site has/);
    const missing = await compile('content/docs/1.1/z.mdx', "---\ntitle: Z\n---\n\nimport Gone from './_gone.mdx';\n\n<Gone />\n");
    expect(`${missing.errors![0].location}: ${missing.errors![0].reason}`).toMatch(/^content\/docs\/1\.1\/z\.mdx:5: import … from '\.\/_gone\.mdx': no file content\/docs\/1\.1\/_gone\.mdx/);
    // A component the page declares itself is its own to use.
    const declared = await compile('content/docs/1.1/w.mdx', '---\ntitle: W\n---\n\nexport const Hi = () => <b>hi</b>;\n\n<Hi />\n');
    expect(declared.errors).toBeUndefined();
  });

  it('serves a page’s images under a name of their content, sized, lazy below the first blocks, from the page’s folder, a partial’s or public/', async () => {
    const text =
      "---\ntitle: Enable\n---\n\nimport Shot from '../_shared/deep/_shot.mdx';\n\n![The enable screen](./enable.png)\n\nOne.\n\nTwo.\n\nThree.\n\n![The share list](../images/later.png)\n\n<img src=\"/img/logo.png\" alt=\"The logo\" />\n\n<Shot />\n";
    const { container } = await renderPage('content/docs/1.1/guides/enable.mdx', text);
    const shown = [...container.querySelectorAll('img')].map((i) => [i.getAttribute('src'), i.getAttribute('alt'), i.getAttribute('width'), i.getAttribute('height'), i.getAttribute('loading')]);
    expect(shown).toEqual([
      [expect.stringMatching(/^\/assets\/img\/enable\.[0-9a-f]{10}\.png$/), 'The enable screen', '640', '360', null],
      [expect.stringMatching(/^\/assets\/img\/later\.[0-9a-f]{10}\.png$/), 'The share list', '320', '200', 'lazy'],
      [expect.stringMatching(/^\/assets\/img\/logo\.[0-9a-f]{10}\.png$/), 'The logo', '48', '48', 'lazy'],
      [shown[1][0], 'The share list', '320', '200', 'lazy'],
    ]);
    const out = await compile('content/docs/1.1/guides/enable.mdx', text);
    expect(out.images!.map((i) => [path.relative(site, i.file), i.src])).toEqual([
      ['content/docs/1.1/guides/enable.png', './enable.png'],
      ['content/docs/1.1/images/later.png', '../images/later.png'],
      ['public/img/logo.png', '/img/logo.png'],
      ['content/docs/1.1/images/later.png', '../../images/later.png'],
    ]);
  });

  it('fails a missing image and one without alt text, naming the line', async () => {
    const missing = await compile('content/docs/1.1/m.mdx', '---\ntitle: M\n---\n\nText.\n\n![A screen](./nope.png)\n');
    expect(`${missing.errors![0].location}: ${missing.errors![0].reason}`).toBe('content/docs/1.1/m.mdx:7: image "./nope.png" not found: no file content/docs/1.1/nope.png');
    const publicMissing = await compile('content/docs/1.1/p.mdx', '---\ntitle: P\n---\n\n<img src="/img/nope.png" alt="x" />\n');
    expect(`${publicMissing.errors![0].location}: ${publicMissing.errors![0].reason}`).toMatch(/^content\/docs\/1\.1\/p\.mdx:5: image "\/img\/nope\.png" not found: no file public\/img\/nope\.png \(a path starting with \/ is looked for in public\/\)/);
    const noAlt = await compile('content/docs/1.1/guides/a.mdx', '---\ntitle: A\n---\n\n![](./enable.png)\n');
    expect(`${noAlt.errors![0].location}: ${noAlt.errors![0].reason}`).toMatch(/^content\/docs\/1\.1\/guides\/a\.mdx:5: image "\.\/enable\.png" has no alt text/);
  });

  it('names every problem of a page at once, each with its line, a partial’s in the partial', async () => {
    // Its links are relative to its own folder: ./tunnels.mdx is concepts/tunnels.mdx.
    write('content/docs/1.1/concepts/_broken-step.mdx', 'Read [tunnels](./tunnels.mdx).\n\nSee [the gone page](./gone.mdx).\n');
    const rel = 'content/docs/1.1/guides/many.mdx';
    const text = [
      '---', 'title: Many', '---', '', "import Step from '../concepts/_broken-step.mdx';", '',
      'Read [the install guide](./instal.mdx).', '', '![A screen](./nope.png)', '', '<Hero />', '', ':::notice', 'Hm.', ':::', '', '<Step />', '',
      '![](./enable.png)', '',
    ].join('\n');
    const links = { from: { version: '1.1', relPath: 'guides/many.mdx' }, versions: [versionRoutes({ name: '1.1', pathPrefix: '' }, [{ relPath: 'guides/install.mdx' }, { relPath: 'guides/many.mdx' }, { relPath: 'concepts/tunnels.mdx' }], [])] };
    const out = await compilePage({ path: path.join(site, rel), source: rel, relPath: 'guides/many.mdx', text, development: false, withDoc: true, links });
    expect(out.errors!.map((e) => `${e.location}: ${e.reason}`)).toEqual([
      expect.stringMatching(/^content\/docs\/1\.1\/concepts\/_broken-step\.mdx:3: broken link \.\/gone\.mdx: no page file concepts\/gone\.mdx in version 1\.1/),
      'content/docs/1.1/guides/many.mdx:7: broken link ./instal.mdx: no page file guides/instal.mdx in version 1.1 (did you mean ./install.mdx?)',
      'content/docs/1.1/guides/many.mdx:9: image "./nope.png" not found: no file content/docs/1.1/guides/nope.png',
      expect.stringMatching(/^content\/docs\/1\.1\/guides\/many\.mdx:11: <Hero> is not a component this site has/),
      expect.stringMatching(/^content\/docs\/1\.1\/guides\/many\.mdx:13: unknown admonition ":::notice"/),
      expect.stringMatching(/^content\/docs\/1\.1\/guides\/many\.mdx:19: image "\.\/enable\.png" has no alt text/),
    ]);
  });

  it('writes a page’s images into its Markdown copy as full URLs', () => {
    const images = [{ file: '/x/enable.png', url: '/assets/img/enable.0123456789.png', src: './enable.png', alt: 'The enable screen' }];
    expect(withImageUrls('# T\n\n![The enable screen](./enable.png)\n\n<img src="./enable.png" alt="x" />\n', images, 'https://docs.example.com/zrok-docs')).toBe(
      '# T\n\n![The enable screen](https://docs.example.com/zrok-docs/assets/img/enable.0123456789.png)\n\n<img src="https://docs.example.com/zrok-docs/assets/img/enable.0123456789.png" alt="x" />\n',
    );
  });

  it('puts a partial’s text in the page’s Markdown copy where the page shows it, outside code blocks', () => {
    write('content/docs/1.1/guides/_outer.mdx', "---\nsidebar_position: 9\n---\n\nimport Support from '../_shared/_support.md';\n\nBefore support.\n\n<Support />\n");
    const text =
      "---\ntitle: Copy\n---\n\nimport Tabs from '@theme/Tabs';\nimport Outer from './_outer.mdx';\nimport Steps from './_install-steps.mdx';\n\n## Start\n\n<Outer />\n\nThen <Steps/> and done.\n\n```mdx\n<Outer />\n```\n";
    expect(withPartialTexts(path.join(site, 'content/docs/1.1/guides/copy.mdx'), text, site)).toBe(
      "---\ntitle: Copy\n---\n\nimport Tabs from '@theme/Tabs';\n\n## Start\n\nBefore support.\n\nAsk on the forum.\n\n" +
        'Then ## Install the binary\n\nDownload it, then run `zrok version`.\n\n:::tip Checked\nThe version prints.\n::: and done.\n\n```mdx\n<Outer />\n```\n',
    );
  });

  it('reads a .md page as MDX, as Docusaurus does by default: its imports and components work', async () => {
    const out = await compile('content/docs/1.1/os.md', "---\ntitle: OS\n---\n\nimport Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n<Tabs>\n<TabItem value=\"a\" label=\"A\">\n\nIn A.\n\n</TabItem>\n</Tabs>\n");
    expect(out.errors).toBeUndefined();
    // The import is read (not left as a line of text), and Tabs is the page's component.
    expect(out.code).not.toContain('@theme/Tabs');
    expect(out.code).toMatch(/_jsxs?\(Tabs,/);
  });

  it('knows every component a page has by the name the compiler checks', () => {
    expect(Object.keys(mdxComponents).filter((k) => /^[A-Z]/.test(k)).sort()).toEqual([...PAGE_COMPONENTS].sort());
    // The dev server keeps every other element's subtree as HTML (dev-inner-html.ts).
    expect(Object.keys(mdxComponents).filter((k) => /^[a-z]/.test(k)).sort()).toEqual([...PAGE_ELEMENTS].sort());
  });
});

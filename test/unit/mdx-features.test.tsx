// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, fireEvent, within, act, cleanup } from '@testing-library/react';
import { renderMdx } from './render-mdx.tsx';
import { readDocSource, scanDocSource } from '../../src/builder/pages/doc-source.ts';
import compilePage from '../../src/builder/pages/mdx-compile-worker.ts';

describe('MDX features', () => {
  it('gives headings stable ids, with {#custom-id} overrides and de-duplicated slugs', async () => {
    const { container } = await renderMdx('## Installing the zrok Command\n\n## Reserved Shares\n\n### Reserved Shares\n\n## Global Limits {#global-resouce-count-limits}\n');
    expect([...container.querySelectorAll('h2, h3')].map((h) => h.id)).toEqual(['installing-the-zrok-command', 'reserved-shares', 'reserved-shares-1', 'global-resouce-count-limits']);
    expect(screen.getByRole('heading', { name: 'Global Limits' })).toBeTruthy();
  });

  it('puts a link to itself beside each h2–h4, named after the heading, which keeps its own name', async () => {
    const { container } = await renderMdx('## Install `zrok`\n\n### Step one {#first}\n\n#### Deep\n\n##### Deeper\n');
    expect([...container.querySelectorAll('.hash-link')].map((a) => `${a.getAttribute('href')} ${a.getAttribute('aria-label')}`)).toEqual([
      '#install-zrok Direct link to Install zrok',
      '#first Direct link to Step one',
      '#deep Direct link to Deep',
    ]);
    expect(screen.getByRole('heading', { name: 'Install zrok', level: 2 })).toBeTruthy();
    expect(container.querySelector('h2')!.textContent).toBe('Install zrok');
  });

  it('renders admonitions with and without a title', async () => {
    await renderMdx(':::warning[Keep it secret]\nThe token is a password.\n:::\n\n:::tip\nUse `zrok status`.\n:::\n');
    const warning = screen.getByText('Keep it secret').closest('.admonition') as HTMLElement;
    expect(warning.className).toContain('admonition--warning');
    expect(within(warning).getByText('The token is a password.')).toBeTruthy();
    expect(screen.getByText('Tip').closest('.admonition--tip')).toBeTruthy();
  });

  it('reads every Docusaurus admonition keyword, and a title after a space as Docusaurus does', async () => {
    const { container } = await renderMdx(
      ':::info v2.0 feature\nNew in 2.0.\n:::\n\n> :::note In a quote\n> Quoted.\n> :::\n\n:::caution\nCareful.\n:::\n\n' +
        ':::secondary\nAside.\n:::\n\n:::important[Read [this] first]\nFirst.\n:::\n\n:::success Done [really]\nYes.\n:::\n\n:::danger\nNo.\n:::\n\n```markdown\n:::tip Not an admonition\n```\n',
    );
    const shown = [...container.querySelectorAll('.admonition')].map((a) => `${a.className.replace('admonition admonition--', '')}: ${a.querySelector('.admonition__heading')!.textContent} / ${a.querySelector('.admonition__body')!.textContent}`);
    expect(shown).toEqual([
      'info: v2.0 feature / New in 2.0.',
      'note: In a quote / Quoted.',
      'warning: Caution / Careful.',
      'note: Secondary / Aside.',
      'info: Read [this] first / First.',
      'tip: Done [really] / Yes.',
      'danger: Danger / No.',
    ]);
    expect([...container.querySelectorAll('p')].map((p) => p.textContent).join(' ')).not.toContain(':::');
    expect(container.querySelector('pre')!.textContent).toBe(':::tip Not an admonition');
    cleanup(); // its code block's buttons would be found by the tests that follow
  });

  it('leaves stray colons in prose alone', async () => {
    const { container } = await renderMdx('Listen on port:8080 at 10:30 and see the note:here today.\n');
    expect(container.textContent).toContain('Listen on port:8080 at 10:30 and see the note:here today.');
  });

  it('highlights code at build time, with a title, highlighted lines and a copy button', async () => {
    const { container } = await renderMdx('```yaml title="ctrl.yml" {2}\nv: 4\nadmin:\n  secrets: []\n```\n');
    expect(screen.getByText('ctrl.yml').className).toContain('code-block__title');
    const pre = container.querySelector('pre.shiki')!;
    expect(pre.querySelectorAll('.line')).toHaveLength(3);
    expect(pre.querySelectorAll('.line.highlighted')).toHaveLength(1);
    expect(pre.querySelector('span[style*="--shiki-dark"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Copy code to clipboard' })).toBeTruthy();
  });

  it('draws a mermaid diagram at build time and keeps its source readable', async () => {
    const { container } = await renderMdx('```mermaid title="Account and environment"\ngraph TD\n  account-->environment\n```\n');
    expect(screen.getByRole('img', { name: 'Account and environment' }).tagName.toLowerCase()).toBe('svg');
    expect(container.querySelector('.diagram__source code')?.textContent).toContain('account-->environment');
  });

  it('switches every tab group with the same groupId together', async () => {
    await renderMdx(
      '<Tabs groupId="os">\n<TabItem value="linux" label="Linux">\n\nLinux one\n\n</TabItem>\n<TabItem value="macos" label="macOS">\n\nmacOS one\n\n</TabItem>\n</Tabs>\n\n' +
        '<Tabs groupId="os">\n<TabItem value="linux" label="Linux">\n\nLinux two\n\n</TabItem>\n<TabItem value="macos" label="macOS">\n\nmacOS two\n\n</TabItem>\n</Tabs>\n',
    );
    const panelOf = (text: string) => screen.getByText(text).closest('[role="tabpanel"]') as HTMLElement;
    expect(panelOf('Linux one').hidden).toBe(false);
    expect(panelOf('macOS two').hidden).toBe(true);
    act(() => {
      fireEvent.click(screen.getAllByRole('tab', { name: 'macOS' })[0]);
    });
    expect(panelOf('macOS one').hidden).toBe(false);
    expect(panelOf('macOS two').hidden).toBe(false);
    expect(panelOf('Linux two').hidden).toBe(true);
  });

  it('renders GFM tables, task lists, details and link cards', async () => {
    const { container } = await renderMdx(
      '| Key | Default |\n|---|---|\n| `address` | `0.0.0.0:8080` |\n\n- [x] done\n- [ ] open\n\n<details>\n<summary>Full output</summary>\n\nLots of lines.\n\n</details>\n\n<Cards>\n<Card title="Install" href="/docs/guides/install/">Packages for every OS.</Card>\n</Cards>\n',
    );
    expect(screen.getByRole('table')).toBeTruthy();
    expect(container.querySelectorAll('input[type="checkbox"]')).toHaveLength(2);
    expect(container.querySelector('details summary')?.textContent).toBe('Full output');
    expect(screen.getByRole('link', { name: 'Install' }).getAttribute('href')).toBe('/docs/guides/install/');
  });

  it('labels each cell of a table of up to four columns with its column header, and leaves wider tables alone', async () => {
    const { container } = await renderMdx(
      '| Flag | `--backend-mode` values | Default |\n|---|---|---|\n| `--insecure` | proxy, web | off |\n| `--headless` | any |\n\n| A | B | C | D | E |\n|---|---|---|---|---|\n| 1 | 2 | 3 | 4 | 5 |\n',
    );
    const [narrow, wide] = container.querySelectorAll('table');
    expect(narrow.className).toMatch(/^table--reflow table--cards-below-\d+$/);
    expect(within(narrow).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Flag', '--backend-mode values', 'Default']);
    const labels = [...narrow.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => `${td.dataset.label}: ${td.textContent}`));
    // A row shorter than the header gets an empty cell, labelled too.
    expect(labels).toEqual([
      ['Flag: --insecure', '--backend-mode values: proxy, web', 'Default: off'],
      ['Flag: --headless', '--backend-mode values: any', 'Default: '],
    ]);
    expect(within(narrow).getAllByRole('cell')).toHaveLength(6);
    expect(wide.className).toBe('');
    expect(container.querySelectorAll('table:not(.table--reflow) [data-label]')).toHaveLength(0);
  });

  it('keeps each word of a table cell that holds a hyphen, slash or dot on one line, code included, and its text as written', async () => {
    const { container } = await renderMdx('| Setting | Meaning |\n|---|---|\n| `--oauth-provider github` | Sign-in through https://oauth.example.com/github, then back. |\n');
    const words = [...container.querySelectorAll('td .table-word')].map((w) => w.textContent);
    expect(words).toEqual(['--oauth-provider', 'Sign-in', 'https://oauth.example.com/github']);
    expect(container.querySelector('td code')!.textContent).toBe('--oauth-provider github');
    expect([...container.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['--oauth-provider github', 'Sign-in through https://oauth.example.com/github, then back.']);
    expect(container.querySelectorAll('p .table-word')).toHaveLength(0);
  });

  it('names the column width below which a table reads as blocks: more for long words and prose than for short cells', async () => {
    const stepOf = (t: Element) => Number(/table--cards-below-(\d+)/.exec(t.className)![1]);
    const { container } = await renderMdx(
      '| Arch | CPU |\n|---|---|\n| `amd64` | x86_64 |\n\n| Key | Meaning |\n|---|---|\n| `events.jsonLogger.handler.path` | Where the file of events is written, as an absolute path on the controller host. |\n',
    );
    const [short, long] = container.querySelectorAll('table');
    expect(stepOf(short)).toBeLessThanOrEqual(240);
    expect(stepOf(long)).toBeGreaterThanOrEqual(400);
  });

  it('marks in code each word a browser could break inside, keeps the code as written, and marks a block of one line', async () => {
    const code = 'zrok share public --backend-mode web http://127.0.0.1:8080';
    const { container } = await renderMdx(`\`\`\`bash\n${code}\n\`\`\`\n\n\`\`\`yaml\nv: 4\nname: "my-share"\n\`\`\`\n`);
    const [one, two] = container.querySelectorAll('.code-block');
    expect([...one.querySelectorAll('.code-word')].map((w) => w.textContent)).toEqual(['--backend-mode', 'http://127.0.0.1:8080']);
    expect(one.querySelector('pre')!.textContent).toBe(code);
    expect(one.classList.contains('code-block--one-line')).toBe(true);
    expect([...two.querySelectorAll('.code-word')].map((w) => w.textContent)).toEqual(['"my-share"']);
    expect(two.classList.contains('code-block--one-line')).toBe(false);
  });

  it('opens external links in a new tab and keeps internal ones client-side', async () => {
    await renderMdx('[repo](https://github.com/openziti/zrok) and [concepts](/docs/concepts/)\n');
    expect(screen.getByRole('link', { name: 'repo' }).getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'concepts' }).getAttribute('target')).toBeNull();
  });

  it('highlights console, shell-session and cmd blocks, and shows a language shiki does not know as plain text with a warning', async () => {
    const { container } = await renderMdx('```console\n$ zrok status\n```\n\n```shell-session\n$ zrok version\n```\n\n```cmd\nset ZROK_API_ENDPOINT=x\n```\n\n```klingon\nQapla <x>\n```\n');
    const blocks = [...container.querySelectorAll('.code-block')];
    expect(blocks.map((b) => b.getAttribute('data-lang'))).toEqual(['console', 'shell-session', 'cmd', 'klingon']);
    // shiki colours a known language's tokens; the unknown block is one plain run of text, as written.
    for (const b of blocks.slice(0, 3)) expect(b.querySelectorAll('pre span[style*="--shiki-light"]').length).toBeGreaterThan(1);
    expect(blocks[3].querySelector('pre')!.textContent).toBe('Qapla <x>');
    const out = await compilePage({ path: '/x/page.mdx', source: 'content/docs/1.1/page.mdx', relPath: 'page.mdx', text: '---\ntitle: T\n---\n\nText.\n\n```klingon\nx\n```\n', development: false, withDoc: true });
    expect(out.errors).toBeUndefined();
    expect(out.warnings).toEqual(['content/docs/1.1/page.mdx:7: code fence language "klingon" is not highlighted: the block is shown as plain text (write text, or a language shiki knows)']);
    cleanup();
  });

  it('takes a page’s title from its first h1 when front matter has none, and leaves that h1 out of the body', async () => {
    const untitled = '---\nsidebar_position: 2\n---\n\n# Sharing a folder\n\nIntro.\n\n## Steps\n';
    const { container } = await renderMdx(untitled);
    expect(container.querySelectorAll('h1')).toHaveLength(0);
    expect(container.querySelector('h2')!.id).toBe('steps');
    const out = await compilePage({ path: '/x/share.md', source: 'content/docs/1.1/share.md', relPath: 'share.md', text: untitled, development: false, withDoc: true });
    expect(out.doc).toMatchObject({ firstHeading: 'Sharing a folder', toc: [{ depth: 2, id: 'steps', text: 'Steps' }] });
    cleanup();
    // With a title in front matter, an h1 in the body is the writer's own and stays.
    const titled = await renderMdx('---\ntitle: Sharing\n---\n\n# Sharing a folder\n\nIntro.\n');
    expect(titled.container.querySelector('h1')!.textContent).toBe('Sharing a folder');
    cleanup();
  });

  it('accepts the front matter keys Docusaurus knows, and warns of another with its line and the nearest known key', async () => {
    const text = '---\ntitle: T\nid: t\ntags: [a]\nsidebar_postion: 3\npagination_label: Tee\nflavour: mint\nsidebar_title: Tea\n---\n\nText.\n';
    const out = await compilePage({ path: '/x/t.mdx', source: 'content/docs/1.1/t.mdx', relPath: 't.mdx', text, development: false, withDoc: true });
    expect(out.errors).toBeUndefined();
    expect(out.warnings).toEqual([
      'content/docs/1.1/t.mdx:5: unknown front matter key "sidebar_postion" is ignored: did you mean "sidebar_position"?',
      expect.stringMatching(/^content\/docs\/1\.1\/t\.mdx:7: unknown front matter key "flavour" is ignored \(known keys: title, /),
      'content/docs/1.1/t.mdx:8: unknown front matter key "sidebar_title" is ignored: did you mean "sidebar_label"?',
    ]);
    const draft = await compilePage({ path: '/x/d.mdx', source: 'content/docs/1.1/d.mdx', relPath: 'd.mdx', text: '---\ntitle: D\ndraft: true\n---\n\nText.\n', development: false, withDoc: true });
    expect(draft.warnings).toEqual([expect.stringMatching(/^content\/docs\/1\.1\/d\.mdx:3: "draft: true" is not read here: the page is published/)]);
  });

  it('fails an unknown admonition', async () => {
    await expect(renderMdx(':::cuation\nx\n:::\n')).rejects.toThrow(/unknown admonition ":::cuation"/);
  });
});

describe('reading pages for the manifest', () => {
  it('reads front matter and the h2–h3 table of contents', () => {
    const d = readDocSource('content/docs/7.1/x.mdx', 'x.mdx', '---\ntitle: X\nsidebar_position: 3\n---\n\n## One\n\n### Two\n\n#### Three\n\n## One\n');
    expect(d.frontMatter).toEqual({ title: 'X', sidebar_position: 3 });
    expect(d.toc).toEqual([
      { depth: 2, id: 'one', text: 'One' },
      { depth: 3, id: 'two', text: 'Two' },
      { depth: 2, id: 'one-1', text: 'One' },
    ]);
  });

  it('names file and line for malformed front matter and MDX syntax errors', () => {
    expect(() => readDocSource('content/docs/7.1/bad.mdx', 'bad.mdx', '---\ntitle: [unclosed\n---\n')).toThrow(/content\/docs\/7\.1\/bad\.mdx:\d+: malformed front matter/);
    expect(() => readDocSource('content/docs/7.1/bad.mdx', 'bad.mdx', '---\nsidebar_position: first\n---\n')).toThrow(/sidebar_position" must be a number/);
    expect(() => readDocSource('content/docs/7.1/bad.mdx', 'bad.mdx', '---\ntitle: A\n---\n\nText\n\n<Tabs>\n\nunclosed\n')).toThrow(/content\/docs\/7\.1\/bad\.mdx:7: MDX syntax error/);
  });

  it('reads front matter alone for the dev server’s start, exactly as the parser does', () => {
    const texts = ['---\ntitle: X\nsidebar_position: 3\ndescription: "a: b"\n---\n\n## One\n', '---\r\ntitle: Windows\r\n---\r\n\r\nText\r\n', '---\ntitle: Only front matter\n---'];
    for (const text of texts) {
      const scanned = scanDocSource('content/docs/7.1/x.mdx', 'x.mdx', text);
      expect(scanned.toc).toBeUndefined();
      expect(scanned.frontMatter).toEqual(readDocSource('content/docs/7.1/x.mdx', 'x.mdx', text).frontMatter);
    }
    // The title comes from the first heading: only the parser gets it right, so it parses.
    const untitled = scanDocSource('content/docs/7.1/x.mdx', 'x.mdx', '---\nsidebar_position: 1\n---\n\n```md\n# Not this\n```\n\n# The `zrok` CLI {#cli}\n\n## Usage\n');
    expect(untitled).toMatchObject({ firstHeading: 'The zrok CLI', toc: [{ depth: 2, id: 'usage', text: 'Usage' }] });
    expect(() => scanDocSource('content/docs/7.1/bad.mdx', 'bad.mdx', '---\ntitle: [unclosed\n---\n')).toThrow(/content\/docs\/7\.1\/bad\.mdx:\d+: malformed front matter/);
  });
});

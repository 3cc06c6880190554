// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compile, evaluate } from '@mdx-js/mdx';
import * as runtime from 'react/jsx-runtime';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { VFile } from 'vfile';
import { mdxCompileOptions } from '../../src/builder/pages/mdx-options.ts';
import { problemsOf } from '../../src/builder/pages/page-problems.ts';
import { preprocessMdx } from '../../src/builder/pages/mdx-preprocess.ts';
import { mdxComponents } from '../../src/mdx/components.tsx';
import { MarkdownBody } from '../../src/theme/MarkdownBody.tsx';
import { useSettings } from '../../src/store/settings.ts';

const file = (source: string) => new VFile({ path: 'page.mdx', value: preprocessMdx(source) });

async function isMarkedStatic(source: string): Promise<boolean> {
  const page = file(source);
  const { staticBody } = await evaluate(page, { ...mdxCompileOptions, ...runtime, development: false } as never);
  const problems = problemsOf(page, 'page.mdx');
  if (problems.length) throw new Error(problems.map((p) => p.reason).join('\n'));
  return staticBody === true;
}

const PAGE =
  '## Install\n\nSee [concepts](/docs/concepts/) and [the section](#install).\n\n' +
  '<Tabs groupId="os">\n<TabItem value="linux" label="Linux">\n\nLinux one\n\n</TabItem>\n<TabItem value="macos" label="macOS">\n\nmacOS one\n\n</TabItem>\n</Tabs>\n\n' +
  '<Tabs groupId="os">\n<TabItem value="linux" label="Linux">\n\nLinux two\n\n</TabItem>\n<TabItem value="macos" label="macOS">\n\nmacOS two\n\n</TabItem>\n</Tabs>\n\n' +
  '<Tabs>\n<TabItem value="a" label="Alone A">\n\nA panel\n\n</TabItem>\n<TabItem value="b" label="Alone B">\n\nB panel\n\n</TabItem>\n</Tabs>\n\n' +
  '```bash\nzrok enable <token>\n```\n';

/** The page's body as the prerender wrote it: rendered once, its HTML taken, the rendering thrown away. */
async function prerenderedHtml(source: string): Promise<string> {
  const { default: Content } = await evaluate(file(source), { ...mdxCompileOptions, ...runtime, development: false } as never);
  const { container, unmount } = render(
    <MemoryRouter>
      <MarkdownBody staticBody>
        <Content components={mdxComponents} />
      </MarkdownBody>
    </MemoryRouter>,
  );
  const html = container.querySelector('.markdown')!.innerHTML;
  unmount();
  return html;
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

afterEach(() => {
  cleanup();
  act(() => useSettings.setState({ tabChoices: {}, codeWrap: null }));
});

describe('which page bodies need no script', () => {
  it('marks Markdown with code, tabs, admonitions, cards, drawn diagrams and HTML', async () => {
    expect(await isMarkedStatic(PAGE)).toBe(true);
    expect(await isMarkedStatic(':::tip\nUse it.\n:::\n\n<details>\n<summary>More</summary>\n\nText\n\n</details>\n\n<Cards>\n<Card title="Install" href="/docs/x/">Go.</Card>\n</Cards>\n')).toBe(true);
    expect(await isMarkedStatic('```mermaid title="Flow"\ngraph TD\n  a-->b\n```\n')).toBe(true);
    expect(await isMarkedStatic('{/* a note to writers */}\n\nText {/* inline */} here.\n')).toBe(true);
  });

  it('does not mark a page with code of its own or a diagram drawn in the browser, and fails an unknown component', async () => {
    expect(await isMarkedStatic('export const n = 1\n\nText\n')).toBe(false);
    expect(await isMarkedStatic('Two is {1 + 1}.\n')).toBe(false);
    expect(await isMarkedStatic('<Tabs groupId={"os"}>\n<TabItem value="a">\n\nA\n\n</TabItem>\n</Tabs>\n')).toBe(false);
    await expect(isMarkedStatic('<Boom />\n')).rejects.toThrow(/<Boom> is not a component this site has/);
    expect(await isMarkedStatic('export const Boom = () => null;\n\n<Boom />\n')).toBe(false);
    expect(await isMarkedStatic('```mermaid title="Share"\npie\n  "public" : 70\n  "private" : 30\n```\n')).toBe(false);
  });

  it('adds one export to the module and nothing else', async () => {
    const code = String(await compile(file('Text\n'), { ...mdxCompileOptions, development: false }));
    expect(code.match(/export const staticBody = true/g)).toHaveLength(1);
  });
});

describe('a prerendered body kept as HTML', () => {
  async function renderKept() {
    const html = await prerenderedHtml(PAGE);
    return render(
      <MemoryRouter initialEntries={['/docs/install/']}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <Where />
                <MarkdownBody staticBody html={html} />
              </>
            }
          />
        </Routes>
      </MemoryRouter>,
    );
  }
  const panelOf = (text: string) => screen.getByText(text).closest('[role="tabpanel"]') as HTMLElement;

  it('switches tab groups sharing an id together, by click, arrow, Home and End keys, and a lone group alone', async () => {
    const { container } = await renderKept();
    expect(container.querySelector('.markdown')?.hasAttribute('data-static-body')).toBe(true);
    expect(panelOf('macOS two').hidden).toBe(true);
    act(() => {
      fireEvent.click(screen.getAllByRole('tab', { name: 'macOS' })[0]);
    });
    expect(panelOf('macOS one').hidden).toBe(false);
    expect(panelOf('macOS two').hidden).toBe(false);
    expect(panelOf('Linux two').hidden).toBe(true);
    expect(screen.getAllByRole('tab', { name: 'macOS' })[1].getAttribute('aria-selected')).toBe('true');
    expect(useSettings.getState().tabChoices.os).toBe('macos');

    act(() => {
      fireEvent.keyDown(screen.getByRole('tab', { name: 'Alone A' }), { key: 'ArrowRight' });
    });
    expect(panelOf('B panel').hidden).toBe(false);
    expect(panelOf('A panel').hidden).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Alone B' }));
    act(() => {
      fireEvent.keyDown(screen.getByRole('tab', { name: 'Alone B' }), { key: 'Home' });
    });
    expect(panelOf('A panel').hidden).toBe(false);
    act(() => {
      fireEvent.keyDown(screen.getByRole('tab', { name: 'Alone A' }), { key: 'End' });
    });
    expect(panelOf('B panel').hidden).toBe(false);
    act(() => {
      fireEvent.keyDown(screen.getByRole('tab', { name: 'Alone B' }), { key: 'x' });
    });
    expect(panelOf('B panel').hidden).toBe(false);
    expect(panelOf('Linux one').hidden).toBe(true);
  });

  it("shows the reader's stored tab choice, and follows a choice made elsewhere", async () => {
    act(() => useSettings.setState({ tabChoices: { os: 'macos' } }));
    await renderKept();
    expect(panelOf('macOS one').hidden).toBe(false);
    act(() => useSettings.getState().chooseTab('os', 'linux'));
    expect(panelOf('Linux two').hidden).toBe(false);
    expect(panelOf('macOS two').hidden).toBe(true);
  });

  it('copies a code block and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderKept();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy code to clipboard' }));
    });
    expect(writeText).toHaveBeenCalledWith('zrok enable <token>');
    expect(screen.getByRole('button', { name: 'Copied' }).hasAttribute('data-copied')).toBe(true);
  });

  it("wraps every code block from any block's button, once the stored settings are read, and shows it on each button", async () => {
    const source = `${PAGE}\n\`\`\`yaml\nv: 4\nendpoint: http://127.0.0.1:18080\n\`\`\`\n`;
    const html = await prerenderedHtml(source);
    render(
      <MemoryRouter>
        <MarkdownBody staticBody html={html} />
      </MemoryRouter>,
    );
    const buttons = screen.getAllByRole('button', { name: 'Wrap long lines' });
    expect(buttons).toHaveLength(2);
    await act(() => useSettings.persist.rehydrate());
    // No choice yet: the screen decides (jsdom's is wide, so the blocks scroll).
    expect(document.documentElement.dataset.codeWrap).toBe('auto');
    expect(buttons.map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'false']);
    act(() => {
      fireEvent.click(buttons[1]);
    });
    expect(useSettings.getState().codeWrap).toBe(true);
    expect(document.documentElement.dataset.codeWrap).toBe('on');
    expect(buttons.map((b) => b.getAttribute('aria-pressed'))).toEqual(['true', 'true']);
    act(() => {
      fireEvent.click(buttons[0]);
    });
    expect(buttons.map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'false']);
    expect(document.documentElement.dataset.codeWrap).toBe('off');
  });

  it('gives an internal link to the router and leaves a link to the same page to the browser', async () => {
    await renderKept();
    act(() => {
      fireEvent.click(screen.getByRole('link', { name: 'the section' }));
    });
    expect(screen.getByTestId('where').textContent).toBe('/docs/install/');
    act(() => {
      fireEvent.click(screen.getByRole('link', { name: 'concepts' }));
    });
    expect(screen.getByTestId('where').textContent).toBe('/docs/concepts/');
  });
});

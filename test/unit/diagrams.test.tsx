// @vitest-environment jsdom
/**
 * Diagrams drawn at build time (src/builder/diagrams/remark-mermaid.ts, diagram-svg.ts): what the compiler
 * makes of a ```mermaid fence, and how it fails.
 */
import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { evaluate } from '@mdx-js/mdx';
import { VFile } from 'vfile';
import { mdxCompileOptions } from '../../src/builder/pages/mdx-options.ts';
import { preprocessMdx } from '../../src/builder/pages/mdx-preprocess.ts';
import * as runtime from 'react/jsx-runtime';
import compilePage from '../../src/builder/pages/mdx-compile-worker.ts';
import { diagramTitle } from '../../src/builder/diagrams/remark-mermaid.ts';
import { drawDiagram } from '../../src/builder/diagrams/diagram-svg.ts';
import { mdxComponents } from '../../src/mdx/components.tsx';
import { narrowSource, wrapLabel } from '../../src/builder/diagrams/narrow-layout.ts';
import { wideFrom } from '../../src/mdx/Diagram.tsx';

const page = (body: string) => `---\ntitle: Diagrams\n---\n\nSome text.\n\n${body}`;

async function compile(body: string, development = false) {
  const source = 'content/docs/7.1/diagrams.mdx';
  return compilePage({ path: `/site/${source}`, source, relPath: 'diagrams.mdx', text: page(body), development, withDoc: false });
}

/** The page's body as the server renders it, and what the compiler reported. */
async function html(body: string) {
  const out = await compile(body);
  expect(out.errors).toBeUndefined();
  const file = new VFile({ path: 'diagrams.mdx', value: preprocessMdx(page(body)) });
  const { default: Content } = await evaluate(file, { ...mdxCompileOptions, ...runtime, development: false } as never);
  return { out, html: renderToString(<Content components={mdxComponents} />) };
}

describe('diagrams drawn at build time', () => {
  it('draws a flowchart into an inline SVG: named, sized, text as text, theme colours only, with its source', async () => {
    const { html: h } = await html('```mermaid title="Sharing flow"\nflowchart LR\n  A["zrok share"] --> B["OpenZiti"]\n```\n');
    const doc = new DOMParser().parseFromString(h, 'text/html');
    const svg = doc.querySelector('figure svg')!;
    expect(svg.getAttribute('role')).toBe('img');
    expect(svg.getAttribute('aria-label')).toBe('Sharing flow');
    expect(svg.getAttribute('viewBox')).toMatch(/^0 0 \d+ \d+$/);
    expect(Number(svg.getAttribute('width'))).toBeGreaterThan(100);
    expect(Number(svg.getAttribute('height'))).toBeGreaterThan(20);
    expect([...svg.querySelectorAll('text')].map((t) => t.textContent)).toEqual(expect.arrayContaining(['zrok share', 'OpenZiti']));
    expect(svg.querySelector('style, foreignObject, script')).toBeNull();
    const colours = [...h.matchAll(/(?:fill|stroke)="([^"]+)"/g)].map((m) => m[1]).filter((c) => c !== 'none');
    expect(colours.length).toBeGreaterThan(0);
    for (const c of colours) expect(c).toMatch(/^var\(--diagram-[a-z-]+\)$/);
    const figure = doc.querySelector('figure')!;
    expect(figure.getAttribute('tabindex')).toBe('0');
    expect(figure.getAttribute('aria-label')).toBe('Diagram: Sharing flow');
    expect(doc.querySelector('details summary')?.textContent).toBe('Diagram source');
    expect(doc.querySelector('details code')?.textContent).toContain('A["zrok share"] --> B["OpenZiti"]');
    expect(h).not.toMatch(/mermaid/i);
  });

  it('takes the title from the fence or from a %% title: line', () => {
    expect(diagramTitle('title="OAuth login flow"', 'flowchart LR')).toBe('OAuth login flow');
    expect(diagramTitle("title='Single quotes'", 'flowchart LR')).toBe('Single quotes');
    expect(diagramTitle(null, '%% title: From the block\nflowchart LR\n  A --> B')).toBe('From the block');
    expect(diagramTitle('title=""', 'flowchart LR')).toBeUndefined();
    expect(diagramTitle(undefined, 'flowchart LR')).toBeUndefined();
  });

  it('draws a diagram whose title is a %% line, and a sequence diagram with a note before its first message', async () => {
    const { html: h } = await html('```mermaid\n%% title: Login\nsequenceDiagram\n  participant B as Browser\n  participant S as Share\n  Note over B,S: Before anything\n  B->>S: GET\n```\n');
    expect(h).toContain('aria-label="Login"');
    expect(h).toContain('>Before anything</text>');
    expect(h).toContain('>GET</text>');
    expect(h).not.toContain('zrok-docs-stand-in');
  });

  it('draws arrows written without blanks (A-->B) as mermaid reads them', async () => {
    expect((await drawDiagram('flowchart LR\n  A-->B-->|label|C\n  C-.->D["x-->y"]')).counts).toMatchObject({ nodes: 4, edges: 3 });
  });

  it('labels a node named before its label is defined, as mermaid does', async () => {
    const { inner: svg } = await drawDiagram('flowchart LR\n  P --> Z\n  C --> Z["ziti controller"]');
    expect(svg).toContain('>ziti controller</text>');
    expect(svg).not.toMatch(/>Z<\/text>/);
  });

  it('gives each diagram on a page ids of its own', async () => {
    const a = await drawDiagram('flowchart LR\n  A --> B', 'p1');
    const b = await drawDiagram('flowchart LR\n  A --> B', 'p2');
    const ids = (s: string) => [...s.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(ids(a.inner).length).toBeGreaterThan(0);
    expect(ids(a.inner).filter((id) => ids(b.inner).includes(id))).toEqual([]);
    for (const ref of a.inner.matchAll(/url\(#([^)]+)\)/g)) expect(ids(a.inner)).toContain(ref[1]);
  });

  it('fails without a title, naming the file and the line of the fence', async () => {
    const out = await compile('```mermaid\nflowchart LR\n  A --> B\n```\n');
    expect(out.errors?.[0].location).toBe('content/docs/7.1/diagrams.mdx:7');
    expect(out.errors?.[0].reason).toMatch(/needs a title/);
  });

  it('fails on a mermaid syntax error, naming the file and the line of the fence', async () => {
    const out = await compile('```mermaid title="Broken"\nflowchart LR\n  A[unclosed --> B\n```\n');
    expect(out.errors?.[0].location).toBe('content/docs/7.1/diagrams.mdx:7');
    expect(out.errors?.[0].reason).toMatch(/mermaid syntax error: Parse error/);
  });

  it('shows the error in the page on the dev server instead of failing', async () => {
    const out = await compile('```mermaid title="Broken"\nflowchart LR\n  A[unclosed --> B\n```\n', true);
    expect(out.errors).toBeUndefined();
    expect(out.code).toContain('DiagramError');
    expect(out.code).toContain('content/docs/7.1/diagrams.mdx:7');
  });

  it('leaves a type it cannot draw to mermaid in the browser, and reports it', async () => {
    const { out, html: h } = await html('```mermaid title="Share of traffic"\npie\n  "public" : 70\n  "private" : 30\n```\n');
    expect(out.diagramFallbacks).toEqual([{ line: 7, reason: expect.stringMatching(/does not draw "pie" diagrams/) }]);
    expect(out.code).toContain('Mermaid');
    expect(h).not.toContain('<svg');
    expect(h).toContain('Share of traffic');
    expect(h).toContain('&quot;public&quot; : 70');
  });

  it('gives a flowchart too wide for a phone a second, top-down layout with its labels on short lines', async () => {
    const wide = '```mermaid title="Five steps"\nflowchart LR\n  A["Get a token"] --> B["Install zrok"]\n  B --> C["zrok enable"]\n  C --> D["zrok share"]\n  D --> E["Open the URL of the share"]\n```\n';
    const doc = new DOMParser().parseFromString((await html(wide)).html, 'text/html');
    const [first, second] = [...doc.querySelectorAll('figure svg')];
    expect(first.getAttribute('class')).toBe('diagram__svg diagram__svg--wide');
    expect(second.getAttribute('class')).toBe('diagram__svg diagram__svg--narrow');
    expect(second.getAttribute('aria-label')).toBe('Five steps');
    expect(Number(second.getAttribute('width'))).toBeLessThanOrEqual(326);
    expect(Number(second.getAttribute('height'))).toBeGreaterThan(Number(first.getAttribute('height')));
    expect(doc.querySelector('.diagram')!.className).toBe(`diagram diagram--wide-from-${wideFrom(Number(first.getAttribute('width')))}`);
    expect([...second.querySelectorAll('tspan')].map((t) => t.textContent)).toEqual(['Open the URL', 'of the share']);
    // Small enough for a phone: one layout.
    const small = new DOMParser().parseFromString((await html('```mermaid title="Two"\nflowchart LR\n  A --> B\n```\n')).html, 'text/html');
    expect([...small.querySelectorAll('figure svg')].map((s) => s.getAttribute('class'))).toEqual(['diagram__svg']);
  });

  it('puts labels on shorter lines in a narrow layout still too wide for a phone: three sources side by side fit', async () => {
    const source = 'flowchart LR\n  S["zrok share"] --> A["zrok Agent"]\n  C["zrok access"] --> A\n  U["Agent UI"] --> A\n  A --> SH["shares"]\n  A --> AC["accesses"]';
    const doc = new DOMParser().parseFromString((await html(`\`\`\`mermaid title="The agent"\n${source}\n\`\`\`\n`)).html, 'text/html');
    const narrow = doc.querySelector('svg.diagram__svg--narrow')!;
    expect(Number(narrow.getAttribute('width'))).toBeLessThanOrEqual(326);
    expect([...narrow.querySelectorAll('tspan')].map((t) => t.textContent)).toEqual(expect.arrayContaining(['zrok', 'share', 'access']));
    expect(wrapLabel('zrok access private', 9)).toBe('zrok<br/>access<br/>private');
  });

  it('turns the subgraphs of a narrow layout down too where that is narrower: two columns of three steps fit a phone', async () => {
    const source = 'flowchart LR\n  subgraph B["Option B: websocket"]\n    direction LR\n    B1["Ziti controller"] --> B2["zrok controller"] --> B3["InfluxDB"]\n  end\n  subgraph A["Option A: events file"]\n    direction LR\n    A1["Ziti controller"] --> A2["events.json"] --> A3["zrok controller"]\n  end';
    const doc = new DOMParser().parseFromString((await html(`\`\`\`mermaid title="Two options"\n${source}\n\`\`\`\n`)).html, 'text/html');
    const narrow = doc.querySelector('svg.diagram__svg--narrow')!;
    expect(Number(narrow.getAttribute('width'))).toBeLessThanOrEqual(326);
  });

  it('turns a flowchart downwards and wraps its quoted labels, but not subgraph titles; other types have no narrow layout', () => {
    expect(wrapLabel('zrok controller :18080')).toBe('zrok<br/>controller<br/>:18080');
    expect(wrapLabel('short')).toBe('short');
    expect(narrowSource('flowchart LR\n  subgraph S["A very long subgraph title"]\n    direction LR\n    A["zrok access private"] -->|"a long edge label"| B\n  end')).toBe(
      'flowchart TB\n  subgraph S["A very long subgraph title"]\n    direction LR\n    A["zrok access<br/>private"] -->|"a long edge<br/>label"| B\n  end',
    );
    expect(narrowSource('graph RL\n  A --> B')).toBe('graph BT\n  A --> B');
    expect(narrowSource('flowchart TB\n  A["Internet users of the share"]')).toBe('flowchart TB\n  A["Internet users<br/>of the share"]');
    expect(narrowSource('sequenceDiagram\n  A->>B: hi')).toBeUndefined();
    // Asked to, it turns the subgraphs that run across as well.
    expect(narrowSource('flowchart TB\n  subgraph S["Side"]\n    direction LR\n    A --> B\n  end', { turnSubgraphs: true })).toBe('flowchart TB\n  subgraph S["Side"]\n    direction TB\n    A --> B\n  end');
    expect(wideFrom(300)).toBe(360);
    expect(wideFrom(779)).toBe(800);
  });
});


/**
 * What the build does to the renderer's layouts so that nothing in a diagram runs into anything
 * else (sequence-layout.ts, subgraph-titles.ts, renderer-patch.ts), read from the drawn SVG: where
 * its lines and labels end up. The browser test (test/e2e/diagrams.test.ts) checks every diagram
 * of the site with the glyphs' real boxes.
 */
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { drawDiagram } from '../../src/builder/diagrams/diagram-svg.ts';
import { clearSubgraphTitles } from '../../src/builder/diagrams/subgraph-titles.ts';
import { patched } from '../../src/builder/diagrams/renderer-patch.ts';
import { textWidth } from '../../src/builder/diagrams/text-width.ts';

const attrs = (tag: string) => Object.fromEntries([...tag.matchAll(/\s([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
const num = (tag: string, name: string) => Number(attrs(tag)[name]);
/** Each <text>'s anchor, and its words. */
const texts = (inner: string) => [...inner.matchAll(/(<text\b[^>]*>)([^<]*)<\/text>/g)].map(([, tag, words]) => ({ x: num(tag, 'x'), y: num(tag, 'y'), words }));
const lifelines = (inner: string) => [...inner.matchAll(/<line class="lifeline"[^>]*>/g)].map(([tag]) => ({ x: num(tag, 'x1'), top: num(tag, 'y1'), bottom: num(tag, 'y2') }));
const text = (inner: string, words: string) => texts(inner).find((t) => t.words === words)!;

describe('sequence diagrams spaced by what they say', () => {
  it('moves participants apart until every message label lies between two lifelines, the label of a long message in one gap', async () => {
    const { inner } = await drawDiagram(
      'sequenceDiagram\n  participant A\n  participant B\n  participant C\n  A->>B: a message label far longer than the names of both participants\n  A->>C: a second long label that runs across a lifeline\n',
    );
    const xs = [...new Set(lifelines(inner).map((l) => l.x))];
    for (const words of ['a message label far longer than the names of both participants', 'a second long label that runs across a lifeline']) {
      const label = text(inner, words);
      const half = textWidth(words, 11) / 2;
      for (const x of xs) expect(Math.abs(x - label.x), `${words}: lifeline at ${x}`).toBeGreaterThan(half);
    }
  });

  it('draws a note written after a frame below the frame, and an else label in a row above the next message', async () => {
    const { inner } = await drawDiagram(
      'sequenceDiagram\n  participant A\n  participant B\n  alt yes\n    A->>B: one\n  else a rather long condition\n    B-->>A: two\n  end\n  Note over A,B: after the frame\n',
    );
    const frame = /<g class="block"[^>]*>\s*(<rect [^>]*>)/.exec(inner)![1];
    const note = /<g class="note"[^>]*>\s*<polygon points="[\d.]+,([\d.]+)/.exec(inner)!;
    expect(Number(note[1])).toBeGreaterThan(num(frame, 'y') + num(frame, 'height'));
    // Middles of two 11 px lines: 14 px apart or more, or the lines meet.
    expect(text(inner, 'two').y - text(inner, '[a rather long condition]').y).toBeGreaterThan(14);
  });

  it('stops lifelines at a frame title they would cross, and starts a stick figure’s under its name', async () => {
    const { inner } = await drawDiagram('sequenceDiagram\n  actor U as User\n  participant B\n  loop every minute of every hour\n    U->>B: ping\n  end\n');
    const title = text(inner, 'loop [every minute of every hour]');
    const crossed = lifelines(inner).filter((l) => l.x > title.x && l.x < title.x + textWidth('loop [every minute of every hour]', 11, true) && l.top < title.y && l.bottom > title.y);
    expect(crossed).toEqual([]);
    const user = lifelines(inner).filter((l) => l.x === text(inner, 'User').x);
    expect(Math.min(...user.map((l) => l.top))).toBeGreaterThan(text(inner, 'User').y + 6);
  });
});

describe('subgraph titles clear of edges', () => {
  const svg = (edgeX: number, width = 300) =>
    `<svg viewBox="0 0 ${width + 20} 200" width="${width + 20}" height="200"><g class="subgraph" data-id="s" data-label="Linux server (public IP)">\n` +
    `  <rect x="10" y="50" width="${width}" height="100" />\n  <rect x="10" y="50" width="${width}" height="28" />\n` +
    `  <text x="22" y="64" font-size="12" font-weight="600" dy="4.2">Linux server (public IP)</text>\n</g>\n` +
    `<polyline class="edge" points="${edgeX},0 ${edgeX},120" />\n</svg>`;
  const titleX = (out: string) => num(/<text[^>]*>/.exec(out)![0], 'x');

  it('leaves a title no edge crosses where it is', () => {
    expect(clearSubgraphTitles(svg(290))).toBe(svg(290));
  });

  it('moves a title that an edge crosses to the right of the edge', () => {
    expect(titleX(clearSubgraphTitles(svg(60)))).toBeGreaterThan(60);
  });

  it('puts it on two lines in a taller band where one line does not fit, and widens the subgraph where two do not', () => {
    const twoLines = clearSubgraphTitles(svg(60, 190));
    expect([...twoLines.matchAll(/<tspan[^>]*>([^<]*)/g)].map((m) => m[1])).toEqual(['Linux server', '(public IP)']);
    expect(titleX(twoLines)).toBeGreaterThan(60);
    const widened = clearSubgraphTitles(svg(60, 100));
    expect(num(/<rect [^>]*>/.exec(widened)![0], 'width')).toBeGreaterThan(60 + textWidth('Linux server (public IP)', 12, true) - 10);
    expect(num(/<svg[^>]*>/.exec(widened)![0], 'width')).toBeGreaterThan(num(/<rect [^>]*>/.exec(widened)![0], 'width'));
  });
});

describe('the patch to the renderer', () => {
  it('routes an edge to a node past a nearer sibling around it, not through it', async () => {
    const { inner } = await drawDiagram('flowchart TD\n  O[Organization] --> M[Member]\n  O --> A["Member added with --admin"]\n  A -->|overview| M\n');
    const node = /<g class="node"[^>]*>\s*(<rect [^>]*>)\s*<text[^>]*>Member added with --admin/.exec(inner)![1];
    const [left, top, right, bottom] = [num(node, 'x'), num(node, 'y'), num(node, 'x') + num(node, 'width'), num(node, 'y') + num(node, 'height')];
    const edge = /<polyline class="edge" data-from="O" data-to="M"[^>]*points="([^"]*)"/.exec(inner)![1].split(' ').map((p) => p.split(',').map(Number));
    // Orthogonal segments: one through the node's box has a stretch inside it.
    const through = edge.slice(1).some(([x, y], i) => {
      const [px, py] = edge[i];
      return Math.max(x, px) > left && Math.min(x, px) < right && Math.max(y, py) > top && Math.min(y, py) < bottom;
    });
    expect(through).toBe(false);
  });

  it('fails, naming the hunk, on a build it does not match', () => {
    expect(() => patched('export {};')).toThrow(/hunk 1 of renderer-patch\.ts matches 0 times/);
  });
});

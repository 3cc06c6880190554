/**
 * Subgraph titles clear of the edges that cross their header band. The renderer (beautiful-mermaid
 * 1.1.3) writes a title at the left of its band, where an edge entering the subgraph from above may
 * run through it; here the title moves right to the first stretch of the band no edge or edge
 * label crosses; when none is long enough, it goes on two lines in a taller band, and when even
 * those do not fit, the subgraph grows to the right to make room.
 * Works on the renderer's SVG of a flowchart (its markup: one <g class="subgraph"> per subgraph,
 * its outline, its header band and its title, in that order).
 */
import { textWidth } from './text-width.ts';

/** The renderer's title: its size, and its room from the band's left end. */
const TITLE_SIZE = 12;
const TITLE_LEFT = 12;
/** The renderer's line height for text on several lines. */
const LINE_HEIGHT = TITLE_SIZE * 1.3;
/** Ours: how much taller a band of two lines is; room between a title and a line. */
const TALLER = 8;
const CLEAR = 6;

const num = (s: string) => Number(s);
const attr = (tag: string, name: string) => num(new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? 'NaN');

/** What crosses horizontal bands: each edge's segments and each edge label's box, as x ranges over y ranges. */
function obstacles(svg: string): { left: number; right: number; top: number; bottom: number }[] {
  const out: { left: number; right: number; top: number; bottom: number }[] = [];
  for (const [, points] of svg.matchAll(/<polyline class="edge"[^>]*\spoints="([^"]*)"/g)) {
    const p = points.trim().split(/\s+/).map((xy) => xy.split(',').map(num));
    for (let i = 1; i < p.length; i++) {
      const [[x1, y1], [x2, y2]] = [p[i - 1], p[i]];
      out.push({ left: Math.min(x1, x2), right: Math.max(x1, x2), top: Math.min(y1, y2), bottom: Math.max(y1, y2) });
    }
  }
  for (const [, rect] of svg.matchAll(/<g class="edge-label"[^>]*>\s*(<rect [^>]*>)/g)) {
    const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((n) => attr(rect, n));
    out.push({ left: x, right: x + w, top: y, bottom: y + h });
  }
  return out;
}

const HEADER = /(<g class="subgraph"[^>]*>\s*)(<rect [^>]*>)(\s*)(<rect [^>]*>)(\s*)(<text [^>]*>[\s\S]*?<\/text>)/g;

/** `svg` with every subgraph title clear of edges (see the file's comment). */
export function clearSubgraphTitles(svg: string): string {
  const crossing = obstacles(svg);
  let widest = 0;
  const out = svg.replace(HEADER, (all, open: string, outline: string, s1: string, band: string, s2: string, text: string) => {
    const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((n) => attr(band, n));
    const title = text.replace(/<[^>]*>/g, '');
    const titleWidth = textWidth(title, TITLE_SIZE, true);
    const across = crossing.filter((o) => o.top < y + h && o.bottom > y).sort((a, b) => a.left - b.left);
    const clear = (at: number, width: number) => across.every((o) => at + width + CLEAR <= o.left || o.right + CLEAR <= at);
    const starts = [x + TITLE_LEFT, ...across.map((o) => o.right + CLEAR)].filter((at) => at >= x + TITLE_LEFT).sort((a, b) => a - b);
    const fits = (at: number, width: number) => clear(at, width) && at + width + TITLE_LEFT <= x + w;
    const oneLine = starts.find((at) => fits(at, titleWidth));
    if (oneLine === x + TITLE_LEFT) return all;
    if (oneLine === undefined) {
      // Two lines in a free stretch, in a band taller by less than a line: the renderer leaves
      // 16 px between the band and what the subgraph holds, of which this keeps half.
      const lines = twoLines(title);
      const linesWidth = Math.max(...lines.map((l) => textWidth(l, TITLE_SIZE, true)));
      const at = lines.length === 2 ? starts.find((a) => fits(a, linesWidth)) : undefined;
      if (at !== undefined) {
        const tall = h + TALLER;
        return `${open}${outline}${s1}${band.replace(/\sheight="[^"]*"/, ` height="${tall}"`)}${s2}${titleLines(text, lines, at, y + tall / 2)}`;
      }
    }
    const at = oneLine ?? starts.filter((a) => clear(a, titleWidth)).pop()!;
    const width = Math.max(w, at + titleWidth + TITLE_LEFT - x);
    widest = Math.max(widest, x + width);
    const widened = (rect: string) => rect.replace(/\swidth="[^"]*"/, ` width="${width}"`);
    const moved = text.replace(/(<(?:text|tspan)\b[^>]*\sx=")[^"]*"/g, `$1${at}"`);
    return `${open}${widened(outline)}${s1}${widened(band)}${s2}${moved}`;
  });
  return widest ? wideEnough(out, widest) : out;
}

/** `title` (its markup's text) broken at the space nearest its middle; one line when it has no space. */
function twoLines(title: string): string[] {
  const spaces = [...title.matchAll(/ /g)].map((m) => m.index);
  if (!spaces.length) return [title];
  const at = spaces.reduce((best, i) => (Math.abs(i - title.length / 2) < Math.abs(best - title.length / 2) ? i : best));
  return [title.slice(0, at), title.slice(at + 1)];
}

/** The title's <text> as `lines`, left end at `x`, centred on `middle`, as the renderer writes text on several lines. */
function titleLines(text: string, lines: string[], x: number, middle: number): string {
  const open = /^<text\b[^>]*>/.exec(text)![0].replace(/\s(?:x|y|dy)="[^"]*"/g, '').replace(/^<text/, `<text x="${x}" y="${middle}"`);
  const first = -((lines.length - 1) / 2) * LINE_HEIGHT + TITLE_SIZE * 0.35;
  return `${open}${lines.map((line, i) => `<tspan x="${x}" dy="${i ? LINE_HEIGHT : first}">${line}</tspan>`).join('')}</text>`;
}

/** `svg` at least wide enough to hold `right` (the renderer's padding is at least 8 px). */
function wideEnough(svg: string, right: number): string {
  const root = /^<svg\b[^>]*>/.exec(svg)![0];
  const [vx, vy, vw, vh] = /\sviewBox="([^"]*)"/.exec(root)![1].split(/\s+/).map(num);
  const need = right + 8 - vx;
  if (need <= vw) return svg;
  const grown = root.replace(/\sviewBox="[^"]*"/, ` viewBox="${vx} ${vy} ${need} ${vh}"`).replace(/\swidth="[^"]*"/, ` width="${need}"`);
  return grown + svg.slice(root.length);
}

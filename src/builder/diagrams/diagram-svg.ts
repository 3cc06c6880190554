/**
 * Draws a mermaid diagram at build time with beautiful-mermaid (pure TypeScript, no DOM, no
 * browser) and turns its SVG into what the page embeds: the inside of an <svg> whose colours are
 * the site's CSS custom properties (--diagram-*, set per colour mode in theme.css), so one copy
 * serves both modes; text stays <text>; ids are made unique on the page; no <style>, no style
 * attribute, no web font import. bench/diagrams.ts compares it with mermaid in Chromium.
 */
import { sha256 } from '../common/hash.ts';
import { DIAGRAM_RENDERER } from './diagram-renderer.ts';
import { BoundedMap } from '../common/bounded-map.ts';
import { NARROW_RENDER_OPTIONS, narrowSource, type NarrowOptions } from './narrow-layout.ts';
import { loadPatchedRenderer } from './renderer-patch.ts';
import { spacedSequence } from './sequence-layout.ts';
import { narrowSequenceSvg, type ParsedSequence } from './sequence-narrow.ts';
import { clearSubgraphTitles } from './subgraph-titles.ts';
import { keepLayout, keptLayout } from './layout-log.ts';

export { DIAGRAM_RENDERER };

/**
 * The diagram types the build draws, as mermaid's own parser names them (mermaid-parse.ts).
 * Any other type is drawn in the browser by mermaid (src/mdx/Mermaid.tsx).
 */
export const BUILD_TIME_TYPES = new Set(['flowchart', 'flowchart-v2', 'flowchart-elk', 'sequence', 'stateDiagram', 'classDiagram', 'er']);

/**
 * The renderer's colour variables and the site's names for them. Every colour in its output is
 * one of these; another one (a new renderer version) fails the build rather than drawing in a
 * colour no theme sets.
 */
const COLOUR_VARS: Record<string, string> = {
  bg: 'bg',
  fg: 'text',
  _text: 'text',
  '_text-sec': 'text-sec',
  '_text-muted': 'text-muted',
  '_text-faint': 'text-muted',
  _line: 'line',
  _arrow: 'arrow',
  '_node-fill': 'node-fill',
  '_node-stroke': 'node-stroke',
  '_group-fill': 'group-fill',
  '_group-hdr': 'group-hdr',
  '_inner-stroke': 'inner-stroke',
  '_key-badge': 'group-hdr',
};

export interface DrawnDiagram {
  /** The SVG's children (markup), to go inside <svg viewBox="0 0 width height">. */
  inner: string;
  width: number;
  height: number;
  /** What the drawing shows, counted as mermaid-parse.ts counts the source. */
  counts: Record<string, number>;
}

/** Comment and directive lines (`%% …`, `%%{init …}%%`) and front matter are for mermaid, not the drawing. */
export function diagramBody(source: string): string {
  return source
    .replace(/^\s*---\n[\s\S]*?\n\s*---\s*\n/, '')
    .split('\n')
    .filter((l) => !/^\s*%%/.test(l))
    .join('\n')
    .trim();
}

/** Label of the stand-in message of withLeadingNotes(): no diagram has it. */
const STAND_IN = 'zrok-docs-stand-in';

/**
 * beautiful-mermaid 1.1.3 leaves out a sequence diagram's notes that come before its first
 * message (it places each note after a message). Such notes get a stand-in message to follow,
 * between the first two declared participants, which drawDiagram() then removes from the SVG.
 * Returns the text unchanged when it needs none or when it cannot have one.
 */
function withLeadingNotes(body: string): string {
  const lines = body.split('\n');
  if (!/^sequenceDiagram\s*$/.test(lines[0]?.trim() ?? '')) return body;
  const declared: string[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i].trim();
    const actor = /^(?:participant|actor)\s+(\S+?)(?:\s+as\s+.+)?$/.exec(line);
    if (actor) declared.push(actor[1]);
    else if (/^Note\s/i.test(line)) {
      if (declared.length < 2) return body;
      return [...lines.slice(0, i), `${declared[0]}->>${declared[1]}: ${STAND_IN}`, ...lines.slice(i)].join('\n');
    } else if (line && !/^(autonumber|title|accTitle|accDescr)\b/.test(line)) return body; // a message or block comes first
  }
  return body;
}

const ARROWS = ['<-->', '<==>', '-.->', '-->', '---', '==>', '===', '-.-'];

/**
 * beautiful-mermaid 1.1.3 reads `A-->B` as one node: it needs blanks around a flowchart's arrows.
 * Adds them outside quotes and brackets (the build compares what it drew with mermaid's reading).
 */
function spacedArrows(body: string): string {
  const lines = body.split('\n');
  if (!/^(graph|flowchart)\b/.test(lines[0]?.trim() ?? '')) return body;
  return lines
    .map((line, n) => {
      if (n === 0) return line;
      let out = '';
      let depth = 0;
      let quote = false;
      for (let i = 0; i < line.length; i++) {
        const c = line[i];
        if (c === '"') quote = !quote;
        else if (!quote && '[({'.includes(c)) depth++;
        else if (!quote && '])}'.includes(c)) depth = Math.max(0, depth - 1);
        else if (!quote && depth === 0) {
          const arrow = ARROWS.find((a) => line.startsWith(a, i));
          if (arrow) {
            const next = line[i + arrow.length] ?? '';
            out += `${/\s$/.test(out) || out === '' ? '' : ' '}${arrow}${next === '' || /[\s|]/.test(next) || next === '>' ? '' : ' '}`;
            i += arrow.length - 1;
            continue;
          }
        }
        out += c;
      }
      return out;
    })
    .join('\n');
}

/**
 * Diagrams this thread has laid out, by source: the layout is most of a diagram's cost, and the
 * versions of a page, compiled by one thread (page-compiler.ts), mostly share their diagrams.
 */
const layouts = new BoundedMap<string, string>(500);

async function laidOut(source: string, narrow: boolean): Promise<string> {
  const key = `${narrow ? 'narrow' : 'wide'}\n${source}`;
  let svg = layouts.get(key) ?? keptLayout(key);
  if (svg === undefined) {
    // Loaded on the first diagram: a compile thread whose pages have none never pays for it (and its layout engine).
    const { renderMermaidSVG } = await loadPatchedRenderer();
    const options = { bg: 'var(--bg)', fg: 'var(--fg)', transparent: true, padding: 16, ...(narrow ? NARROW_RENDER_OPTIONS : {}), adjustSequenceLayout: spacedSequence };
    svg = clearSubgraphTitles(renderMermaidSVG(source, options)).replace(new RegExp(`<g class="message"[^>]*data-label="${STAND_IN}"[^>]*>[\\s\\S]*?</g>`), '');
    await keepLayout(key, svg);
  }
  layouts.set(key, svg);
  return svg;
}

/** Whether `source` is a sequence diagram: its narrow layout is drawn by sequence-narrow.ts. */
export const isSequence = (source: string) => /^sequenceDiagram\s*$/.test(diagramBody(source).split('\n')[0]?.trim() ?? '');

/** A sequence diagram's phone layout, from the renderer's own parse of it (handed over by its layout hook). */
async function narrowSequence(body: string): Promise<string> {
  const key = `narrow-sequence\n${body}`;
  let svg = layouts.get(key) ?? keptLayout(key);
  if (svg === undefined) {
    const { renderMermaidSVG } = await loadPatchedRenderer();
    let parsed: { diagram: ParsedSequence; lines: string[] } | undefined;
    renderMermaidSVG(body, {
      adjustSequenceLayout: (layout, diagram, lines) => {
        parsed = { diagram: diagram as unknown as ParsedSequence, lines };
        return layout;
      },
    });
    if (!parsed) throw new Error(`${DIAGRAM_RENDERER} did not lay out the sequence diagram`);
    svg = narrowSequenceSvg(parsed.diagram, parsed.lines);
    await keepLayout(key, svg);
  }
  layouts.set(key, svg);
  return svg;
}

const KEPT_DATA = new Set(['from', 'to', 'position', 'actors']);

const round = (n: string) => String(Math.round(Number(n) * 100) / 100);

/**
 * Draws `source`. `idPrefix` makes the SVG's ids (arrow markers) unique on the page: several
 * diagrams on one page would otherwise share them, and a marker in a hidden diagram draws nothing.
 */
export async function drawDiagram(source: string, idPrefix = `d${sha256(source).slice(0, 8)}`): Promise<DrawnDiagram> {
  return drawnOnce(`wide\n${idPrefix}\n${source}`, async () => drawn(await laidOut(spacedArrows(withLeadingNotes(diagramBody(source))), false), idPrefix));
}

/**
 * Drawings made by this thread, by source, layout and ids: a page saved again under the dev server, or another version
 * of the page, gets its unchanged diagrams as they were drawn. Callers only read them.
 */
const drawings = new BoundedMap<string, Promise<DrawnDiagram | undefined>>(500);

function drawnOnce<T extends DrawnDiagram | undefined>(key: string, draw: () => Promise<T>): Promise<T> {
  let drawing = drawings.get(key) as Promise<T> | undefined;
  if (!drawing) {
    drawing = draw();
    drawings.set(key, drawing);
    drawing.catch(() => drawings.delete(key)); // a failure is not kept: it is thrown to this caller
  }
  return drawing;
}

/**
 * Draws `source` in its layout for narrow screens (narrow-layout.ts), or returns undefined when
 * its type has none. `idPrefix` as for drawDiagram(), and not the same as the other layout's.
 */
export async function drawNarrowDiagram(source: string, idPrefix: string, options: NarrowOptions = {}): Promise<DrawnDiagram | undefined> {
  if (isSequence(source)) return drawnOnce(`narrow sequence\n${idPrefix}\n${source}`, async () => drawn(await narrowSequence(diagramBody(source)), idPrefix));
  return drawnOnce(`narrow ${JSON.stringify(options)}\n${idPrefix}\n${source}`, async () => {
    const narrow = narrowSource(spacedArrows(diagramBody(source)), options);
    return narrow === undefined ? undefined : drawn(await laidOut(narrow, true), idPrefix);
  });
}

/** What the page embeds of the renderer's `svg`: see the file's comment. */
function drawn(svg: string, idPrefix: string): DrawnDiagram {
  const root = /^<svg\b([^>]*)>/.exec(svg);
  if (!root || !svg.trimEnd().endsWith('</svg>')) throw new Error('the renderer returned no <svg>');
  const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(root[1])?.[1];
  const [, , w, h] = (attr('viewBox') ?? '').split(/\s+/).map(Number);
  if (!(w > 0 && h > 0)) throw new Error('the renderer returned an SVG without a size');

  const count = (re: RegExp) => (svg.match(re) ?? []).length;
  const counts = {
    nodes: count(/<g class="node"/g),
    edges: count(/<(?:polyline|path) class="edge"/g),
    subgraphs: count(/<g class="subgraph"/g),
    actors: count(/<g class="actor"/g),
    messages: count(/<g class="message"/g),
    notes: count(/<g class="note"/g),
  };

  let inner = svg
    .slice(root[0].length, svg.trimEnd().length - '</svg>'.length)
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    // data-* attributes describe the graph for scripts. Kept: those that tie a label to its line (an edge label to
    // its edge, a note to the lifelines it is drawn over), which the e2e collision test reads.
    .replace(/\s+data-([a-z-]+)="[^"]*"/g, (attr, name: string) => (KEPT_DATA.has(name) ? attr : ''))
    // Coordinates to 1/100 px: the renderer writes up to 16 digits.
    .replace(/(\s(?:x|y|x1|y1|x2|y2|cx|cy|r|rx|ry|width|height|dx|dy|points|d|transform|refX|refY|markerWidth|markerHeight)=")([^"]*)"/g, (_m, a: string, v: string) => `${a}${v.replace(/-?\d*\.\d+/g, round)}"`)
    .replace(/>\s*\n\s*</g, '><')
    .trim();

  inner = inner.replace(/var\(--([\w-]+)\)/g, (_m, name: string) => {
    const ours = COLOUR_VARS[name];
    if (!ours) throw new Error(`${DIAGRAM_RENDERER} used a colour variable the theme does not set: --${name}`);
    return `var(--diagram-${ours})`;
  });
  if (/<style|\sstyle=|@import|<foreignObject|<script|\son[a-z]+=/i.test(inner)) {
    throw new Error(`${DIAGRAM_RENDERER} returned markup the page cannot embed as is`);
  }

  const ids = [...inner.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
  for (const id of new Set(ids)) {
    const esc = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    inner = inner
      .replace(new RegExp(`\\sid="${esc}"`, 'g'), ` id="${idPrefix}-${id}"`)
      .replace(new RegExp(`url\\(#${esc}\\)`, 'g'), `url(#${idPrefix}-${id})`)
      .replace(new RegExp(`href="#${esc}"`, 'g'), `href="#${idPrefix}-${id}"`);
  }
  return { inner, width: Math.ceil(w), height: Math.ceil(h), counts };
}

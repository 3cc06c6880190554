/**
 * A sequence diagram's layout for a phone: its participants side by side in the column's width, and each message on a
 * row of its own, its label on the lines above its arrow, across the whole width rather than squeezed between two
 * lifelines. A reader follows the flow top to bottom without scrolling sideways, and every text is 12 px or more.
 * Frames (alt, loop, …) span the width, each nested one a little inside the one around it; notes span the participants
 * they are over. Lifelines pass behind every text, as behind a box.
 *
 * Drawn here, from the diagram as the renderer parsed it (renderer-patch.ts hands it over), in the renderer's markup
 * and colour variables (diagram-svg.ts turns them into the site's), so the page embeds and checks it like any drawing.
 */
import { PHONE_COLUMN, BOX_BORDER } from './narrow-layout.ts';
import { textWidth } from './text-width.ts';

/** The parsed diagram, as the renderer's parser returns it (beautiful-mermaid's SequenceDiagram). */
export interface ParsedSequence {
  actors: { id: string; label: string; type: 'participant' | 'actor' }[];
  messages: { from: string; to: string; label: string; lineStyle: 'solid' | 'dashed'; arrowHead: 'filled' | 'open' }[];
  blocks: { type: string; label: string; startIndex: number; endIndex: number; dividers: { index: number; label: string }[] }[];
  notes: { actorIds: string[]; text: string; position: string; afterIndex: number }[];
}

const WIDTH = PHONE_COLUMN - BOX_BORDER;
const PAD = 8;
/** Text sizes: 12 px for every label, 13 for the participants' names. */
const SIZE = 12;
const NAME_SIZE = 13;
const LINE = 16;
/** A nested frame's inset on each side, and the room between a frame's side and the text in it. */
const INSET = 5;
const TEXT_IN = 6;
/** The self-message's loop: how far right of its lifeline, and how tall. */
const LOOP_W = 18;
const LOOP_H = 10;
/** Room between a label's last line and its arrow, and after a row. */
const ABOVE_ARROW = 6;
const ROW_GAP = 12;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const r = (n: number) => Math.round(n * 100) / 100;

/** `text` (its `<br>`s as line breaks) on lines of at most `width` px; a word longer than a line is cut where it ends. */
export function wrapText(text: string, width: number, size = SIZE, bold = false): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/<br\s*\/?>|\n/i)) {
    let line = '';
    for (let word of paragraph.split(/\s+/).filter(Boolean)) {
      const joined = line ? `${line} ${word}` : word;
      if (textWidth(joined, size, bold) <= width) {
        line = joined;
        continue;
      }
      if (line) lines.push(line);
      while (textWidth(word, size, bold) > width) {
        let cut = word.length - 1;
        while (cut > 1 && textWidth(word.slice(0, cut), size, bold) > width) cut--;
        lines.push(word.slice(0, cut));
        word = word.slice(cut);
      }
      line = word;
    }
    lines.push(line);
  }
  return lines;
}

const textLines = (lines: string[], x: number, top: number, attrs: string) =>
  lines.map((line, i) => `<text x="${r(x)}" y="${r(top + i * LINE + LINE / 2)}" font-size="${SIZE}" dy="${r(SIZE * 0.35)}" ${attrs}>${esc(line)}</text>`).join('');

/** Where a text is drawn: lifelines leave a gap there. */
interface Band {
  x1: number;
  x2: number;
  y1: number;
  y2: number;
}

/**
 * The order of the source's statements (messages, notes, frames' starts, dividers and ends), read from its lines as
 * the renderer's parser reads them; their content is the parsed diagram's.
 */
type Step = { kind: 'message'; i: number } | { kind: 'note'; i: number } | { kind: 'open'; block: ParsedSequence['blocks'][number] } | { kind: 'divider'; label: string } | { kind: 'close' };

function stepsOf(diagram: ParsedSequence, lines: string[]): Step[] {
  const steps: Step[] = [];
  let message = 0;
  let note = 0;
  const used = new Set<number>();
  const open: ParsedSequence['blocks'][number][] = [];
  for (const raw of lines.slice(1)) {
    const line = raw.trim();
    if (/^Note\s+(left of|right of|over)\s+[^:]+:/i.test(line)) steps.push({ kind: 'note', i: note++ });
    else if (/^(loop|alt|opt|par|critical|break|rect)\b/.test(line)) {
      const b = diagram.blocks.findIndex((block, i) => !used.has(i) && block.startIndex === message && line.startsWith(block.type));
      if (b < 0) continue;
      used.add(b);
      open.push(diagram.blocks[b]);
      steps.push({ kind: 'open', block: diagram.blocks[b] });
    } else if (/^(else|and)\b/.test(line) && open.length) {
      const block = open[open.length - 1];
      const divider = block.dividers.find((d) => d.index === message && !steps.some((s) => s.kind === 'divider' && s.label === d.label));
      steps.push({ kind: 'divider', label: divider?.label ?? '' });
    } else if (line === 'end' && open.length) {
      open.pop();
      steps.push({ kind: 'close' });
    } else if (/^(\S+?)\s*(--?>?>|--?[)x]|--?>>|--?>)\s*([+-]?)(\S+?)\s*:/.test(line) && message < diagram.messages.length) {
      steps.push({ kind: 'message', i: message++ });
    }
  }
  return steps;
}

/** The SVG of `diagram` laid out for a phone; `lines` are the source lines the renderer parsed it from. */
export function narrowSequenceSvg(diagram: ParsedSequence, lines: string[]): string {
  const n = diagram.actors.length;
  const lane = (WIDTH - 2 * PAD) / n;
  const cx = new Map(diagram.actors.map((a, i) => [a.id, PAD + lane * (i + 0.5)]));
  const out: string[] = [];
  const bands: Band[] = [];

  // Participants: a box each, the name on as many lines as it needs.
  const names = diagram.actors.map((a) => wrapText(a.label, lane - 10, NAME_SIZE));
  const boxHeight = Math.max(...names.map((l) => l.length)) * LINE + 12;
  diagram.actors.forEach((a, i) => {
    const x = cx.get(a.id)!;
    const text = names[i].map((line, k) => `<text x="${r(x)}" y="${r(PAD + 6 + k * LINE + LINE / 2)}" font-size="${NAME_SIZE}" text-anchor="middle" font-weight="500" fill="var(--_text)" dy="${r(NAME_SIZE * 0.35)}">${esc(line)}</text>`).join('');
    out.push(`<g class="actor"><rect x="${r(x - lane / 2 + 3)}" y="${PAD}" width="${r(lane - 6)}" height="${boxHeight}" rx="4" ry="4" fill="var(--_node-fill)" stroke="var(--_node-stroke)" stroke-width="1" />${text}</g>`);
  });
  const top = PAD + boxHeight;
  let y = top + ROW_GAP;

  // Frames open at a step and are drawn once closed, when their height is known.
  const frames: { block: ParsedSequence['blocks'][number]; y: number; depth: number; dividers: { y: number; lines: string[] }[]; tab: string[] }[] = [];
  const depth = () => frames.length;
  const left = () => PAD + depth() * INSET;
  const right = () => WIDTH - PAD - depth() * INSET;
  const drawnFrames: string[] = [];

  for (const step of stepsOf(diagram, lines)) {
    if (step.kind === 'message') {
      const m = diagram.messages[step.i];
      const [x1, x2] = [cx.get(m.from)!, cx.get(m.to)!];
      const label = wrapText(m.label, right() - left() - 2 * TEXT_IN);
      const textX = left() + TEXT_IN;
      const width = Math.max(...label.map((l) => textWidth(l, SIZE)));
      bands.push({ x1: textX - 2, x2: textX + width + 2, y1: y, y2: y + label.length * LINE });
      const arrowY = y + label.length * LINE + ABOVE_ARROW;
      const marker = `marker-end="url(#seq-arrow${m.arrowHead === 'open' ? '-open' : ''})"`;
      const dash = m.lineStyle === 'dashed' ? ' stroke-dasharray="6 4"' : '';
      const line =
        m.from === m.to
          ? `<polyline points="${r(x1)},${r(arrowY)} ${r(x1 + LOOP_W)},${r(arrowY)} ${r(x1 + LOOP_W)},${r(arrowY + LOOP_H)} ${r(x1)},${r(arrowY + LOOP_H)}" fill="none" stroke="var(--_line)" stroke-width="1"${dash} ${marker} />`
          : `<line x1="${r(x1)}" y1="${r(arrowY)}" x2="${r(x2)}" y2="${r(arrowY)}" stroke="var(--_line)" stroke-width="1"${dash} ${marker} />`;
      out.push(`<g class="message" data-from="${esc(m.from)}" data-to="${esc(m.to)}">${line}${textLines(label, textX, y, 'text-anchor="start" font-weight="400" fill="var(--_text-muted)"')}</g>`);
      y = arrowY + (m.from === m.to ? LOOP_H : 0) + ROW_GAP;
    } else if (step.kind === 'note') {
      const note = diagram.notes[step.i];
      const xs = note.actorIds.map((id) => cx.get(id)!).filter((x) => x !== undefined);
      const [a, b] = [Math.max(left(), Math.min(...xs) - lane / 2 + 3), Math.min(right(), Math.max(...xs) + lane / 2 - 3)];
      const text = wrapText(note.text, b - a - 2 * TEXT_IN);
      const h = text.length * LINE + 8;
      bands.push({ x1: a, x2: b, y1: y, y2: y + h });
      out.push(
        `<g class="note" data-position="${esc(note.position)}" data-actors="${esc(note.actorIds.join(','))}"><rect x="${r(a)}" y="${r(y)}" width="${r(b - a)}" height="${r(h)}" fill="var(--bg)" stroke="var(--_node-stroke)" stroke-width="0.75" />${textLines(text, (a + b) / 2, y + 4, 'text-anchor="middle" font-weight="400" fill="var(--_text-muted)"')}</g>`,
      );
      y += h + ROW_GAP;
    } else if (step.kind === 'open') {
      const label = [step.block.type, step.block.label ? `[${step.block.label}]` : ''].filter(Boolean).join(' ');
      const tab = wrapText(label, right() - left() - 2 * TEXT_IN, SIZE, true);
      frames.push({ block: step.block, y, depth: depth(), dividers: [], tab });
      const h = tab.length * LINE + 4;
      bands.push({ x1: left() - INSET, x2: right() + INSET, y1: y, y2: y + h });
      y += h + ROW_GAP;
    } else if (step.kind === 'divider') {
      const frame = frames[frames.length - 1];
      const text = wrapText(`[${step.label}]`, right() - left() - 2 * TEXT_IN + 2 * INSET);
      frame.dividers.push({ y, lines: text });
      bands.push({ x1: left() - INSET, x2: right() + INSET, y1: y, y2: y + text.length * LINE + 4 });
      y += text.length * LINE + 4 + ROW_GAP;
    } else if (frames.length) {
      const frame = frames.pop()!;
      const [a, b] = [PAD + frame.depth * INSET, WIDTH - PAD - frame.depth * INSET];
      const tabW = Math.max(...frame.tab.map((l) => textWidth(l, SIZE, true))) + 2 * TEXT_IN;
      const tabH = frame.tab.length * LINE + 4;
      const dividers = frame.dividers
        .map((d) => `<line x1="${r(a)}" y1="${r(d.y)}" x2="${r(b)}" y2="${r(d.y)}" stroke="var(--_line)" stroke-width="0.75" stroke-dasharray="6 4" />${textLines(d.lines, a + TEXT_IN, d.y + 2, 'text-anchor="start" font-weight="400" fill="var(--_text-muted)"')}`)
        .join('');
      drawnFrames.push(
        `<g class="block"><rect x="${r(a)}" y="${r(frame.y)}" width="${r(b - a)}" height="${r(y - frame.y - ROW_GAP / 2)}" rx="0" ry="0" fill="none" stroke="var(--_node-stroke)" stroke-width="1" /><rect x="${r(a)}" y="${r(frame.y)}" width="${r(Math.min(tabW, b - a))}" height="${r(tabH)}" fill="var(--_group-hdr)" stroke="var(--_node-stroke)" stroke-width="1" />${textLines(frame.tab, a + TEXT_IN, frame.y + 2, 'font-weight="600" fill="var(--_text-sec)"')}${dividers}</g>`,
      );
      y += ROW_GAP / 2;
    }
  }
  const bottom = y;

  // Lifelines, broken wherever a text lies across them.
  const lifelines = diagram.actors.map((a) => {
    const x = cx.get(a.id)!;
    const gaps = bands.filter((b) => b.x1 <= x + 1 && b.x2 >= x - 1).sort((p, q) => p.y1 - q.y1);
    const segments: string[] = [];
    let from = top;
    for (const g of gaps) {
      if (g.y1 - 2 > from) segments.push(`<line class="lifeline" x1="${r(x)}" y1="${r(from)}" x2="${r(x)}" y2="${r(g.y1 - 2)}" stroke="var(--_line)" stroke-width="0.75" stroke-dasharray="6 4" />`);
      from = Math.max(from, g.y2 + 2);
    }
    if (bottom > from) segments.push(`<line class="lifeline" x1="${r(x)}" y1="${r(from)}" x2="${r(x)}" y2="${r(bottom)}" stroke="var(--_line)" stroke-width="0.75" stroke-dasharray="6 4" />`);
    return segments.join('');
  });

  const height = Math.ceil(bottom + PAD);
  const defs =
    '<defs><marker id="seq-arrow" markerWidth="8" markerHeight="5" refX="8" refY="2.5" orient="auto-start-reverse"><polygon points="0 0, 8 2.5, 0 5" fill="var(--_arrow)" /></marker>' +
    '<marker id="seq-arrow-open" markerWidth="8" markerHeight="5" refX="8" refY="2.5" orient="auto-start-reverse"><polyline points="0 0, 8 2.5, 0 5" fill="none" stroke="var(--_arrow)" stroke-width="1" /></marker></defs>';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}">${defs}${drawnFrames.join('')}${lifelines.join('')}${out.join('')}</svg>`;
}

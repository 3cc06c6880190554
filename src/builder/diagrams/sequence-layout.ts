/**
 * Spaces out a sequence diagram that beautiful-mermaid 1.1.3 has laid out, before it is drawn
 * (renderer-patch.ts hands its layout here), so that no label meets a line or another label:
 * - participants move apart until every message's label lies between two lifelines, clear of both
 *   (the renderer spaces them by their names alone); the label of a message across several
 *   participants goes in one gap its line crosses, not halfway, where a lifeline may be;
 * - a frame reaches past the self-message labels inside it;
 * - an `else`/`and` label that would run into the next message's label gets a row of its own;
 * - a note written after a frame's `end` is drawn below that frame, not inside it (the renderer
 *   places a note after a message, and the frame ends at that same message);
 * - a stick-figure actor's name, which hangs below its icon, gets room above the first message;
 * - lifelines pass behind a frame's title tab and its `else` labels, as behind a box.
 * Positions are the renderer's (what its sequence/renderer.ts draws where): the constants below
 * repeat the few it uses.
 */
import { textWidth } from './text-width.ts';

/** The parsed diagram, as far as it is read here. */
export interface SequenceSource {
  actors: { id: string; type: 'participant' | 'actor' }[];
  messages: { from: string; to: string }[];
  blocks: { startIndex: number; endIndex: number; dividers: { index: number; label: string }[] }[];
  notes: { afterIndex: number }[];
}

/** The laid-out diagram (the renderer's PositionedSequenceDiagram), changed in place. */
export interface SequenceLayout {
  width: number;
  height: number;
  actors: { id: string; type: 'participant' | 'actor'; x: number; y: number; width: number; height: number }[];
  lifelines: { actorId: string; x: number; topY: number; bottomY: number }[];
  messages: { from: string; to: string; label: string; x1: number; x2: number; y: number; isSelf: boolean; labelX?: number }[];
  activations: { actorId: string; x: number; topY: number; bottomY: number }[];
  blocks: { type: string; label: string; x: number; y: number; width: number; height: number; dividers: { y: number; label: string }[] }[];
  notes: { text: string; x: number; y: number; width: number; height: number; actors?: string[]; position?: 'left' | 'right' | 'over' }[];
}

/** The renderer's: label size, where labels sit against their line or frame, its padding. */
const LABEL_SIZE = 11;
const ACTOR_LABEL_SIZE = 13;
const MESSAGE_LABEL_ABOVE = 10;
const SELF_LABEL_RIGHT = 38;
const TAB_HEIGHT = 18;
const TAB_TEXT_LEFT = 6;
const DIVIDER_TEXT_LEFT = 8;
const DIVIDER_TEXT_BELOW = 14;
const ACTOR_NAME_BELOW = 14;
const NOTE_GAP = 10;
const PADDING = 30;

/** Ours: room between a label and a line or another label, and half a line of text. */
const CLEAR = 8;
const GAP = 3;
const half = (size: number) => size * 0.65;

/** Width of a label, of its longest line (the renderer breaks `<br>` into lines). */
const labelWidth = (text: string, size = LABEL_SIZE, bold = false) => Math.max(...text.split('\n').map((line) => textWidth(line, size, bold)));

/** The first and last participant a frame spans, as the renderer finds them: those its messages join. */
function frameSpan(source: SequenceSource, block: SequenceSource['blocks'][number], index: Map<string, number>): [number, number] {
  const involved = source.messages.slice(block.startIndex, block.endIndex + 1).flatMap((m) => [index.get(m.from)!, index.get(m.to)!]);
  return involved.length ? [Math.min(...involved), Math.max(...involved)] : [0, source.actors.length - 1];
}

/** Moves participants apart (see the file's comment) and everything drawn along with them. */
function spaceParticipants(layout: SequenceLayout, source: SequenceSource): void {
  const index = new Map(layout.actors.map((a, i) => [a.id, i]));
  const x = layout.actors.map((a) => a.x);
  /**
   * The gap each message's label is drawn in: the widest one its line crosses (a line across
   * several participants has lifelines under it, and a label halfway along would sit on one),
   * the one nearest the line's middle among equals.
   */
  const labelGap = layout.messages.map((m) => {
    const [lo, hi] = [index.get(m.from)!, index.get(m.to)!].sort((p, q) => p - q);
    let best = lo;
    for (let g = lo + 1; g < hi; g++) {
      const [width, bestWidth] = [x[g + 1] - x[g], x[best + 1] - x[best]];
      const nearer = Math.abs(g + 0.5 - (lo + hi) / 2) < Math.abs(best + 0.5 - (lo + hi) / 2);
      if (width > bestWidth + 0.01 || (Math.abs(width - bestWidth) <= 0.01 && nearer)) best = g;
    }
    return best;
  });
  /** What each gap must hold: a label clear of both its lifelines, or a self-message's loop and label, or a note beside a lifeline. */
  const least = x.map(() => 0);
  layout.messages.forEach((m, i) => {
    const w = labelWidth(m.label);
    const g = labelGap[i];
    least[g] = Math.max(least[g], m.isSelf ? SELF_LABEL_RIGHT + w + CLEAR : w + 2 * CLEAR);
  });
  for (const n of layout.notes) {
    const a = index.get(n.actors?.[0] ?? '');
    if (a === undefined || (n.position !== 'left' && n.position !== 'right')) continue;
    const g = n.position === 'right' ? a : a - 1;
    if (g >= 0) least[g] = Math.max(least[g], layout.actors[a].width / 2 + NOTE_GAP + n.width + CLEAR);
  }
  for (let g = 0; g + 1 < x.length; g++) {
    const short = least[g] - (x[g + 1] - x[g]);
    if (short > 0) for (let k = g + 1; k < x.length; k++) x[k] += short;
  }

  const moved = layout.actors.map((a, i) => x[i] - a.x);
  const by = (id: string) => moved[index.get(id) ?? 0];
  layout.actors.forEach((a, i) => (a.x = x[i]));
  for (const l of layout.lifelines) l.x += by(l.actorId);
  for (const a of layout.activations) a.x += by(a.actorId);
  layout.messages.forEach((m, i) => {
    m.x1 += by(m.from);
    m.x2 += by(m.to);
    if (!m.isSelf && Math.abs(index.get(m.from)! - index.get(m.to)!) > 1) m.labelX = (x[labelGap[i]] + x[labelGap[i] + 1]) / 2;
  });
  for (const n of layout.notes) {
    const ids = n.actors ?? [];
    n.x += n.position === 'over' && ids.length > 1 ? (by(ids[0]) + by(ids[ids.length - 1])) / 2 : by(ids[0] ?? '');
  }
  layout.blocks.forEach((b, i) => {
    const [lo, hi] = frameSpan(source, source.blocks[i], index);
    b.x += moved[lo];
    b.width += moved[hi] - moved[lo];
    const selfLabelEnds = layout.messages.slice(source.blocks[i].startIndex, source.blocks[i].endIndex + 1).filter((m) => m.isSelf).map((m) => m.x1 + SELF_LABEL_RIGHT + labelWidth(m.label) + CLEAR);
    b.width = Math.max(b.width, ...selfLabelEnds.map((end) => end - b.x));
  });

  const rights = [
    ...layout.actors.map((a) => a.x + a.width / 2),
    ...layout.blocks.map((b) => b.x + b.width),
    ...layout.notes.map((n) => n.x + n.width),
    ...layout.messages.map((m) => (m.isSelf ? m.x1 + SELF_LABEL_RIGHT + labelWidth(m.label) : labelMiddle(m) + labelWidth(m.label) / 2)),
  ];
  layout.width = Math.max(...rights) + PADDING;
}

/**
 * Makes `by` px of room below `below`: what lies lower moves down, what spans it grows, except the
 * frames in `keep`, which end where they ended.
 */
function pushDown(layout: SequenceLayout, below: number, by: number, keep: ReadonlySet<object> = new Set()): void {
  for (const m of layout.messages) if (m.y > below) m.y += by;
  for (const n of layout.notes) if (n.y > below) n.y += by;
  for (const b of layout.blocks) {
    if (b.y > below) b.y += by;
    else if (b.y + b.height > below && !keep.has(b)) b.height += by;
    for (const d of b.dividers) if (d.y > below) d.y += by;
  }
  for (const s of [...layout.activations, ...layout.lifelines]) {
    if (s.topY > below) s.topY += by;
    if (s.bottomY > below) s.bottomY += by;
  }
  layout.height += by;
}

/** Where a message's label is centred (a self-message's starts beside its loop). */
const labelMiddle = (m: SequenceLayout['messages'][number]) => m.labelX ?? (m.x1 + m.x2) / 2;

/** Top of a message's label (a self-message's label sits beside its loop, below its line). */
const labelTop = (m: SequenceLayout['messages'][number]) => (m.isSelf ? m.y : m.y - MESSAGE_LABEL_ABOVE - half(LABEL_SIZE));

/** Room under stick-figure actors' names, which hang below their icons, and lifelines that start under them. */
function roomForActorNames(layout: SequenceLayout): void {
  const figures = layout.actors.filter((a) => a.type === 'actor');
  if (!figures.length) return;
  const namesEnd = Math.max(...figures.map((a) => a.y + a.height + ACTOR_NAME_BELOW + half(ACTOR_LABEL_SIZE)));
  const first = Math.min(...layout.messages.map(labelTop), ...layout.notes.map((n) => n.y), ...layout.blocks.map((b) => b.y));
  const boxesEnd = Math.max(...layout.actors.map((a) => a.y + a.height));
  if (first < namesEnd + GAP) pushDown(layout, boxesEnd, namesEnd + GAP - first);
  for (const l of layout.lifelines) if (figures.some((a) => a.id === l.actorId)) l.topY = namesEnd + GAP;
}

/** A row of its own for each `else`/`and` label that would meet the label of the message after it. */
function roomForDividerLabels(layout: SequenceLayout, source: SequenceSource): void {
  layout.blocks.forEach((b, i) => {
    b.dividers.forEach((d, j) => {
      const m = layout.messages[source.blocks[i].dividers[j].index];
      if (!d.label || !m) return;
      const left = b.x + DIVIDER_TEXT_LEFT;
      const right = left + labelWidth(`[${d.label}]`);
      const w = labelWidth(m.label);
      const [mLeft, mRight] = m.isSelf ? [m.x1 + SELF_LABEL_RIGHT, m.x1 + SELF_LABEL_RIGHT + w] : [labelMiddle(m) - w / 2, labelMiddle(m) + w / 2];
      if (right + GAP <= mLeft || mRight + GAP <= left) return;
      const short = d.y + DIVIDER_TEXT_BELOW + half(LABEL_SIZE) + GAP - labelTop(m);
      if (short > 0) pushDown(layout, d.y + 0.5, short);
    });
  });
}

/**
 * How many frames have ended before each note, in the order the source writes them: the parse
 * records only the message a note follows, which a frame that ends there shares.
 */
export function framesEndedBeforeNotes(lines: string[]): number[] {
  const out: number[] = [];
  let open = 0;
  let ended = 0;
  // The renderer's parser's tests, in its order (sequence/parser.ts).
  for (const line of lines.slice(1)) {
    if (/^(participant|actor)\s/.test(line)) continue;
    if (/^Note\s+(left of|right of|over)\s+([^:]+):\s*(.+)$/i.test(line)) out.push(ended);
    else if (/^(loop|alt|opt|par|critical|break|rect)\s*(.*)$/.test(line)) open++;
    else if (line === 'end' && open > 0) {
      open--;
      ended++;
    }
  }
  return out;
}

/** Each note written after frames that end at the message it follows goes below them. */
function notesAfterFrames(layout: SequenceLayout, source: SequenceSource, lines: string[]): void {
  const endedBefore = framesEndedBeforeNotes(lines);
  source.notes.forEach((note, k) => {
    // Frames are listed as they end (the parse adds one at its `end`).
    const ended = new Set(layout.blocks.filter((_, i) => i < (endedBefore[k] ?? 0) && source.blocks[i].endIndex === note.afterIndex));
    if (!ended.size) return;
    const n = layout.notes[k];
    const short = Math.max(...[...ended].map((b) => b.y + b.height)) + NOTE_GAP - n.y;
    if (short > 0) pushDown(layout, n.y - 0.5, short, ended);
  });
}

/** Lifelines in pieces, leaving out where they would cross a frame's tab or an `else` label. */
function lifelinesBehindFrameLabels(layout: SequenceLayout): void {
  const covers: { left: number; right: number; top: number; bottom: number }[] = [];
  for (const b of layout.blocks) {
    const title = `${b.type}${b.label ? ` [${b.label}]` : ''}`.split('\n')[0];
    covers.push({ left: b.x, right: b.x + TAB_TEXT_LEFT + labelWidth(title, LABEL_SIZE, true) + CLEAR, top: b.y, bottom: b.y + TAB_HEIGHT });
    for (const d of b.dividers) {
      if (!d.label) continue;
      const middle = d.y + DIVIDER_TEXT_BELOW;
      covers.push({ left: b.x + DIVIDER_TEXT_LEFT - CLEAR, right: b.x + DIVIDER_TEXT_LEFT + labelWidth(`[${d.label}]`) + CLEAR, top: middle - half(LABEL_SIZE) - GAP, bottom: middle + half(LABEL_SIZE) + GAP });
    }
  }
  layout.lifelines = layout.lifelines.flatMap((l) => {
    const gaps = covers.filter((c) => c.left <= l.x && l.x <= c.right && c.bottom > l.topY && c.top < l.bottomY).sort((p, q) => p.top - q.top);
    const pieces: typeof layout.lifelines = [];
    let top = l.topY;
    for (const g of gaps) {
      if (g.top > top) pieces.push({ ...l, topY: top, bottomY: g.top });
      top = Math.max(top, g.bottom);
    }
    if (l.bottomY > top) pieces.push({ ...l, topY: top });
    return pieces;
  });
}

/** The renderer's `layout` of `source` (parsed from `lines`), spaced out as the file's comment says. */
export function spacedSequence<L extends SequenceLayout>(layout: L, source: SequenceSource, lines: string[]): L {
  spaceParticipants(layout, source);
  roomForActorNames(layout);
  roomForDividerLabels(layout, source);
  notesAfterFrames(layout, source, lines);
  lifelinesBehindFrameLabels(layout);
  return layout;
}

/**
 * The layout of a flowchart for narrow screens: the same graph, drawn top to bottom instead of
 * left to right, with long node and edge labels on several lines. Its subgraphs keep their own direction, or are
 * turned down too (remark-mermaid.ts draws both and keeps the narrower). Drawn at build time next to the author's
 * layout; the page's CSS shows the one that fits.
 */

/** A label longer than this many characters is broken at spaces into lines of at most this many. */
const LINE_LENGTH = 14;
/** The shorter lines tried where the layout is still too wide for a phone with LINE_LENGTH (remark-mermaid.ts). */
export const SHORT_LINE_LENGTH = 9;

/** Across, down: the direction each across direction of the whole graph becomes. */
const DOWN: Record<string, string> = { LR: 'TB', RL: 'BT' };

/** The renderer's spacing for the narrow layout: the box around the drawing already frames it. */
export const NARROW_RENDER_OPTIONS = { padding: 8, nodeSpacing: 16 };

/** `text` broken at spaces into lines of at most LINE_LENGTH characters (a longer word keeps its line). */
export function wrapLabel(text: string, lineLength = LINE_LENGTH): string {
  if (text.length <= lineLength || /<br\s*\/?>/i.test(text)) return text;
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.length - 1;
    if (last >= 0 && `${lines[last]} ${word}`.length <= lineLength) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines.join('<br/>');
}

export interface NarrowOptions {
  /** Subgraphs drawn across are drawn down too (their titles go on two lines where they must: subgraph-titles.ts). */
  turnSubgraphs?: boolean;
  /** The longest line of a wrapped label, in characters. */
  lineLength?: number;
}

/**
 * The narrow layout's source of a flowchart `body` (no comments or front matter: diagramBody()),
 * or undefined for another diagram type. Only quoted labels are wrapped, where mermaid reads
 * `<br/>` as a line break; subgraph titles are not, as the renderer gives a title one line.
 */
export function narrowSource(body: string, { turnSubgraphs = false, lineLength = LINE_LENGTH }: NarrowOptions = {}): string | undefined {
  const [first, ...rest] = body.split('\n');
  const head = /^(\s*(?:flowchart|graph)\s+)(LR|RL)\b/.exec(first ?? '') ?? /^(\s*(?:flowchart|graph))\b/.exec(first ?? '');
  if (!head) return undefined;
  const direction = head[2] ? DOWN[head[2]] : '';
  const lines = rest.map((line) => {
    if (/^\s*subgraph\b/.test(line)) return line;
    const across = /^(\s*direction\s+)(LR|RL)\s*$/.exec(line);
    if (across) return turnSubgraphs ? `${across[1]}${DOWN[across[2]]}` : line;
    return line.replace(/"([^"]*)"/g, (_m, label: string) => `"${wrapLabel(label, lineLength)}"`);
  });
  return [`${head[1]}${direction}${first!.slice(head[0].length)}`, ...lines].join('\n');
}

/** The page's column on a 360 px phone, and at its widest (a 995 px window, before the sidebar shows): theme.css. */
export const PHONE_COLUMN = 328;
export const WIDEST_COLUMN = 860;
/** The border of a diagram's box: a drawing fits a column this much narrower. */
export const BOX_BORDER = 2;

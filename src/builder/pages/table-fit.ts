/**
 * How wide a table must be to read well as a table, estimated at build time (no browser), so the CSS can turn it
 * into one block per row only where its column is narrower than that (remark-table-labels.ts, theme.css).
 *
 * A cell's words never break inside (rehype-table-words.ts), so a column is at least as wide as its longest word;
 * a column of prose also keeps room for a few words a line. Widths are those of the fonts theme.css names, taken at
 * their widest common fallback (DejaVu Sans, the sans-serif of many Linux desktops): Arial's advance widths
 * (string-pixel-width), widened.
 */
import pixelWidth from 'string-pixel-width';

/** A piece of a cell's text, in the font it is drawn in. */
export interface TextRun {
  text: string;
  font: 'prose' | 'bold' | 'code';
}

/** Body text: 16 px; DejaVu Sans over Arial, measured in Chromium (1.08–1.15 regular, 1.14–1.23 bold). */
const PROSE_SIZE = 16;
const WIDER_REGULAR = 1.15;
const WIDER_BOLD = 1.22;
/** Inline code: 85 % of 16 px in a monospace font, whose advance is 0.6 em, and 0.4 em of padding each side. */
const CODE_ADVANCE = 0.6 * 0.85 * PROSE_SIZE;
const CODE_PADDING = 2 * 0.4 * 0.85 * PROSE_SIZE;
/** A cell's padding (12 px each side) and its border. */
const CELL_EXTRA = 2 * 12 + 1;
/** The narrowest a column of prose should be: about 15 characters a line. */
export const PROSE_MIN = 120;

function runWidth(text: string, font: TextRun['font']): number {
  if (font === 'code') return text.length * CODE_ADVANCE;
  const bold = font === 'bold';
  return pixelWidth(text, { font: 'arial', size: PROSE_SIZE, bold }) * (bold ? WIDER_BOLD : WIDER_REGULAR);
}

/** The width of a cell's longest word (runs touching without a space are one word) and of its whole text on one line. */
export function cellWidths(runs: TextRun[]): { longestWord: number; oneLine: number } {
  let longestWord = 0;
  let oneLine = 0;
  let word = 0;
  for (const { text, font } of runs) {
    const padding = font === 'code' ? CODE_PADDING : 0;
    oneLine += runWidth(text, font) + padding;
    const parts = text.split(/(\s+)/);
    parts.forEach((part, i) => {
      if (/^\s+$/.test(part)) {
        longestWord = Math.max(longestWord, word);
        word = 0;
        return;
      }
      // A code span's padding belongs to its first and last words.
      const edges = font === 'code' ? (i === 0 ? padding / 2 : 0) + (i === parts.length - 1 ? padding / 2 : 0) : 0;
      word += runWidth(part, font) + edges;
    });
  }
  return { longestWord: Math.max(longestWord, word), oneLine };
}

/**
 * The width a column needs: its longest word, and room for a few words a line in its body cells (or the whole text of
 * one, when shorter). A header may wrap between its words.
 */
function columnWidth(header: TextRun[], body: TextRun[][]): number {
  let width = cellWidths(header).longestWord;
  for (const runs of body) {
    const { longestWord, oneLine } = cellWidths(runs);
    width = Math.max(width, longestWord, Math.min(oneLine, PROSE_MIN));
  }
  return width + CELL_EXTRA;
}

/** The width a table needs to read as a table: its header cells, and each body row's cells, each a list of runs. */
export function tableWidth(header: TextRun[][], body: TextRun[][][]): number {
  let width = 1; // the table's outer border
  for (const [c, cell] of header.entries()) width += columnWidth(cell, body.map((row) => row[c] ?? []));
  return Math.ceil(width);
}

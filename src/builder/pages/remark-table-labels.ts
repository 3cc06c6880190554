import type { PhrasingContent, Root, Table, TableCell } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';
import { tableWidth, type TextRun } from './table-fit.ts';

/** Tables with more columns than this keep their grid on a phone and scroll sideways instead. */
const MAX_REFLOW_COLUMNS = 4;

/** The class that lets a table reflow into one labelled block per row (theme.css). */
const REFLOW_CLASS = 'table--reflow';

/**
 * The column widths at which theme.css switches a table to blocks (`table--cards-below-N`): every 20 px from 200 to
 * 480 px, where phones and their nested lists are, then every 40 px up to 600. A table stays a table while its
 * column is at least as wide as it needs, rounded up to a step. Blocks are for phones and small tablets: a column of
 * 600 px or more is a desktop's or a large tablet's, where a table always stays a table (one that needs more than its
 * column scrolls in its box, with an edge cue, rather than turn a desktop page into a tall stack of blocks).
 */
const FIRST_CARDS_WIDTH = 200;
const FINE_STEPS_UP_TO = 480;
const LAST_CARDS_WIDTH = 600;

/** The first of theme.css's steps at which a table `width` wide fits its column. */
export function cardsBelow(width: number): number {
  const step = width <= FINE_STEPS_UP_TO ? 20 : 40;
  return Math.min(LAST_CARDS_WIDTH, Math.max(FIRST_CARDS_WIDTH, Math.ceil(width / step) * step));
}

/** A cell's text as it is drawn: code in the monospace font, strong text (and every header cell) bold. */
function runsOf(nodes: PhrasingContent[], bold: boolean, runs: TextRun[] = []): TextRun[] {
  for (const node of nodes) {
    if (node.type === 'text') runs.push({ text: node.value, font: bold ? 'bold' : 'prose' });
    else if (node.type === 'inlineCode') runs.push({ text: node.value, font: 'code' });
    else if (node.type === 'break') runs.push({ text: ' ', font: 'prose' });
    else if ('children' in node) runsOf(node.children as PhrasingContent[], bold || node.type === 'strong', runs);
  }
  return runs;
}

/**
 * Marks each Markdown table narrow enough to reflow: every body cell carries its column's header text
 * (`data-label`), which the block layout shows above the value, so the labels are in the HTML and need no script.
 * The table's class names the column width below which it reads as blocks: the width it needs as a table
 * (table-fit.ts). The table keeps its semantics in that layout without explicit roles (a role on a table's own parts
 * is invalid HTML): each engine's test of a reflowed table reads them (test/e2e/journeys.ts).
 */
export function labelTable(table: Table): void {
  const [header, ...rows] = table.children;
  if (!header || header.children.length > MAX_REFLOW_COLUMNS) return;
  const labels = header.children.map((cell) => toString(cell).trim());
  const runs = (cells: TableCell[], bold: boolean) => cells.map((cell) => runsOf(cell.children, bold));
  const width = tableWidth(runs(header.children, true), rows.map((row) => runs(row.children, false)));
  table.data = { ...table.data, hProperties: { className: [REFLOW_CLASS, `table--cards-below-${cardsBelow(width)}`] } };
  for (const row of rows) {
    // A short row would get its missing cells unlabelled: they are added here, empty.
    while (row.children.length < labels.length) row.children.push({ type: 'tableCell', children: [] });
    row.children.forEach((cell, i) => {
      cell.data = { ...cell.data, hProperties: { dataLabel: labels[i] ?? '' } };
    });
  }
}

export function remarkTableLabels() {
  return (tree: Root) => visit(tree, 'table', labelTable);
}

import type { Root, Table } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';

/** Tables with more columns than this keep their grid on a phone and scroll sideways instead. */
const MAX_REFLOW_COLUMNS = 4;

/** The class that lets a table reflow into one labelled block per row on a phone (theme.css). */
const REFLOW_CLASS = 'table--reflow';

/**
 * Marks each Markdown table narrow enough to reflow on a phone: every body cell carries its column's header text
 * (`data-label`), which the phone layout shows above the value, so the labels are in the HTML and need no script.
 * Explicit table roles keep the table's semantics for screen readers when that layout changes the cells' display
 * (some browsers drop them otherwise).
 */
export function labelTable(table: Table): void {
  const [header, ...rows] = table.children;
  if (!header || header.children.length > MAX_REFLOW_COLUMNS) return;
  const labels = header.children.map((cell) => toString(cell).trim());
  table.data = { ...table.data, hProperties: { className: [REFLOW_CLASS], role: 'table' } };
  header.data = { ...header.data, hProperties: { role: 'row' } };
  for (const cell of header.children) cell.data = { ...cell.data, hProperties: { role: 'columnheader' } };
  for (const row of rows) {
    row.data = { ...row.data, hProperties: { role: 'row' } };
    // A short row would get its missing cells unlabelled: they are added here, empty.
    while (row.children.length < labels.length) row.children.push({ type: 'tableCell', children: [] });
    row.children.forEach((cell, i) => {
      cell.data = { ...cell.data, hProperties: { role: 'cell', dataLabel: labels[i] ?? '' } };
    });
  }
}

export function remarkTableLabels() {
  return (tree: Root) => visit(tree, 'table', labelTable);
}

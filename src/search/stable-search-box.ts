/**
 * DocSearch's search box swaps its leading icon for a spinner while results are slow ("stalled"). React
 * matches unkeyed siblings by position; Preact also looks for an unused sibling of the same type, so
 * the spinner's <div> took over the actions' <div>, and the text field was drawn anew: it lost focus
 * (and what the reader typed next) and its combobox state. Keys on the box's parts make Preact match
 * them as React does. Installed with the search modal's code, so no other page part pays for it.
 */
import { options, type VNode } from 'preact';

const PART_KEYS: Record<string, string> = {
  'DocSearch-MagnifierLabel': 'leading',
  'DocSearch-LoadingIndicator': 'leading',
  'DocSearch-Input': 'input',
  'DocSearch-Actions': 'actions',
};

let installed = false;

export function keepSearchBoxParts() {
  if (installed) return;
  installed = true;
  const previous = options.vnode;
  options.vnode = (vnode: VNode) => {
    const className = (vnode.props as { className?: unknown } | null)?.className;
    if (vnode.key == null && typeof className === 'string' && className in PART_KEYS) vnode.key = PART_KEYS[className];
    previous?.(vnode);
  };
}

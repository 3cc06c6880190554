/**
 * The "scroll →" hint under a diagram too wide for its box shows while the box can scroll further right. The CSS
 * does this with a scroll timeline; in an engine without scroll timelines (Firefox ESR) the hint never showed, so
 * there this marks the diagram `data-cut-off` while part of its drawing is hidden to the right.
 */
const FIGURE = '.diagram__figure';

export const hasScrollTimelines = () => typeof CSS !== 'undefined' && CSS.supports('animation-timeline: scroll()');

function mark(figure: Element) {
  const cutOff = figure.scrollLeft + figure.clientWidth < figure.scrollWidth - 1;
  figure.parentElement?.toggleAttribute('data-cut-off', cutOff);
}

/** Keeps the marks of the diagrams in `root` up to date as they scroll and resize; returns what stops it. */
export function watchScrollHints(root: HTMLElement): () => void {
  if (hasScrollTimelines()) return () => {};
  const figures = [...root.querySelectorAll(FIGURE)];
  if (figures.length === 0) return () => {};
  figures.forEach(mark);
  // Scroll events do not bubble, but an ancestor sees them in the capture phase.
  const onScroll = (e: Event) => {
    if ((e.target as Element).matches?.(FIGURE)) mark(e.target as Element);
  };
  root.addEventListener('scroll', onScroll, { capture: true, passive: true });
  const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver((entries) => entries.forEach((entry) => mark(entry.target)));
  figures.forEach((f) => resized?.observe(f));
  return () => {
    root.removeEventListener('scroll', onScroll, { capture: true });
    resized?.disconnect();
  };
}

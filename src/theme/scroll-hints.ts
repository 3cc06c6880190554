/**
 * Marks boxes that scroll sideways with what they hide. A table too wide for its box gets `data-more-left` and
 * `data-more-right` while there is more that way (theme.css draws an edge shadow there). The "scroll →" hint under a
 * diagram too wide for its box shows while the box can scroll further right: the CSS does this with a scroll timeline;
 * in an engine without scroll timelines (Firefox ESR) the hint never showed, so there this marks the diagram
 * `data-cut-off` while part of its drawing is hidden to the right.
 */
const FIGURE = '.diagram__figure';
const TABLE_BOX = '.table-scroll';

export const hasScrollTimelines = () => typeof CSS !== 'undefined' && CSS.supports('animation-timeline: scroll()');

const hiddenRight = (box: Element) => box.scrollLeft + box.clientWidth < box.scrollWidth - 1;

function mark(box: Element) {
  if (box.matches(FIGURE)) {
    box.parentElement?.toggleAttribute('data-cut-off', hiddenRight(box));
    return;
  }
  box.toggleAttribute('data-more-left', box.scrollLeft > 1);
  box.toggleAttribute('data-more-right', hiddenRight(box));
}

/** Keeps the marks of the tables and diagrams in `root` up to date as they scroll and resize; returns what stops it. */
export function watchScrollHints(root: HTMLElement): () => void {
  const selector = hasScrollTimelines() ? TABLE_BOX : `${TABLE_BOX}, ${FIGURE}`;
  const boxes = [...root.querySelectorAll(selector)];
  if (boxes.length === 0) return () => {};
  boxes.forEach(mark);
  // Scroll events do not bubble, but an ancestor sees them in the capture phase.
  const onScroll = (e: Event) => {
    if ((e.target as Element).matches?.(selector)) mark(e.target as Element);
  };
  root.addEventListener('scroll', onScroll, { capture: true, passive: true });
  const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver((entries) => entries.forEach((entry) => mark(entry.target)));
  boxes.forEach((b) => resized?.observe(b));
  return () => {
    root.removeEventListener('scroll', onScroll, { capture: true });
    resized?.disconnect();
  };
}

const CANDIDATES = 'a[href], button, input, select, textarea, summary, [tabindex]';

/** The elements of `root` that Tab reaches, in document order. */
export function tabbableElements(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(CANDIDATES)].filter(
    (el) =>
      el.tabIndex >= 0 &&
      !(el as HTMLButtonElement).disabled &&
      !el.closest('[inert], [hidden]') &&
      el.getClientRects().length > 0 &&
      getComputedStyle(el).visibility !== 'hidden',
  );
}

/** The first element Tab reaches after `el` and outside it: where focus goes when `el` is about to disappear. */
export function nextTabbableAfter(el: Element): HTMLElement | undefined {
  return tabbableElements(document.body).find((t) => !el.contains(t) && el.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING);
}

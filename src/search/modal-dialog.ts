/**
 * DocSearch 5.1 draws its overlay as an element with `role="button"` around the search box, and lets Tab walk out of
 * it into the page behind. This gives it a modal dialog's semantics and behaviour without forking it: the dialog role
 * and name on its box, the rest of the page inert while it is open, and Tab and Shift+Tab cycling inside it.
 */
import { tabbableElements } from '../theme/tabbable.ts';

/**
 * Makes the DocSearch modal drawn inside `root` (a direct child of <body>) a modal dialog named `label`, until the
 * returned function is called. React leaves the attributes changed here alone: it writes an attribute again only
 * when DocSearch renders a new value for it, and those it renders here never change while the modal is open.
 */
export function holdAsModalDialog(root: HTMLElement, label: string): () => void {
  // The overlay is the backdrop (a mouse press on it closes the modal), not a control: no role, not a Tab stop.
  const overlay = root.querySelector('.DocSearch-Container');
  for (const name of ['role', 'tabindex', 'aria-expanded', 'aria-haspopup', 'aria-labelledby']) overlay?.removeAttribute(name);
  const box = root.querySelector('.DocSearch-Modal');
  box?.setAttribute('role', 'dialog');
  box?.setAttribute('aria-modal', 'true');
  box?.setAttribute('aria-label', label);

  // Everything else on the page is out of reach of focus, clicks and screen readers.
  const madeInert = [...document.body.children].filter((el) => el !== root && !el.hasAttribute('inert'));
  for (const el of madeInert) el.setAttribute('inert', '');

  // Tab moves through the dialog's own controls and wraps at either end. DocSearch's own trap is skipped: it keeps
  // the first and last control it saw when it opened, before the results and their buttons were there.
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Tab' || e.altKey || e.ctrlKey || e.metaKey) return;
    const order = tabbableElements(box ?? root);
    if (!order.length) return;
    e.preventDefault();
    e.stopPropagation();
    const at = order.indexOf(document.activeElement as HTMLElement);
    const next = e.shiftKey ? (at <= 0 ? order.length - 1 : at - 1) : (at + 1) % order.length;
    order[next].focus();
  };
  document.addEventListener('keydown', onKey, true);

  return () => {
    document.removeEventListener('keydown', onKey, true);
    for (const el of madeInert) el.removeAttribute('inert');
  };
}

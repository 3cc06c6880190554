/**
 * WCAG 2.2's target size minimum (2.5.8): every target a reader can press is at least 24 × 24 CSS px, except an
 * inline link in a sentence, or an undersized target with room around it: a 24 px circle on its centre touches no
 * other target, nor the circle of another undersized target.
 */
import type { Page } from 'playwright-core';

export const MIN_TARGET = 24;

// Plain JavaScript, run in the page as it is: tsx would wrap named functions of a TypeScript callback in a helper
// the page does not have.
const MEASURE = `({ within, outside, allowSpacing }, min) => {
  const selector = 'a[href], button, summary, input, select, textarea, [role="button"], [role="tab"], [role="menuitem"], [tabindex]:not([tabindex="-1"])';
  const all = [...document.querySelectorAll(selector)].filter((el) => {
    if (el.closest('[inert]')) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  });
  const box = (el) => el.getBoundingClientRect();
  const small = (el) => box(el).width < min - 0.5 || box(el).height < min - 0.5;
  // In a sentence: an inline target whose block holds other text.
  const inSentence = (el) => {
    if (getComputedStyle(el).display !== 'inline') return false;
    let block = el.parentElement;
    while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
    const own = (el.textContent || '').replace(/\\s+/g, '');
    return !!block && (block.textContent || '').replace(/\\s+/g, '').length > own.length;
  };
  const centre = (el) => {
    const r = box(el);
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  };
  const distanceToBox = (p, r) => Math.hypot(Math.max(r.left - p.x, 0, p.x - r.right), Math.max(r.top - p.y, 0, p.y - r.bottom));
  // The spacing exception: a 24 px circle on its centre reaches no other target, nor another small target's circle.
  const spaced = (el) => {
    const c = centre(el);
    return all.every((other) => {
      if (other === el || other.contains(el) || el.contains(other)) return true;
      if (distanceToBox(c, box(other)) < min / 2) return false;
      if (small(other) && !inSentence(other)) {
        const o = centre(other);
        if (Math.hypot(c.x - o.x, c.y - o.y) < min) return false;
      }
      return true;
    });
  };
  return all
    .filter((el) => el.closest(within) !== null && !(outside && el.closest(outside)))
    .filter((el) => small(el) && !inSentence(el) && !(allowSpacing && spaced(el)))
    .map((el) => {
      const r = box(el);
      const name = (el.getAttribute('aria-label') || el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
      return el.tagName.toLowerCase() + '.' + String(el.className).split(' ')[0] + ' "' + name + '": ' + Math.round(r.width) + ' × ' + Math.round(r.height);
    });
}`;

export interface TargetScope {
  /** Measure the targets inside this selector (default: the whole page)… */
  within?: string;
  /** …but not those inside this one. */
  outside?: string;
  /** Allow WCAG's spacing exception (default); without it only a link in a sentence may be smaller. */
  allowSpacing?: boolean;
}

/** Each target below the minimum and without an exception, as `tag.class "name": width × height`. */
export function undersizedTargets(page: Page, { within = 'body', outside = '', allowSpacing = true }: TargetScope = {}): Promise<string[]> {
  return page.evaluate(`(${MEASURE})(${JSON.stringify({ within, outside, allowSpacing })}, ${MIN_TARGET})`) as Promise<string[]>;
}

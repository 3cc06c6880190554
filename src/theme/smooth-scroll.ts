/** Each frame covers this share of the remaining distance's complement: remaining *= 0.85. */
export const SMOOTH_SCROLL_FACTOR = 0.85;

export function prefersReducedMotion(): boolean {
  return !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/** Scrolls to an element smoothly (or at once when the reader prefers reduced motion). */
let running = 0;

export function smoothScrollTo(el: HTMLElement, offset = 0) {
  const run = ++running; // a newer scroll (or a jump) stops this one
  // The target is measured every frame: content above it (a diagram being drawn) may still move it.
  const target = () => Math.max(0, el.getBoundingClientRect().top + window.scrollY - offset);
  if (prefersReducedMotion()) {
    window.scrollTo(0, target());
    return;
  }
  let remaining = target() - window.scrollY;
  const step = () => {
    if (run !== running) return;
    remaining *= SMOOTH_SCROLL_FACTOR;
    if (Math.abs(remaining) < 1) {
      window.scrollTo(0, target());
      return;
    }
    window.scrollTo(0, target() - remaining);
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}


/** In-page anchor links (#id) scroll smoothly; the URL keeps the hash. */
export function installSmoothAnchors() {
  document.addEventListener('click', (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element | null)?.closest?.('a[href^="#"]') as HTMLAnchorElement | null;
    if (!a) return;
    const id = decodeURIComponent(a.hash.slice(1));
    const el = id ? document.getElementById(id) : null;
    if (!el) return;
    e.preventDefault();
    const offset = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    smoothScrollTo(el, offset);
    window.history.pushState(window.history.state, '', `#${encodeURIComponent(id)}`);
    // As the browser would: a focusable target (the skip link's main area) takes focus.
    if (el.hasAttribute('tabindex')) el.focus({ preventScroll: true });
  });
}

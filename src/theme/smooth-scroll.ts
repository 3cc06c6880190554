/** The specification's smooth-scroll factor: at 60 frames a second, each frame covers 15 % of the distance left. */
export const SMOOTH_SCROLL_FACTOR = 0.85;
/** How long a smooth scroll takes, whatever the frame rate: a slow phone's 20 frames a second and a 120 Hz screen alike. */
export const SMOOTH_SCROLL_MS = 400;
const FRAME_MS = 1000 / 60;

export function prefersReducedMotion(): boolean {
  return !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The share of the way covered `elapsed` ms into a smooth scroll: the factor's ease-out curve in time rather than in
 * frames (so a frame drawn late catches up instead of slowing the scroll), brought to its end at SMOOTH_SCROLL_MS.
 */
export function scrollProgress(elapsed: number): number {
  if (elapsed >= SMOOTH_SCROLL_MS) return 1;
  const curve = (ms: number) => 1 - SMOOTH_SCROLL_FACTOR ** (Math.max(0, ms) / FRAME_MS);
  return curve(elapsed) / curve(SMOOTH_SCROLL_MS);
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
  // The scroll glides over one window height at most: farther away, it starts one window short of the target. The
  // reader sees the page arrive, and the browser paints the pages in between not at all (a software-rendered
  // WebKit spent 400 ms on each frame of a long glide through a page's diagrams).
  const distance = target() - window.scrollY;
  const from = Math.abs(distance) > window.innerHeight ? target() - Math.sign(distance) * window.innerHeight : window.scrollY;
  if (from !== window.scrollY) window.scrollTo(0, from);
  const start = performance.now();
  const step = () => {
    if (run !== running) return;
    // The time now, not the frame's: a busy WebKit hands a frame the time it was asked for, long before it runs.
    const progress = scrollProgress(performance.now() - start);
    window.scrollTo(0, from + (target() - from) * progress);
    if (progress < 1) requestAnimationFrame(step);
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
    const offset = anchorOffset(el);
    smoothScrollTo(el, offset);
    window.history.pushState(window.history.state, '', `#${encodeURIComponent(id)}`);
    // As the browser would: a focusable target (the skip link's main area) takes focus.
    if (el.hasAttribute('tabindex')) el.focus({ preventScroll: true });
  });
}

/** How far below the top of the window a link's target lands: its scroll-margin-top (the header and a gap). */
export function anchorOffset(el: Element): number {
  return parseFloat(getComputedStyle(el).scrollMarginTop) || 0;
}

/**
 * A page opened at #heading: the browser scrolls there as the HTML arrives, but images, fonts and
 * hydration may move the heading afterwards. Once the page has loaded (and again when fonts are
 * ready), the heading is put back at its margin, unless the reader has scrolled on their own.
 */
export function keepHashTargetInPlace() {
  const id = decodeURIComponent(window.location.hash.slice(1));
  if (!id) return;
  let readerMoved = false;
  const stop = () => {
    readerMoved = true;
  };
  const inputs = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
  for (const e of inputs) window.addEventListener(e, stop, { passive: true, once: true });
  const startPath = window.location.pathname;
  const settle = () => {
    if (readerMoved || window.location.pathname !== startPath || decodeURIComponent(window.location.hash.slice(1)) !== id) return;
    const el = document.getElementById(id);
    if (!el) return;
    const off = el.getBoundingClientRect().top - anchorOffset(el);
    if (Math.abs(off) > 1) window.scrollTo(0, Math.max(0, window.scrollY + off));
  };
  const afterLoad = () => {
    settle();
    requestAnimationFrame(settle);
    void document.fonts?.ready.then(settle);
    // Late content (a diagram drawn when in view) may still move things; one more look, then stop listening.
    setTimeout(() => {
      settle();
      for (const e of inputs) window.removeEventListener(e, stop);
    }, 1000);
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SMOOTH_SCROLL_MS, scrollProgress, smoothScrollTo } from '../../src/theme/smooth-scroll.ts';

/**
 * A window whose frames come at a chosen rate: requestAnimationFrame and performance.now run on a clock the test
 * moves, and scrolling (from `startY`) moves a heading that sits `top` px down the document.
 */
function scene(fps: number, top: number, startY = 0) {
  let now = 1000;
  let scrollY = startY;
  let queued: FrameRequestCallback[] = [];
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => queued.push(cb));
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
  vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, y: number) => void (scrollY = y)) as unknown as typeof window.scrollTo);
  const heading = document.createElement('h2');
  const place = { top };
  heading.getBoundingClientRect = () => ({ top: place.top - scrollY }) as DOMRect;
  return {
    heading,
    place,
    scrollY: () => scrollY,
    /** Runs frames until nothing asks for another; returns how long after the start the last one ran. */
    run(onFrame?: (elapsed: number) => void) {
      const start = now;
      while (queued.length) {
        now += 1000 / fps;
        const frame = queued;
        queued = [];
        for (const cb of frame) cb(now);
        onFrame?.(now - start);
        if (now - start > 10_000) throw new Error('the scroll never ends');
      }
      return now - start;
    },
  };
}

describe('smooth scrolling to an anchor', () => {
  beforeEach(() => vi.stubGlobal('matchMedia', () => ({ matches: false })));
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('takes the same time at 20 and at 120 frames a second, and lands exactly', () => {
    const times = [20, 120].map((fps) => {
      const s = scene(fps, 5000);
      smoothScrollTo(s.heading, 72);
      const took = s.run();
      expect(s.scrollY()).toBe(5000 - 72);
      return took;
    });
    for (const t of times) expect(t).toBeGreaterThanOrEqual(SMOOTH_SCROLL_MS);
    expect(times[0]).toBeLessThanOrEqual(SMOOTH_SCROLL_MS + 50); // at most one 20 fps frame late
    expect(times[1]).toBeLessThanOrEqual(SMOOTH_SCROLL_MS + 1000 / 120);
  });

  it('glides over one window height at most, easing out', () => {
    const s = scene(60, 3000);
    smoothScrollTo(s.heading, 0);
    const seen = [s.scrollY()];
    s.run(() => seen.push(s.scrollY()));
    expect(seen[0]).toBe(3000 - window.innerHeight); // a far target: the glide starts one window short of it
    expect(seen[1]).toBeGreaterThan(seen[0]);
    expect(seen[1]).toBeLessThan(seen[0] + window.innerHeight * 0.3);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]);
    expect(seen.at(-1)).toBe(3000);
  });

  it('glides all the way to a near target, up as well as down', () => {
    const s = scene(60, 200, 500);
    smoothScrollTo(s.heading, 0);
    expect(s.scrollY()).toBe(500); // no jump: it is less than a window away
    s.run();
    expect(s.scrollY()).toBe(200);
  });

  it('follows a target that content above it moves during the scroll', () => {
    const s = scene(30, 4000);
    smoothScrollTo(s.heading, 72);
    s.run((elapsed) => {
      if (elapsed > 100 && s.place.top === 4000) s.place.top = 4600; // a diagram above grew
    });
    expect(s.scrollY()).toBe(4600 - 72);
  });

  it('jumps at once when the reader prefers reduced motion', () => {
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('reduce') }));
    const s = scene(60, 2000);
    smoothScrollTo(s.heading, 72);
    expect(s.scrollY()).toBe(2000 - 72);
    expect(s.run()).toBe(0);
  });

  it('covers the way from 0 to 1 over the scroll time', () => {
    expect(scrollProgress(0)).toBe(0);
    expect(scrollProgress(SMOOTH_SCROLL_MS / 4)).toBeGreaterThan(0.5);
    expect(scrollProgress(SMOOTH_SCROLL_MS - 1)).toBeLessThan(1);
    expect(scrollProgress(SMOOTH_SCROLL_MS)).toBe(1);
    expect(scrollProgress(-5)).toBe(0);
  });
});

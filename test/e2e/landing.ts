import assert from 'node:assert/strict';

/** What recordLanding measured: when the heading landed, how many frames were drawn before, and when the last one was. */
export interface Landing {
  ms: number;
  frames: number;
  lastFrameBefore: number;
}

/**
 * In the page: from the next click on, times how long the heading `id` takes to land at its scroll margin below the
 * header, and notes the frames the browser drew meanwhile, each looked at after the frame's scrolling. `landing()` reads the result once it has landed.
 * (Page functions: run them through pageExpression, which gives them the helper tsx's compiled names need.)
 */
export const recordLanding = (id: string) => {
  const w = window as unknown as { landing?: Landing };
  delete w.landing;
  document.addEventListener(
    'click',
    () => {
      const start = performance.now();
      let frames = 0;
      let lastFrameBefore = 0;
      const look = () => {
        const el = document.getElementById(id)!;
        const off = el.getBoundingClientRect().top - parseFloat(getComputedStyle(el).scrollMarginTop);
        const now = performance.now() - start;
        if (Math.abs(off) <= 2) w.landing = { ms: Math.round(now), frames, lastFrameBefore: Math.round(lastFrameBefore) };
        else if (now < 10_000) {
          frames++;
          lastFrameBefore = now;
          // Looked at once the frame's callbacks have run, the scroll's own among them: a callback of this one
          // runs before the scroll's (it was asked for first), and would see each frame's position a frame late.
          requestAnimationFrame(() => setTimeout(look));
        }
      };
      look();
    },
    { capture: true, once: true },
  );
};

/**
 * In the page: animation frames at most every `interval` ms (50: 20 frames a second, a slow phone's rate), whatever the
 * machine can draw. Each callback waits for the first of the browser's frames at least `interval` after the last frame
 * that ran callbacks, so a faster machine draws no more of them, and a slower one draws fewer.
 */
export const fewFrames = (interval: number) => {
  const native = window.requestAnimationFrame.bind(window);
  let waiting = new Map<number, FrameRequestCallback>();
  let nextId = 1;
  let asked = false;
  let last = -Infinity;
  const frame = (time: number) => {
    if (time - last < interval - 1) return void native(frame); // 1 ms short: a 60 Hz screen's third frame is at 49.99
    last = time;
    asked = false;
    const due = waiting;
    waiting = new Map();
    for (const callback of due.values()) callback(time);
  };
  window.requestAnimationFrame = (callback) => {
    waiting.set(nextId, callback);
    if (!asked) (asked = true), native(frame);
    return nextId++;
  };
  window.cancelAnimationFrame = (id) => void waiting.delete(id);
};

export const landing = () => (window as unknown as { landing?: Landing }).landing ?? null;

/** The anchor scroll's own time (src/theme/smooth-scroll.ts), and what a reader may wait for a heading. */
const SCROLL_MS = 400;
const BUDGET_MS = 1000;

/**
 * The heading landed within 1 s; or, where the machine drew so few frames that no scroll could (a frame every 400 ms
 * or more, as a loaded machine gives software-rendered WebKit), it landed on the first frame after the scroll's time.
 */
export function assertLandedInTime({ ms, frames, lastFrameBefore }: Landing, engine: string) {
  const what = `${engine}: landed after ${ms} ms, ${frames} frames, the last one before landing at ${lastFrameBefore} ms`;
  assert.ok(ms <= BUDGET_MS || lastFrameBefore < SCROLL_MS + 20, what);
}

/**
 * In the page: from the next click on, times how long the heading `id` takes to land at its scroll margin below the
 * header, and counts the frames the browser drew meanwhile. `landing()` reads the result once it has landed.
 * (Page functions: run them through pageExpression, which gives them the helper tsx's compiled names need.)
 */
export const recordLanding = (id: string) => {
  const w = window as unknown as { landing?: { ms: number; frames: number } };
  delete w.landing;
  document.addEventListener(
    'click',
    () => {
      const start = performance.now();
      let frames = 0;
      const look = () => {
        const el = document.getElementById(id)!;
        const off = el.getBoundingClientRect().top - parseFloat(getComputedStyle(el).scrollMarginTop);
        if (Math.abs(off) <= 2) w.landing = { ms: Math.round(performance.now() - start), frames };
        else if (performance.now() - start < 10_000) {
          frames++;
          requestAnimationFrame(look);
        }
      };
      look();
    },
    { capture: true, once: true },
  );
};

export const landing = () => (window as unknown as { landing?: { ms: number; frames: number } }).landing ?? null;

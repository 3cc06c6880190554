/**
 * What an engine painted, read from its own screenshot (Tab.screenshot) in the page's canvas, so the same check runs in
 * every engine: how bright each column of a box is, from 0 (black) to 1 (white).
 */
import type { Tab } from './engines/engine.ts';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Resolves once the page's load has ended: scroll the page to what is to be photographed only after it. */
export const loaded = (tab: Tab) =>
  tab.evaluate(() => new Promise<void>((done) => (document.readyState === 'complete' ? done() : addEventListener('load', () => done(), { once: true }))));

/**
 * The mean brightness of each column of the box `measure` finds (CSS pixels of the window), read from a screenshot taken
 * while the box stood still: the page has loaded (an engine restores a reloaded page's scroll position when its load
 * ends, which moved the box under WebKit on a busy machine), two frames have been painted since the box was measured,
 * and the box is where it was after the screenshot too; otherwise it is measured and taken again.
 */
export async function columnBrightness(tab: Tab, measure: () => Box): Promise<number[]> {
  await loaded(tab);
  for (let attempt = 1; ; attempt++) {
    const box = await tab.evaluate(measure);
    await tab.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
    const png = await tab.screenshot();
    const after = await tab.evaluate(measure);
    if (after.x === box.x && after.y === box.y && after.width === box.width && after.height === box.height) return brightnessIn(tab, png, box);
    if (attempt === 5) throw new Error(`the box kept moving while it was photographed: ${JSON.stringify(box)}, then ${JSON.stringify(after)}`);
  }
}

/** The mean brightness of each column of `box` in the screenshot `png` of the window. */
function brightnessIn(tab: Tab, png: string, box: Box): Promise<number[]> {
  return tab.evaluate(
    async (data: string, b: Box) => {
      const img = new Image();
      img.src = `data:image/png;base64,${data}`;
      await img.decode();
      const scale = img.width / window.innerWidth;
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const g = canvas.getContext('2d')!;
      g.drawImage(img, 0, 0);
      const [x, y, w, h] = [b.x, b.y, b.width, b.height].map((v) => Math.max(1, Math.round(v * scale)));
      const { data: px } = g.getImageData(x, y, w, h);
      const columns: number[] = [];
      for (let c = 0; c < w; c += Math.max(1, Math.round(scale))) {
        let sum = 0;
        for (let r = 0; r < h; r++) {
          const i = (r * w + c) * 4;
          sum += (px[i] + px[i + 1] + px[i + 2]) / (3 * 255);
        }
        columns.push(sum / h);
      }
      return columns;
    },
    png,
    box,
  );
}

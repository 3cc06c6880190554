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

/** The mean brightness of each column of `box` (CSS pixels of the window) in the window as painted now. */
export async function columnBrightness(tab: Tab, box: Box): Promise<number[]> {
  const png = await tab.screenshot();
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

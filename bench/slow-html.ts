/**
 * A page's first paint and layout shifts when its HTML arrives slowly: serves dist/ with each HTML file streamed at
 * RATE bytes a second (its assets at once, the worst case for a page painted half-parsed), in the headless Chromium,
 * and prints each page's first contentful paint and the layout shifts recorded during the load.
 * Usage: npx tsx bench/slow-html.ts [RATE] [ROUTE …]   (after npm run build; RATE defaults to 5000)
 */
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM } from '../test/e2e/support.ts';

const [rateArg, ...routeArgs] = process.argv.slice(2);
const RATE = Number(rateArg ?? 5000);
const ROUTES = routeArgs.length ? routeArgs : ['/', '/docs/concepts/', '/docs/guides/self-hosting/linux/'];
const PACKET = 1460;
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml' };
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const server = http.createServer(async (req, res) => {
  let file = decodeURIComponent(new URL(req.url!, 'http://site').pathname);
  if (file.endsWith('/')) file += 'index.html';
  const body = await readFile(path.join('dist', file)).catch(() => null);
  if (!body) return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
  if (!file.endsWith('.html')) return void res.end(body);
  for (let i = 0; i < body.length; i += PACKET) {
    res.write(body.subarray(i, i + PACKET));
    await pause((PACKET / RATE) * 1000);
  }
  res.end();
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const { port } = server.address() as { port: number };
const browser = await chromium.launch({ executablePath: CHROMIUM });
console.log(`HTML at ${RATE} B/s, assets at once`);
for (const width of [360, 1280]) {
  for (const route of ROUTES) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    await context.addInitScript(() => {
      const w = window as unknown as { shifts: number[] };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.shifts.push(e.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${port}${route}`, { waitUntil: 'load' });
    await page.waitForTimeout(500);
    const { cls, fcp } = await page.evaluate(() => ({
      cls: (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0),
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    }));
    console.log(`${width} px ${route}: first contentful paint ${Math.round(fcp)} ms, CLS ${cls.toFixed(4)}`);
    await context.close();
  }
}
await browser.close();
server.close();

/**
 * Build benchmark: wall time of `npm run build`, then the JS and CSS a first visit downloads
 * (raw and gzip) for the home page, a doc page and a guide page, measured in Chromium: the
 * files the page requests until the network is idle (lazy chunks such as mermaid included).
 * Usage: npx tsx bench/build.ts [--no-build]
 */
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { launchBrowser, startSite } from '../test/e2e/support.ts';

const BUDGET_GZIP_JS = 100 * 1024;
const PAGES = [
  '/',
  '/docs/getting-started/',
  '/docs/concepts/sharing-public/',
  '/docs/guides/self-hosting/oauth/configuring-oauth/',
  '/docs/guides/self-hosting/linux/',
];

if (!process.argv.includes('--no-build')) {
  const started = performance.now();
  const r = spawnSync('npx', ['tsx', 'scripts/build.ts'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  console.log(`build wall time: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const site = await startSite('dist');
const browser = await launchBrowser();
console.log('\nFirst visit: "initial" = the JS the HTML loads before the page is interactive; "later" = chunks fetched after\nhydration until the network is idle (e.g. mermaid, loaded only when a diagram scrolls into view).');
console.log('page                                               | initial JS raw | initial JS gzip | later JS gzip | all JS gzip | CSS gzip | HTML gzip | budget: initial JS gzip <= 100 KB');
for (const p of PAGES) {
  const page = await browser.newPage();
  const files = new Set<string>();
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (/\.(js|css)$/.test(u.pathname)) files.add(u.pathname);
  });
  await page.goto(site.url + p, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const html = await readFile(path.join('dist', p, 'index.html'), 'utf8');
  const initial = new Set([...html.matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((m) => m[1]));
  const sums = { js: 0, jsGz: 0, laterGz: 0, cssGz: 0 };
  const later: string[] = [];
  for (const f of files) {
    const data = await readFile(path.join('dist', f));
    const gz = gzipSync(data, { level: 9 }).length;
    if (f.endsWith('.css')) sums.cssGz += gz;
    else if (initial.has(f)) { sums.js += data.length; sums.jsGz += gz; }
    else {
      sums.laterGz += gz;
      later.push(path.basename(f));
    }
  }
  const verdict = sums.jsGz <= BUDGET_GZIP_JS ? 'within' : `OVER by ${kb(sums.jsGz - BUDGET_GZIP_JS)}`;
  console.log(
    `${p.padEnd(51)}| ${kb(sums.js).padEnd(15)}| ${kb(sums.jsGz).padEnd(16)}| ${kb(sums.laterGz).padEnd(14)}| ${kb(sums.jsGz + sums.laterGz).padEnd(12)}| ${kb(sums.cssGz).padEnd(9)}| ${kb(gzipSync(html).length).padEnd(10)}| ${verdict}`,
  );
  if (later.length) console.log(`${''.padEnd(51)}  later: ${later.join(', ')}`);
  await page.close();
}
await browser.close();
await site.close();

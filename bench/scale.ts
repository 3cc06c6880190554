/**
 * Scale benchmark: generates 1,000, 5,000 and 10,000 synthetic pages over the three versions,
 * builds each with the real pipeline (`scripts/build.ts`: client + SSR bundle, prerender, search
 * index, link check) in a throwaway copy of the engine, and prints wall time, peak memory of the
 * whole process tree, output size, time per page and the growth between sizes, plus what one doc
 * page costs a reader (its HTML and first-visit JS), which must not grow with the site.
 * Usage: npx tsx bench/scale.ts [--sizes 1000,5000,10000]
 */
import { spawn } from 'node:child_process';
import { readFile, readdir, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { createWorkspace } from './workspace.ts';
import { generateSite } from './synthetic.ts';
import { watchPeakRss } from './process-tree.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const SIZES = (arg('--sizes') ?? '1000,5000,10000').split(',').map(Number);
const LIMITS = { seconds: 300, peakBytes: 2 * 1024 ** 3, perPageGrowth: 1.5 };

const mb = (n: number) => `${(n / 1024 ** 2).toFixed(0)} MB`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function dirSize(dir: string): Promise<{ bytes: number; files: number }> {
  let bytes = 0;
  let files = 0;
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    bytes += (await stat(path.join(e.parentPath, e.name))).size;
    files++;
  }
  return { bytes, files };
}

function runBuild(cwd: string): Promise<{ code: number; seconds: number; peak: number; output: string }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(path.join(cwd, 'node_modules/.bin/tsx'), ['scripts/build.ts'], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const watch = watchPeakRss(child.pid!);
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ code: code ?? 1, seconds: (performance.now() - started) / 1000, peak: watch.stop(), output }));
  });
}

/** What a first visit to one doc page downloads before it is interactive: its HTML and the JS it names. */
async function pageCost(dist: string, route: string) {
  const html = await readFile(path.join(dist, route, 'index.html'), 'utf8');
  const scripts = new Set([...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/([^"]+\.js)"/g)].map((m) => m[1]));
  let jsGzip = 0;
  for (const s of scripts) jsGzip += gzipSync(await readFile(path.join(dist, s))).length;
  return { htmlGzip: gzipSync(html).length, jsGzip, jsFiles: scripts.size };
}

interface Row {
  pages: number;
  seconds: number;
  peak: number;
  outBytes: number;
  outFiles: number;
  htmlGzip: number;
  jsGzip: number;
}

const rows: Row[] = [];
for (const size of SIZES) {
  const ws = await createWorkspace(`zrok-docs-scale-${size}-`);
  try {
    const site = await generateSite(path.join(ws.dir, 'content/docs'), size);
    console.log(`\n${size} pages: generated; building (sample page ${site.sampleRoute}) …`);
    const r = await runBuild(ws.dir);
    if (r.code !== 0) {
      console.error(r.output);
      throw new Error(`build of ${size} pages failed`);
    }
    const out = await dirSize(path.join(ws.dir, 'dist'));
    const cost = await pageCost(path.join(ws.dir, 'dist'), site.sampleRoute);
    rows.push({ pages: site.pages, seconds: r.seconds, peak: r.peak, outBytes: out.bytes, outFiles: out.files, htmlGzip: cost.htmlGzip, jsGzip: cost.jsGzip });
    console.log(r.output.trim().split('\n').slice(-3).join('\n'));
  } finally {
    await ws.remove();
  }
}

console.log('\n| pages | build wall | ms per page | growth of ms/page vs first | peak RSS (tree) | output | files | sample page HTML gzip | its first-visit JS gzip |');
console.log('|---|---|---|---|---|---|---|---|---|');
const base = rows[0];
for (const r of rows) {
  const perPage = (r.seconds * 1000) / r.pages;
  const growth = perPage / ((base.seconds * 1000) / base.pages);
  console.log(`| ${r.pages} | ${r.seconds.toFixed(1)} s | ${perPage.toFixed(1)} | ${growth.toFixed(2)}× | ${mb(r.peak)} | ${mb(r.outBytes)} | ${r.outFiles} | ${kb(r.htmlGzip)} | ${kb(r.jsGzip)} |`);
}
const last = rows[rows.length - 1];
const lastGrowth = (last.seconds / last.pages) / (base.seconds / base.pages);
console.log(`\ntargets at ${last.pages} pages: build < ${LIMITS.seconds} s: ${last.seconds < LIMITS.seconds ? 'met' : 'MISSED'}; peak < 2 GB: ${last.peak < LIMITS.peakBytes ? 'met' : 'MISSED'}; ms/page growth ≤ ${LIMITS.perPageGrowth}×: ${lastGrowth <= LIMITS.perPageGrowth ? 'met' : 'MISSED'}; page HTML + JS growth: ${(last.htmlGzip / base.htmlGzip).toFixed(2)}× / ${(last.jsGzip / base.jsGzip).toFixed(2)}×`);

/**
 * Scale benchmark: generates 1,000, 5,000 and 10,000 synthetic pages over the three versions,
 * builds each with the real pipeline (`scripts/build.ts`: pages, client + SSR bundle, prerender,
 * search index, link check) in a throwaway copy of the engine, and prints:
 * - wall time of a cold build (empty cache), of a rebuild with nothing changed (the build stamp
 *   stops it at once) and of a rebuild after one page's text was edited (median of five), peak memory of
 *   the whole process tree, output size, time per page and its growth between sizes;
 * - what one doc page costs a reader: its HTML, the JS it loads before it is interactive, the data
 *   a navigation to it fetches, and the bytes the first search query downloads;
 * - `npm run dev` on the same content: time until it serves a page (cold: empty cache; warm: after
 *   a build), and the time from saving an edit to the new text showing in Chromium.
 * Usage: npx tsx bench/scale.ts [--sizes 1000,5000,10000] [--no-dev]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { createWorkspace } from '../test/e2e/workspace.ts';
import { generateSite } from './synthetic.ts';
import { watchPeakRss } from './process-tree.ts';
import { launchBrowser } from '../test/e2e/support.ts';
import { firstQueryDownloads, wholeIndex } from './search-files.ts';
import { freePort, timeEdit, waitFor } from './dev-server.ts';
import siteConfig from '../site.config.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const SIZES = (arg('--sizes') ?? '1000,5000,10000').split(',').map(Number);
const WITH_DEV = !process.argv.includes('--no-dev');
const LIMITS = { seconds: 300, editSeconds: 3, peakBytes: 2 * 1024 ** 3, perPageGrowth: 1.5, devStartMs: 3000, devEditMs: 300 };
/** One-edit builds run, each a new sentence; the median is reported. */
const EDITS = 5;

const mb = (n: number) => `${(n / 1024 ** 2).toFixed(0)} MB`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const gz = async (file: string) => gzipSync(await readFile(file)).length;

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

function runBuild(cwd: string): Promise<{ seconds: number; peak: number; output: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['scripts/build.mjs'], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const watch = watchPeakRss(child.pid!);
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const result = { seconds: (performance.now() - started) / 1000, peak: watch.stop(), output };
      if (code === 0) resolve(result);
      else reject(new Error(`build failed:\n${output}`));
    });
  });
}

/** Resolves once the folder the last build set aside (its old dist/) has been removed. */
async function backgroundRemovalDone(cwd: string) {
  const aside = path.join(cwd, '.cache/removing');
  while ((await readdir(aside).catch(() => [])).length) await new Promise((r) => setTimeout(r, 200));
}

/** What a first visit to one doc page downloads before it is interactive, and what navigating to it fetches. */
async function pageCost(dist: string, route: string) {
  const html = await readFile(path.join(dist, route, 'index.html'), 'utf8');
  const scripts = new Set([...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/([^"]+\.js)"/g)].map((m) => m[1]));
  let jsGzip = 0;
  for (const s of scripts) jsGzip += await gz(path.join(dist, s));
  const data = JSON.parse(await readFile(path.join(dist, route, 'page-data.json'), 'utf8')) as { sidebar: unknown[] };
  const count = (items: { items?: unknown[] }[]): number => items.reduce((n, i) => n + 1 + count((i.items ?? []) as { items?: unknown[] }[]), 0);
  const current = siteConfig.versions.find((v) => v.current)!;
  return {
    htmlGzip: gzipSync(html).length,
    jsGzip,
    dataGzip: await gz(path.join(dist, route, 'page-data.json')),
    sidebarItems: count(data.sidebar as { items?: unknown[] }[]),
    search: await searchCost(dist, current.tag),
  };
}

/** Queries a reader might type first: common words, a rare one, two words, and a single letter. */
const FIRST_QUERIES = ['share', 'token limit', 'certificate', 'configure the service', 'troubleshooting', 'quota', 's'];

/** The bytes a first search downloads (median and worst over FIRST_QUERIES) against the whole index. */
async function searchCost(dist: string, tag: string) {
  const runs = (await firstQueryDownloads(dist, tag, FIRST_QUERIES)).sort((a, b) => a.gzip - b.gzip);
  return { median: runs[Math.floor(runs.length / 2)], worst: runs.at(-1)!, whole: await wholeIndex(dist, tag) };
}

/** Starts `vite` in the workspace; resolves with the ms until it answers a page's data. */
async function startDev(cwd: string, route: string): Promise<{ ms: number; url: string; child: ChildProcess }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(path.join(cwd, 'node_modules/.bin/vite'), ['--port', String(port), '--strictPort', '--host', '127.0.0.1'], { cwd, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(async () => ((await fetch(`${url}${route}page-data.json`)).ok ? true : undefined), 120_000);
  return { ms: performance.now() - started, url, child };
}

async function measureDev(cwd: string, route: string, source: string) {
  const stop = (c: ChildProcess) => new Promise<void>((r) => (c.once('exit', () => r()), c.kill()));
  // Cold: no page cache, so every page is parsed once. The cache is set aside outside the project: inside it, its
  // tens of thousands of files would be watched by the dev server, as no reader's project has them.
  const aside = `${cwd}-cache-aside`;
  await rename(path.join(cwd, '.cache'), aside);
  const cold = await startDev(cwd, route);
  await stop(cold.child);
  await rm(path.join(cwd, '.cache'), { recursive: true, force: true });
  await rename(aside, path.join(cwd, '.cache'));
  // Warm: the cache the build left.
  const warm = await startDev(cwd, route);
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const opened = performance.now();
    await page.goto(warm.url + route);
    await page.locator('h1').first().waitFor({ timeout: 60_000 });
    const firstRender = performance.now() - opened;
    const edits: number[] = [];
    const file = path.join(cwd, source);
    const original = await readFile(file, 'utf8');
    for (let i = 0; i < 5; i++) {
      const marker = `Edited paragraph number ${i} ${Date.now()}`;
      edits.push((await timeEdit(page, marker, () => writeFile(file, original.replace(/\n## Overview\n/, `\n${marker}\n\n## Overview\n`)))).ms);
      await page.waitForTimeout(300);
    }
    await writeFile(file, original);
    edits.sort((a, b) => a - b);
    return { coldMs: cold.ms, warmMs: warm.ms, firstRenderMs: firstRender, editMedianMs: edits[2], editMaxMs: edits[4] };
  } finally {
    await browser.close();
    await stop(warm.child);
  }
}

interface Row {
  pages: number;
  seconds: number;
  rebuildSeconds: number;
  editSeconds: number;
  phases: string;
  peak: number;
  outBytes: number;
  outFiles: number;
  cost: Awaited<ReturnType<typeof pageCost>>;
  dev?: Awaited<ReturnType<typeof measureDev>>;
}

const rows: Row[] = [];
for (const size of SIZES) {
  const ws = await createWorkspace(`zrok-docs-scale-${size}-`);
  try {
    const site = await generateSite(path.join(ws.dir, 'content/docs'), size);
    console.log(`\n${size} pages: generated; cold build …`);
    const cold = await runBuild(ws.dir);
    const built = /built (\d+) pages.*\((pages .*)\)/.exec(cold.output);
    console.log(built?.[0]);
    const rebuild = await runBuild(ws.dir);
    const source = path.join(ws.dir, site.sampleSource);
    // Edits, each a new sentence, the median reported: one build is at the mercy of a noisy machine. Each
    // waits until the build before it has removed its old dist/ (in the background, see swap-folder.ts), as an
    // author's next edit would.
    const edits: Awaited<ReturnType<typeof runBuild>>[] = [];
    for (let n = 1; n <= EDITS; n++) {
      await backgroundRemovalDone(ws.dir);
      // At the start of the first paragraph: its search record changes whatever the page's length.
      await writeFile(source, (await readFile(source, 'utf8')).replace(/^(---\n[\s\S]*?\n---\n\n)/, `$1One more sentence, edit ${n}. `));
      edits.push(await runBuild(ws.dir));
      console.log(`one page edited: ${edits.at(-1)!.seconds.toFixed(1)} s (${/\((pages .*)\)/.exec(edits.at(-1)!.output)?.[1] ?? ''})`);
    }
    const edited = [...edits].sort((a, b) => a.seconds - b.seconds)[Math.floor(EDITS / 2)];
    const out = await dirSize(path.join(ws.dir, 'dist'));
    const cost = await pageCost(path.join(ws.dir, 'dist'), site.sampleRoute);
    const row: Row = { pages: Number(built?.[1] ?? size), seconds: cold.seconds, rebuildSeconds: rebuild.seconds, editSeconds: edited.seconds, phases: built?.[2] ?? '', peak: Math.max(cold.peak, rebuild.peak, ...edits.map((e) => e.peak)), outBytes: out.bytes, outFiles: out.files, cost };
    if (WITH_DEV) {
      console.log('dev server …');
      await backgroundRemovalDone(ws.dir); // measureDev sets .cache/ aside, with the folder being removed in it
      row.dev = await measureDev(ws.dir, site.sampleRoute, site.sampleSource);
    }
    rows.push(row);
  } finally {
    await ws.remove();
  }
}

const base = rows[0];
const perPage = (r: Row) => (r.seconds * 1000) / r.pages;
console.log('\nBuild (cold = empty cache; rebuild = nothing changed; one edit = the text of one page changed):\n');
console.log('| pages | cold build | ms per page | vs first | rebuild | one edit | peak RSS (process tree) | output | files |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(`| ${r.pages} | ${r.seconds.toFixed(1)} s | ${perPage(r).toFixed(1)} | ${(perPage(r) / perPage(base)).toFixed(2)}× | ${r.rebuildSeconds.toFixed(1)} s | ${r.editSeconds.toFixed(1)} s | ${mb(r.peak)} | ${mb(r.outBytes)} | ${r.outFiles} |`);
}
console.log('\nPhases of the cold builds:');
for (const r of rows) console.log(`- ${r.pages}: ${r.phases}`);
console.log('\nOne doc page (gzip):\n');
console.log('| pages | HTML | first-visit JS | page data (a navigation) | sidebar entries sent | first search downloads, median | worst | whole version index |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  const s = r.cost.search;
  console.log(`| ${r.pages} | ${kb(r.cost.htmlGzip)} | ${kb(r.cost.jsGzip)} | ${kb(r.cost.dataGzip)} | ${r.cost.sidebarItems} | ${kb(s.median.gzip)} (${s.median.files} files) | ${kb(s.worst.gzip)} (“${s.worst.query}”, ${s.worst.files} files) | ${kb(s.whole.gzip)} (${s.whole.files} files) |`);
}
console.log(`(first search: each of ${FIRST_QUERIES.map((q) => `“${q}”`).join(', ')} on an empty cache, 20 hits as the modal asks)`);
if (WITH_DEV) {
  console.log('\n`npm run dev`:\n');
  console.log('| pages | serves a page, cold cache | serves a page, warm cache | first page rendered (warm) | edit to browser, median of 5 | worst |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) {
    const d = r.dev!;
    console.log(`| ${r.pages} | ${(d.coldMs / 1000).toFixed(1)} s | ${(d.warmMs / 1000).toFixed(1)} s | ${(d.firstRenderMs / 1000).toFixed(1)} s | ${d.editMedianMs.toFixed(0)} ms | ${d.editMaxMs.toFixed(0)} ms |`);
  }
}
const last = rows[rows.length - 1];
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
console.log(`\nTargets at ${last.pages} pages:`);
console.log(`- build under ${LIMITS.seconds} s: ${verdict(last.seconds < LIMITS.seconds)} (${last.seconds.toFixed(0)} s)`);
console.log(`- one edit within ${LIMITS.editSeconds} s: ${verdict(last.editSeconds <= LIMITS.editSeconds)} (median of ${EDITS}: ${last.editSeconds.toFixed(1)} s)`);
console.log(`- peak memory under 2 GB: ${verdict(last.peak < LIMITS.peakBytes)} (${mb(last.peak)})`);
console.log(`- time per page within ${LIMITS.perPageGrowth}× of ${base.pages} pages: ${verdict(perPage(last) / perPage(base) <= LIMITS.perPageGrowth)} (${(perPage(last) / perPage(base)).toFixed(2)}×)`);
console.log(`- page HTML and first-visit JS not growing: ${(last.cost.htmlGzip / base.cost.htmlGzip).toFixed(2)}× and ${(last.cost.jsGzip / base.cost.jsGzip).toFixed(2)}×`);
if (last.dev) {
  console.log(`- dev serves a page under ${LIMITS.devStartMs / 1000} s: warm ${verdict(last.dev.warmMs < LIMITS.devStartMs)}, cold ${verdict(last.dev.coldMs < LIMITS.devStartMs)}`);
  console.log(`- edit shows under ${LIMITS.devEditMs} ms: ${verdict(last.dev.editMedianMs < LIMITS.devEditMs)} (median)`);
}

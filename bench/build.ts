/**
 * Build benchmark:
 * - the build's CPU and wall time, cold (empty .cache/), unchanged (nothing changed) and after
 *   one page's text was edited; with `--compare <docusaurus site folder>`, alternating with cold
 *   builds of the Docusaurus site on the same content, and the ratios (`--runs N`, default 1);
 * - the JS and CSS a first visit downloads (raw and gzip) for the home page and four doc pages,
 *   measured in Chromium: the files the page requests until the network is idle.
 * - with `--against <git ref>`, alternating with cold builds of this repository at that commit (a worktree of its own,
 *   this node_modules/ when its package-lock.json is the same, else its own `npm ci`): our CPU against our own earlier
 *   code, a ratio that holds across machines as one against Docusaurus does not (bench/README.md).
 * Usage: npx tsx bench/build.ts [--no-build] [--compare ../zrok/website] [--against <git ref>] [--runs 3]
 * CPU is user + system time of the build and every process it starts (GNU time), memory the
 * largest process's peak RSS.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { launchBrowser, startSite } from '../test/e2e/support.ts';

/** First-visit JS, gzip: the limit on every page, and the aim. */
const BUDGET_GZIP_JS = 110 * 1024;
const AIM_GZIP_JS = 100 * 1024;
const PAGES = [
  '/',
  '/docs/getting-started/',
  '/docs/concepts/sharing-public/',
  '/docs/guides/self-hosting/oauth/configuring-oauth/',
  '/docs/guides/self-hosting/linux/',
];

interface Timed {
  wall: number;
  cpu: number;
  peakMb: number;
  output: string;
}

/** Runs a command under GNU time: wall seconds, CPU seconds of it and its children, largest peak RSS. */
function timed(cmd: string, args: string[], cwd = process.cwd(), env: NodeJS.ProcessEnv = process.env): Timed {
  const r = spawnSync('/usr/bin/time', ['-f', '@@ %e %U %S %M', cmd, ...args], { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const output = r.stdout + r.stderr;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed:\n${output}`);
  const [wall, user, sys, rss] = /@@ (\S+) (\S+) (\S+) (\S+)/.exec(output)!.slice(1).map(Number);
  return { wall, cpu: user + sys, peakMb: rss / 1024, output };
}

const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const ours = (env: Record<string, string> = {}) => timed(process.execPath, ['scripts/build.mjs'], process.cwd(), { ...process.env, ...env });
/**
 * Empties a build's caches and writes the deletions (and the other build's files) to disk before it is timed. On ext4
 * without a journal, a new file skips every inode deleted in the last 60 s, or 360 s while the block that records the
 * deletion is unwritten; without the sync, a build paid for files deleted well before it, by the other build or by the
 * benchmark itself, depending on when the kernel wrote them back.
 */
function emptied(cwd: string, folders: string[]) {
  spawnSync('rm', ['-rf', ...folders], { cwd });
  spawnSync('sync');
}
const oursCold = () => {
  emptied(process.cwd(), ['.cache']);
  return ours({ FORCE_BUILD: '1' });
};
/** A worktree of this repository at `ref`, ready to build; removed when the benchmark ends. */
function worktreeAt(ref: string): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'bench-against-')), 'repo');
  execFileSync('git', ['worktree', 'add', '--detach', dir, ref], { stdio: 'ignore' });
  process.on('exit', () => spawnSync('git', ['worktree', 'remove', '--force', dir]));
  const lock = (root: string) => readFileSync(path.join(root, 'package-lock.json'), 'utf8');
  if (lock(dir) === lock(process.cwd())) symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'));
  else execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'ignore' });
  return dir;
}
/** A cold build of the worktree `dir`, as oursCold() makes ours. */
const coldAt = (dir: string) => {
  emptied(dir, ['.cache']);
  const script = existsSync(path.join(dir, 'scripts/build.mjs')) ? ['scripts/build.mjs'] : ['node_modules/.bin/tsx', 'scripts/build.ts'];
  return timed(process.execPath, script, dir, { ...process.env, FORCE_BUILD: '1' });
};
const row = (name: string, t: Timed) => `| ${name} | ${t.wall.toFixed(1)} s | ${t.cpu.toFixed(1)} s | ${t.peakMb.toFixed(0)} MB |`;

if (!process.argv.includes('--no-build')) {
  const runs = Number(arg('--runs') ?? 1);
  const docusaurus = arg('--compare');
  const against = arg('--against');
  const earlier = against ? worktreeAt(against) : undefined;
  const cold: Timed[] = [];
  const reference: Timed[] = [];
  const ownEarlier: Timed[] = [];
  for (let i = 0; i < runs; i++) {
    cold.push(oursCold());
    console.log(cold.at(-1)!.output.split('\n').find((l) => l.startsWith('built')));
    if (earlier) ownEarlier.push(coldAt(earlier));
    if (docusaurus) {
      emptied(docusaurus, ['build', '.docusaurus', 'node_modules/.cache']);
      reference.push(timed('npx', ['docusaurus', 'build'], docusaurus, { ...process.env, NODE_ENV: 'production' }));
    }
  }
  const unchanged = ours();
  // One page's text edited: a sentence added to a page with a diagram, then taken out again.
  const file = 'content/docs/1.1/concepts/sharing-public.mdx';
  const original = await readFile(file, 'utf8');
  await writeFile(file, `${original}\nOne more sentence, edited for the benchmark.\n`);
  let edited: Timed;
  try {
    edited = ours();
  } finally {
    await writeFile(file, original);
  }
  console.log(edited.output.split('\n').find((l) => l.startsWith('built')));
  ours(); // dist/ as the content is
  const median = (xs: Timed[]) => [...xs].sort((a, b) => a.cpu - b.cpu)[Math.floor(xs.length / 2)];
  console.log(`\nBuild of the real site (median of ${runs} cold run(s) by CPU):\n`);
  console.log('| build | wall | CPU | peak RSS (largest process) |');
  console.log('|---|---|---|---|');
  console.log(row('ours, cold (empty .cache/)', median(cold)));
  console.log(row('ours, nothing changed', unchanged));
  console.log(row('ours, one page edited', edited));
  if (earlier) {
    const e = median(ownEarlier);
    console.log(row(`ours at ${against}, cold`, e));
    console.log(`\ncold CPU against ${against}: ${(median(cold).cpu / e.cpu).toFixed(3)}× (by pair ${cold.map((o, i) => (o.cpu / ownEarlier[i].cpu).toFixed(3)).join(', ')}×)`);
  }
  if (docusaurus) {
    const d = median(reference);
    console.log(row('Docusaurus, cold', d));
    const c = median(cold);
    console.log(`\nratios to Docusaurus's cold build: cold CPU ${(c.cpu / d.cpu).toFixed(3)}×, wall ${(c.wall / d.wall).toFixed(3)}×, memory ${(c.peakMb / d.peakMb).toFixed(2)}×; nothing changed CPU ${(unchanged.cpu / d.cpu).toFixed(3)}×; one page edited CPU ${(edited.cpu / d.cpu).toFixed(3)}×`);
    // The median hides how far one run can land from it: each pair's ratio shows the spread of this run.
    const pairs = cold.map((o, i) => (o.cpu / reference[i].cpu).toFixed(3));
    console.log(`cold CPU of each run, ours / Docusaurus: ${cold.map((o, i) => `${o.cpu.toFixed(1)} / ${reference[i].cpu.toFixed(1)} s`).join(', ')}; ratio by pair ${pairs.join(', ')}×`);
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const gzipOf = async (file: string) => gzipSync(await readFile(path.join('dist', file)), { level: 9 }).length;
const verdict = (gz: number) => (gz <= BUDGET_GZIP_JS ? `within${gz <= AIM_GZIP_JS ? ' (and the 100 KB aim)' : ''}` : `OVER by ${kb(gz - BUDGET_GZIP_JS)}`);

// Every page of dist/: the JS its HTML names (the entry and what it preloads), which the browser fetches at once.
const named = new Map<string, number>();
let worst = { page: '', gz: 0 };
for (const file of await htmlPages('dist')) {
  const html = await readFile(file, 'utf8');
  let gz = 0;
  for (const js of new Set([...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]))) {
    if (!named.has(js)) named.set(js, await gzipOf(js));
    gz += named.get(js)!;
  }
  if (gz > worst.gz) worst = { page: path.relative('dist', file), gz };
}
console.log(`\nJS named by the HTML, every page of dist/: at most ${kb(worst.gz)} gzip (${worst.page}); budget 110 KB, aim 100 KB: ${verdict(worst.gz)}`);

const site = await startSite('dist');
const browser = await launchBrowser();
console.log('\nFirst visit, in Chromium: "before interactive" = every JS file fetched until the page has hydrated (the HTML\'s, and what\nmain.tsx loads first: a body that needs script, and its components); "later" = fetched after, until the network is idle.');
console.log('page                                               | before interactive raw | before interactive gzip | later JS gzip | CSS gzip | HTML gzip | budget <= 110 KB');
for (const p of PAGES) {
  const page = await browser.newPage();
  // The files fetched by the time the app says it has hydrated (Layout sets window.__hydrated in its first effect).
  await page.addInitScript({
    content: `{ let v; Object.defineProperty(window, '__hydrated', { configurable: true, get: () => v, set: (x) => {
      window.__atHydration = performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname); v = x; } }); }`,
  });
  const files = new Set<string>();
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (/\.(js|css)$/.test(u.pathname)) files.add(u.pathname);
  });
  await page.goto(site.url + p, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const before = new Set(await page.evaluate(() => (window as unknown as { __atHydration?: string[] }).__atHydration ?? []));
  const html = await readFile(path.join('dist', p, 'index.html'), 'utf8');
  const sums = { js: 0, jsGz: 0, laterGz: 0, cssGz: 0 };
  const later: string[] = [];
  for (const f of files) {
    const data = await readFile(path.join('dist', f));
    const gz = gzipSync(data, { level: 9 }).length;
    if (f.endsWith('.css')) sums.cssGz += gz;
    else if (before.has(f)) {
      sums.js += data.length;
      sums.jsGz += gz;
    } else {
      sums.laterGz += gz;
      later.push(path.basename(f));
    }
  }
  console.log(
    `${p.padEnd(51)}| ${kb(sums.js).padEnd(23)}| ${kb(sums.jsGz).padEnd(24)}| ${kb(sums.laterGz).padEnd(14)}| ${kb(sums.cssGz).padEnd(9)}| ${kb(gzipSync(html).length).padEnd(10)}| ${verdict(sums.jsGz)}`,
  );
  if (later.length) console.log(`${''.padEnd(51)}  later: ${later.join(', ')}`);
  await page.close();
}
await browser.close();
await site.close();

/** Every HTML file under `dir`. */
async function htmlPages(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile() && e.name.endsWith('.html')) out.push(path.join(e.parentPath, e.name));
  }
  return out;
}

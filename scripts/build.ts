/**
 * The whole build: pages (read and compiled), client and SSR bundles, prerender with link check (src/builder/build-phases.ts).
 * A small site builds in this process; a large one runs each step in a process of its own (scripts/build-phase.ts), so
 * no step carries the memory of the one before. Everything is written under .build/ and put in dist/ only when every
 * step succeeded (place-site.ts), so a failed build never leaves a half-written site behind.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { resolveBase } from '../src/builder/common/base-url.ts';
import { filesUnder, inputsFingerprint, isUpToDate, readStamp, writeStamp } from '../src/builder/placement/build-stamp.ts';
import { ONE_THREAD_BELOW } from '../src/builder/threads/thread-count.ts';
import { phasesApart } from '../src/builder/threads/phases-apart.ts';
import { REPORT_FILE } from '../src/builder/build-phases.ts';
import { bundleKey, restoreBundles, saveBundles } from '../src/builder/bundles/bundle-cache.ts';
import { placeSite, readSiteAside, type SiteFiles } from '../src/builder/placement/place-site.ts';
import type { PrerenderReport } from '../prerender.ts';
import { trace } from '../src/builder/common/trace.ts';

const root = process.cwd();
const work = path.join(root, '.build');
const dist = path.join(root, process.env.OUT_DIR ?? 'dist');

class PhaseFailed extends Error {}

/**
 * V8 makes a function's optimised code after a budget of its bytecode has run. A build runs most of
 * its code only a few seconds, mostly once per page, so much of that optimising (on V8's background
 * threads) was never paid back: a budget about 7 times V8's default (67,584) took the pages phase
 * from 10.5 to 8.4 CPU-s (wall 7.3 → 6.6 s) and the cold build from 21.7 to 19.2-20.0 CPU-s on the
 * real site (bench/build.ts). Flags reach every thread of the process.
 */
const V8_FLAGS = ['--interrupt-budget=500000'];

/**
 * Runs one phase in this process. A failure prints why (file:line: reason) and is a PhaseFailed, as a phase process's is.
 * Production React and React Router, and V8's budget (V8_FLAGS), as a phase process has them.
 */
async function runPhaseHere(phase: string, options: { pagesEdited: number; lastSite?: Promise<SiteFiles | null | undefined> }): Promise<PrerenderReport | void> {
  process.env.NODE_ENV = 'production';
  for (const flag of V8_FLAGS) setFlagsFromString(flag);
  const { phaseFailure, runPhase } = await import('../src/builder/build-phases.ts');
  try {
    return await runPhase(phase, { ...options, sameProcess: true });
  } catch (e) {
    console.error(phaseFailure(e));
    throw new PhaseFailed(phase);
  }
}

/** Runs one phase in a child process; its output passes through. */
function runPhaseApart(phaseScript: string, phase: string, phaseEnv: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    // Production React and React Router in the prerender too: their development builds render several times slower.
    const env = { ...process.env, ...phaseEnv, NODE_ENV: 'production' };
    // BUILD_CPU_PROF=<dir>: a CPU profile of every phase and thread, to see where a build's seconds go.
    const profile = process.env.BUILD_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BUILD_CPU_PROF)}`] : [];
    const child = spawn(process.execPath, [...V8_FLAGS, ...profile, phaseScript, phase], { stdio: 'inherit', env });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new PhaseFailed(phase))));
  });
}

/** Whether the last build finished and left the caches an edit builds from (its stamp, the pages' and the renders'). */
async function cachesKept(): Promise<boolean> {
  return !!(await readStamp(root)) && ['.cache/pages/compiled.json', '.cache/render-names.json'].every((f) => existsSync(path.join(root, f)));
}

async function main() {
  const started = performance.now();
  // Every phase builds for production, run here or apart; set before anything reads the environment, so that the
  // build stamp and the bundles' cache key see the same NODE_ENV whichever way the phases run.
  process.env.NODE_ENV = 'production';
  const base = resolveBase();
  // Nothing read by the build changed and dist/ is as the last build left it: nothing to do.
  const changed: string[] = [];
  const inputs = await inputsFingerprint(root, dist, process.env, [], changed);
  trace('inputs fingerprinted');
  if (!process.env.FORCE_BUILD && (await isUpToDate(root, dist, inputs))) {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`${path.relative(root, dist)}/ is up to date: nothing the build reads changed since the last build (checked in ${seconds} s; FORCE_BUILD=1 builds anyway)`);
    return;
  }
  await rm(work, { recursive: true, force: true });
  // Page sources that changed will be compiled: the phase starts its compile threads (a second or more of loading) at once.
  const edited = changed.filter((f) => f.startsWith('content/') && /\.mdx?$/.test(f)).length;
  // A small site's phases run in this process, and a large one's after an edit of a few pages (phases-apart.ts): a
  // process of its own cost each a start and the loading of the build's modules again (real site, 4 alternating cold
  // builds: 143.5-147.9k page faults against 181.2-185.6k, 0.1-4.8 CPU-s less; largest process 512-531 MB against
  // 357-372 MB). BUILD_PHASES_APART=1 keeps them apart on any site.
  const content = path.join(root, 'content');
  const pages = existsSync(content) ? filesUnder(content).filter((f) => /\.mdx?$/.test(f)).length : 0;
  trace('pages counted');
  const large = pages >= ONE_THREAD_BELOW;
  const apart = phasesApart({ pages, changed, cachesKept: await cachesKept(), forced: process.env.BUILD_PHASES_APART === '1' });
  // The pages edited will be compiled here: the compile thread loads the compiler while this process loads the phase.
  if (!apart && edited > 0) (await import('../src/builder/pages/compile-pool.ts')).startCompilePool(root, edited);
  // The phases run as plain JavaScript (no tsx loader in their processes): see thread-bundle.mjs.
  const phaseScript = apart ? await (await import('../src/builder/threads/thread-bundle.mjs')).threadBundle(path.join(root, 'scripts/build-phase.ts'), root) : '';
  const phases: string[] = [];
  // What dist/ holds: a large site's, read in a process of its own while the pages phase runs (whose main thread
  // mostly waits for its compile threads; 40,000 files at 10,000 pages); a small site's, read when it is placed (its
  // 800 files take 10 ms, the process 0.07 CPU-s to start).
  const marker = path.join(root, `.cache/placing-${path.basename(dist)}`);
  const reading = new AbortController();
  const present = large ? readSiteAside(dist, marker, root, reading.signal) : Promise.resolve(undefined);
  void present.then(() => trace('last site read'));
  const timed = async (name: string, phase: string, phaseEnv?: Record<string, string>) => {
    const t = performance.now();
    // Run here, the prerender is given the last site's files as they are read (it waits for them where they save more).
    const report = await (apart ? runPhaseApart(phaseScript, phase, phaseEnv) : runPhaseHere(phase, { pagesEdited: Number(phaseEnv?.PAGES_EDITED ?? 0), lastSite: present }));
    phases.push(`${name} ${((performance.now() - t) / 1000).toFixed(1)} s`);
    return report;
  };
  await timed('pages', 'pages', edited ? { PAGES_EDITED: String(edited) } : {});
  // An edit to the content alone leaves both bundles as they were: they are copied, not made again.
  const bundles = await bundleKey(root, dist, path.join(work, 'site-index.json'));
  trace('bundle key');
  const t = performance.now();
  if (await restoreBundles(root, bundles, work)) {
    phases.push(`client and server bundles unchanged ${((performance.now() - t) / 1000).toFixed(1)} s`);
  } else {
    await timed('client and server bundles', 'bundles');
    await saveBundles(root, bundles, work);
  }
  trace('bundles');
  // Run here, the phase gives its report; run apart, it leaves it in a file.
  const report = (await timed('prerender', 'prerender')) || (JSON.parse(await readFile(REPORT_FILE, 'utf8')) as PrerenderReport);
  trace('prerender ended');
  // 404.html is rendered besides the pages.
  if (report.rendered < report.pages + 1) phases[phases.length - 1] += ` (${report.rendered} rendered, the others unchanged)`;

  // Vite's manifest lists source paths; the prerender has read it, and the site must not serve it.
  await rm(path.join(work, 'client/.vite'), { recursive: true, force: true });
  // Not done by now: it has had the pages phase and more. It is stopped, and placeSite reads dist/ itself.
  reading.abort();
  const presentRead = await present;
  trace('dist read');
  const output = await placeSite({
    built: path.join(work, 'client'),
    kept: report.kept,
    target: dist,
    asideDir: path.join(root, '.cache/removing'),
    marker,
    present: presentRead ?? undefined,
  });
  trace('placed');
  await rm(work, { recursive: true, force: true });
  await writeStamp(root, { inputs, output });
  trace('stamped');
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const threads = `${report.workers} ${report.workers === 1 ? 'thread' : 'threads'}`;
  console.log(`built ${report.pages} pages and ${report.redirects} redirects into ${path.relative(root, dist)}/ (base ${base}) on ${threads} in ${seconds} s (${phases.join(', ')})`);
}

// Exits at once when done: a phase run in this process may leave a handle open (a pool's thread, a watcher).
main().then(() => process.exit(0), (e: unknown) => {
  // A phase has already printed why it failed (file:line: reason).
  console.error('\nBuild failed; dist/ was left as it was.');
  if (!(e instanceof PhaseFailed)) console.error((e as Error).stack ?? e);
  process.exit(1);
});

/**
 * The page compiler's pool of threads (page-compiler.ts). A build that knows it will compile a few edited pages starts
 * it at once (scripts/build.ts), so that its thread loads the compiler while the build loads the pages phase.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import type { CompileOutput, CompileTask, CompileThreadData } from './mdx-compile-worker.ts';
import { keptHighlightsDir } from './kept-highlights.ts';
import { compilerFingerprint } from './page-cache.ts';
import { PAGE_ENV } from '../threads/page-env.ts';
import { threadBundle } from '../threads/thread-bundle.mjs';
import { threadsFor } from '../threads/thread-count.ts';

/**
 * A compile thread's young generation, twice V8's default of 48 MB here: a page's trees outlive a smaller one's
 * collections, so they were copied and promoted, then collected again from the old generation. On the real site the
 * thread's scavenges went from about 150 (900-960 ms) to 85 (640-700 ms); 4 alternating cold builds: 13.7-15.6 against
 * 14.4-16.8 CPU-s. 192 MB gained no more and cost 10k page faults.
 */
const YOUNG_GENERATION_MB = 96;

/**
 * The compile pool, started on the first page the cache does not have. Below 400 pages one thread
 * (threadsFor): each thread loads the whole toolchain (MDX, the highlighter, mermaid's parser, the
 * layout engine), about 1.5 CPU-seconds, and compiles what the versions of a page share only once.
 * On the real site (121 pages, 2 cores) one thread took the same wall time as two, with a quarter
 * less CPU.
 */
export function compilePool(root: string, pages: number) {
  const threads = threadsFor(pages);
  let pool: Promise<Piscina<CompileTask[], CompileOutput[]>> | undefined;
  return {
    threads,
    /** Starts the pool's threads now: each loads the compiler (a second or more) before its first page. */
    start() {
      pool ??= threadBundle(path.join(root, 'src/builder/pages/mdx-compile-worker.ts'), root).then((file) => {
        const workerData: CompileThreadData = { highlightDir: keptHighlightsDir(root, compilerFingerprint(root)) };
        return new Piscina({ filename: pathToFileURL(file).href, name: 'compileVersions', minThreads: 1, maxThreads: threads, env: PAGE_ENV, workerData, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
      });
      return pool;
    },
    /** Compiles the versions of one page on one thread (see compileVersions). */
    async run(tasks: CompileTask[]) {
      return (await this.start()).run(tasks);
    },
    close: async () => (await pool)?.destroy(),
  };
}

export type CompilePool = ReturnType<typeof compilePool>;

let started: { root: string; pool: CompilePool } | undefined;

/** Starts the pool for `pages` pages to compile now; the next compilePages of this project in this process takes it. */
export function startCompilePool(root: string, pages: number): void {
  const pool = compilePool(root, pages);
  pool.start().catch(() => {}); // a failure shows in run()
  started = { root, pool };
}

/** The pool startCompilePool started for this project, once. */
export function takeStartedPool(root: string): CompilePool | undefined {
  if (started?.root !== root) return undefined;
  const { pool } = started;
  started = undefined;
  return pool;
}

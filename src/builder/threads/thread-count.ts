import { availableParallelism } from 'node:os';

/**
 * How many worker threads a phase gives `pages` pages: below ONE_THREAD_BELOW one, from there one per
 * core. Each thread loads its whole toolchain and warms its own heap before its first page, which costs
 * more than a second thread saves on a small site (the compile and render phases' own comments give the
 * measured figures).
 */
export const ONE_THREAD_BELOW = 400;

export function threadsFor(pages: number, cores = availableParallelism()): number {
  return pages < ONE_THREAD_BELOW ? 1 : cores;
}

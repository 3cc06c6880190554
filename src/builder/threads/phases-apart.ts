import { ONE_THREAD_BELOW } from './thread-count.ts';

/**
 * Changed files (since the last build) up to which, when they are all content and the caches of that build are
 * there, a large site's phases still run in the build's own process: they compile and render those pages, not the site.
 */
export const FEW_EDITS = 100;

/**
 * Whether the build runs each phase in a process of its own (scripts/build.ts): on a large site, so that no phase
 * carries the memory of the one before, but not after an edit of a few pages, when the phases hold little and a
 * process of their own cost each a start and the loading of their modules again (one edit at 10,000 pages: 4.2-4.6 s
 * apart, 3.6 s in one process). `forced`: BUILD_PHASES_APART=1.
 */
export function phasesApart({ pages, changed, cachesKept, forced = false }: { pages: number; changed: string[]; cachesKept: boolean; forced?: boolean }): boolean {
  if (forced) return true;
  if (pages < ONE_THREAD_BELOW) return false;
  const fewEdits = cachesKept && changed.length <= FEW_EDITS && changed.every((f) => f.startsWith('content/'));
  return !fewEdits;
}

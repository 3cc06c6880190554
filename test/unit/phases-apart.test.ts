import { describe, expect, it } from 'vitest';
import { FEW_EDITS, phasesApart } from '../../src/builder/threads/phases-apart.ts';
import { ONE_THREAD_BELOW } from '../../src/builder/threads/thread-count.ts';

const large = ONE_THREAD_BELOW;
const edits = (n: number) => Array.from({ length: n }, (_, i) => `content/docs/1.1/page-${i}.mdx`);

describe('where the build runs its phases', () => {
  it('runs a small site in its own process, unless told otherwise', () => {
    expect(phasesApart({ pages: large - 1, changed: ['src/app.tsx'], cachesKept: false })).toBe(false);
    expect(phasesApart({ pages: large - 1, changed: [], cachesKept: true, forced: true })).toBe(true);
  });

  it('runs a large site apart, but after an edit of a few pages since a build whose caches are kept', () => {
    expect(phasesApart({ pages: large, changed: edits(1), cachesKept: true })).toBe(false);
    expect(phasesApart({ pages: large, changed: edits(FEW_EDITS), cachesKept: true })).toBe(false);
    expect(phasesApart({ pages: large, changed: edits(FEW_EDITS + 1), cachesKept: true })).toBe(true);
    // Without the last build's caches every page is compiled and rendered: apart.
    expect(phasesApart({ pages: large, changed: edits(1), cachesKept: false })).toBe(true);
    // Code or configuration changed: the caches no longer hold.
    expect(phasesApart({ pages: large, changed: [...edits(1), 'site.config.ts'], cachesKept: true })).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { threadsFor } from '../../src/builder/threads/thread-count.ts';

describe('threads for a phase', () => {
  it('gives a small site one thread, however many cores', () => {
    expect(threadsFor(139, 2)).toBe(1); // the real site's prerender
    expect(threadsFor(121, 8)).toBe(1); // its page sources
    expect(threadsFor(399, 4)).toBe(1);
  });

  it('gives 400 pages and more one thread per core', () => {
    expect(threadsFor(400, 2)).toBe(2);
    expect(threadsFor(10_053, 4)).toBe(4);
  });
});

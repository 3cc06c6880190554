import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followSave, WATCHER_QUIET_MS } from '../../src/builder/bundles/followed-saves.ts';

describe('followSave', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('handles a save made in place again when its write came after the file was read empty, with no event of its own', () => {
    const disk = new Map([['page.mdx', '']]);
    const read = (f: string) => disk.get(f) ?? null;
    const handled: string[] = [];
    followSave('page.mdx', (f) => handled.push(read(f)!), read);
    disk.set('page.mdx', '# The whole page'); // the write, whose event the watcher dropped
    vi.runAllTimers();
    expect(handled).toEqual(['', '# The whole page']);
  });

  it('handles a save once when the file was read whole', () => {
    const read = () => '# The whole page';
    const handle = vi.fn();
    followSave('page.mdx', handle, read);
    vi.runAllTimers();
    expect(handle).toHaveBeenCalledTimes(1);
  });

  it('reads the file again only after the watcher would report a new change itself', () => {
    const reads: number[] = [];
    followSave('page.mdx', () => {}, () => (reads.push(Date.now()), 'text'));
    const start = reads[0];
    vi.runAllTimers();
    expect(reads[1] - start).toBeGreaterThan(WATCHER_QUIET_MS);
  });
});

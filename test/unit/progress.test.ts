// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { progress } from '../../src/builder/common/progress.ts';

const stream = (isTTY: boolean) => {
  const written: string[] = [];
  return { written, out: { isTTY, write: (s: string) => written.push(s) } as unknown as NodeJS.WriteStream };
};

describe('build progress', () => {
  it('is one live line on a terminal, cleared at the end', () => {
    const { written, out } = stream(true);
    const p = progress('pages', 1200, out);
    p.tick(600);
    p.tick(600);
    p.end();
    expect(written).toEqual(['\rpages 600/1,200\x1b[K', '\rpages 1,200/1,200\x1b[K', '\r\x1b[K']);
  });

  it('is a plain line at most every 5 s without a terminal', () => {
    vi.useFakeTimers();
    const { written, out } = stream(false);
    const p = progress('prerender', 10, out);
    p.tick();
    vi.advanceTimersByTime(5_000);
    p.tick();
    p.tick();
    vi.advanceTimersByTime(5_000);
    p.tick();
    p.end();
    vi.useRealTimers();
    expect(written).toEqual(['prerender 2/10\n', 'prerender 4/10\n']);
  });
});

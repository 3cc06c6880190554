/** The project stands on its own: no tracked file reads or points at a folder beside the repository. */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

// Spelled in two parts so that this file does not match itself.
const OUTSIDE = new RegExp(['\\.\\./', 'shared'].join(''));

describe('the repository', () => {
  it('has no file that points at a folder named shared beside it', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' }).split('\0').filter((f) => f && !f.endsWith('package-lock.json'));
    expect(files.length).toBeGreaterThan(50);
    const hits = files.filter((f) => {
      try {
        return OUTSIDE.test(readFileSync(f, 'utf8'));
      } catch {
        return false; // deleted in the work tree
      }
    });
    expect(hits).toEqual([]);
  });
});

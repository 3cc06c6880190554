/**
 * What a build learned from each file last time, in one file under .cache/, with the file's size and
 * modification time then: a rebuild that finds both unchanged uses what it learned instead of reading
 * and hashing the file again (ten thousand reads and parses cost seconds; ten thousand stats do not).
 * A snapshot made by other build code (another fingerprint) is ignored.
 */
import { readFileSync, type Stats } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { writeWhole } from './write-whole.ts';

export interface Snapshotted {
  mtimeMs: number;
  size: number;
}

export function statSnapshot<T extends Snapshotted>(file: string, fingerprint: string) {
  return keptMap<T>(file, fingerprint);
}

/** A map kept in one file between builds, valid while `fingerprint` is the one it was saved with. */
export function keptMap<T>(file: string, fingerprint: string) {
  return {
    load(): Map<string, T> {
      // Missing, cut short or not ours: the build reads every file again, as a cold one does.
      return readKeptMap<T>(file, fingerprint);
    },
    /** Written aside and renamed: a build stopped half-way leaves the old snapshot whole. */
    async save(entries: Map<string, T>) {
      await mkdir(path.dirname(file), { recursive: true });
      await writeWhole(file, JSON.stringify({ fingerprint, entries: [...entries] }));
    },
  };
}

/** Whether a file's stats are those a snapshot entry was taken with. */
export function unchangedSince<T extends Snapshotted>(known: T | undefined, now: Stats): known is T {
  return known !== undefined && known.mtimeMs === now.mtimeMs && known.size === now.size;
}

/** The map kept in `file` when it was saved with `fingerprint` (with any, when none is given); empty when unreadable. */
export function readKeptMap<T>(file: string, fingerprint?: string): Map<string, T> {
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as { fingerprint?: string; entries?: [string, T][] };
    return new Map((fingerprint === undefined || data.fingerprint === fingerprint) && Array.isArray(data.entries) ? data.entries : []);
  } catch {
    return new Map();
  }
}

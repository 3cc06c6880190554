/**
 * Files that a reader must see whole or not at all: written beside their place under a name of the write's own, then
 * renamed over it. The name is the write's and not the process's: under the dev server two requests may write one
 * cache entry at once, and with one shared name the second rename found the file gone (ENOENT), and the request failed.
 */
import { rename, rm, writeFile } from 'node:fs/promises';

/** How a file written aside is named; what a stopped process left so is found by isWrittenAside. */
const asideName = (file: string) => `${file}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;

export const isWrittenAside = (name: string) => /\.tmp-\d+-[0-9a-z]+$/.test(name);

export async function writeWhole(file: string, data: string): Promise<void> {
  const aside = asideName(file);
  try {
    await writeFile(aside, data);
    await rename(aside, file);
  } catch (e) {
    await rm(aside, { force: true });
    throw e;
  }
}

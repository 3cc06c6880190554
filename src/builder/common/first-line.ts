/**
 * The first line of a file, read without the rest: the caches keep a small header on the first line of a file whose
 * other lines are large (a page's compiled body, an entry's search records), and a lookup of every page reads only it.
 */
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';

/** Enough for the headers the caches write; a longer first line is read with the whole file. */
const head = Buffer.alloc(16 * 1024);

/** The file's first line, without its line break (the whole file when it has none); throws as readFileSync does. */
export function readFirstLine(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const n = readSync(fd, head, 0, head.length, 0);
    const end = head.subarray(0, n).indexOf(10);
    if (end >= 0) return head.toString('utf8', 0, end);
    if (n < head.length) return head.toString('utf8', 0, n);
    return readFileSync(fd, 'utf8').split('\n', 1)[0];
  } finally {
    closeSync(fd);
  }
}

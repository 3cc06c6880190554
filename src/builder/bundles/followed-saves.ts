import { readFileSync } from 'node:fs';

/**
 * How long the dev server's watcher (chokidar, inside Vite) drops further events of a file after one it reported:
 * its `_throttle('watch', file, 5)`. Read again after a little more than that, a file has either reached its text
 * or will be reported again.
 */
export const WATCHER_QUIET_MS = 5;
const READ_AGAIN_AFTER_MS = WATCHER_QUIET_MS * 4;

/** What a file holds now, or null when it is gone. */
function textNow(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/**
 * Calls `handle` for a watcher's event of `file`, and again for each change the watcher did not report. An editor
 * that saves in place empties the file and then writes it: when the file is read between the two, the write's own
 * event can fall in the watcher's quiet time and be dropped, and the page would stay empty or half-written until
 * the next save. So the file is read again once that time has passed, and handled again if its text moved on.
 */
export function followSave(file: string, handle: (file: string) => void, read: (file: string) => string | null = textNow): void {
  const seen = read(file);
  handle(file);
  setTimeout(() => {
    if (read(file) !== seen) followSave(file, handle, read);
  }, READ_AGAIN_AFTER_MS);
}

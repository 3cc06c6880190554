/**
 * A cache kept as one file of lines, `<key> <json>`, appended to: what a build's threads learn once and keep for the
 * next build (mermaid's parses, diagram layouts). Not a file per entry: new files are what costs a cold build kernel
 * time (render-cache.ts). Each line is one small append, so threads that append at once do not mix their lines; a line
 * cut short is skipped when read.
 */
import { readFileSync } from 'node:fs';
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';

/** The entries of the log at `file` (none when there is no file). */
export function readKeyedLog<T>(file: string): Map<string, T> {
  const entries = new Map<string, T>();
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return entries;
  }
  for (const line of text.split('\n')) {
    const space = line.indexOf(' ');
    try {
      entries.set(line.slice(0, space), JSON.parse(line.slice(space + 1)) as T);
    } catch {
      // cut short (or the empty last line): made again
    }
  }
  return entries;
}

/** Appends an entry to the log at `file`. */
export async function appendKeyedLog(file: string, key: string, value: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await appendFile(file, `${key} ${JSON.stringify(value)}\n`);
}

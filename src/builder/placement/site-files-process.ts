/**
 * Prints the files of the site folder named as its argument, as JSON rows [path, device, inode, size, time]:
 * readSiteAside (place-site.ts) runs it in a process of its own at the lowest priority.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { filesUnder } from './build-stamp.ts';

const target = process.argv[2];
const rows = filesUnder(target).map((rel) => {
  const { dev, ino, size, mtimeMs } = statSync(path.join(target, rel));
  return [rel, dev, ino, size, mtimeMs];
});
process.stdout.write(JSON.stringify(rows));

// Links files into a folder on a thread of its own (plain JavaScript: it needs no loader), so the
// thread that started it goes on with the search index meanwhile. See linkFilesOnThread in render-cache.ts.
import { copyFileSync, linkSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { workerData } from 'node:worker_threads';

const { dirs, pairs } = workerData;
for (const dir of dirs) mkdirSync(dir, { recursive: true });
let replacements = 0;
for (let i = 0; i < pairs.length; i += 2) {
  const from = pairs[i];
  const to = pairs[i + 1];
  try {
    linkSync(from, to);
    continue;
  } catch (e) {
    if (e.code !== 'EEXIST') {
      copyFileSync(from, to);
      continue;
    }
  }
  // Already there (a body module pages share, named by its content): replaced, never written into, as it may be a cache file.
  const tmp = `${to}.link-${replacements++}`;
  try {
    linkSync(from, tmp);
  } catch {
    copyFileSync(from, tmp);
  }
  renameSync(tmp, to);
  // A rename onto another name of the same file does nothing, and leaves tmp.
  rmSync(tmp, { force: true });
}

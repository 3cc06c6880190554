/**
 * Puts a finished site in place of the old one. The old one is moved aside first, so the swap is two
 * renames, and removed by a process of its own that outlives the build: unlinking tens of thousands
 * of files took seconds that the reader of the new site does not need to wait for.
 */
import { spawn } from 'node:child_process';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

const exists = (p: string) => stat(p).then(() => true, () => false);

/** Removes `dirs` in a detached Node process (portable, unlike `rm -rf`). */
function removeInBackground(dirs: string[]) {
  if (!dirs.length) return;
  const code = 'for (const d of process.argv.slice(1)) require("node:fs").rmSync(d, { recursive: true, force: true })';
  spawn(process.execPath, ['-e', code, ...dirs], { detached: true, stdio: 'ignore' }).unref();
}

/**
 * Moves `next` to `target`. The old `target` goes into `asideDir` (on the same file system, for a
 * rename) and is removed in the background with anything an earlier build left there.
 */
export async function swapFolder(next: string, target: string, asideDir: string): Promise<void> {
  await mkdir(asideDir, { recursive: true });
  const aside = path.join(asideDir, `${path.basename(target)}-${process.pid}-${Date.now()}`);
  if (await exists(target)) {
    try {
      await rename(target, aside);
    } catch {
      // another file system: remove it here instead
      await rm(target, { recursive: true, force: true });
    }
  }
  await rename(next, target);
  removeInBackground((await readdir(asideDir)).map((name) => path.join(asideDir, name)));
}

/**
 * Puts a finished site in place of the last one. The new site is the files under `built` and the
 * `kept` files: pages of the render cache, named by their path in the site, that the prerender did
 * not link into `built` (at ten thousand pages, forty thousand links and ten thousand folders: seconds
 * of a two-core machine, and as many to delete the old site's copies afterwards).
 *
 * When `target` holds the last build, it is updated in place: files the new site does not have are
 * removed, and only files that are not already the same file (same device and inode: an unchanged
 * page is the cache's file in both builds) are moved or linked in, each by a rename over the old one.
 * A marker is written before the first change and removed after the last; a build stopped between
 * them (a fraction of a second for an edit) leaves a mixed site, which the next build finds by the
 * marker and replaces whole. When there is no target, or it was left mixed, `built` with the kept
 * files linked in replaces it (swapFolder), as every build did before.
 */
import { copyFileSync, existsSync, linkSync, mkdirSync, renameSync, rmdirSync, statSync, unlinkSync, writeFileSync, type Stats } from 'node:fs';
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import path from 'node:path';
import { filesUnder, fingerprintOf } from './build-stamp.ts';
import { threadBundle } from '../threads/thread-bundle.mjs';
import { swapFolder } from './swap-folder.ts';

/** A file of the render cache that belongs in the site at `rel`; `dev` and `ino` as the prerender found them. */
export interface KeptSiteFile {
  rel: string;
  file: string;
  dev: number;
  ino: number;
}

export interface Placement {
  built: string;
  kept: KeptSiteFile[];
  target: string;
  /** Where an old site is moved to be deleted in the background (see swapFolder). */
  asideDir: string;
  /** The file that says a placement in place is under way. */
  marker: string;
  /** What the target holds, as readSite found it (read here when not given). */
  present?: SiteFiles;
}

/** What placing needs of a file's stats. */
type FileStats = Pick<Stats, 'dev' | 'ino' | 'size' | 'mtimeMs'>;

/** The files of a site by path, with their stats. */
export type SiteFiles = Map<string, FileStats>;

/**
 * The files the last build left at `target`; null when there are none, or when a placement was stopped
 * half-way (the marker). Reading ten thousand pages' files takes a while: the build does it while a phase runs.
 */
export function readSite(target: string, marker: string): SiteFiles | null {
  if (!existsSync(target) || existsSync(marker)) return null;
  return new Map(filesUnder(target).map((rel) => [rel, statSync(path.join(target, rel))]));
}

/**
 * readSite in a process of its own at the lowest priority: the build reads the last site while the pages phase
 * runs, and that phase's threads keep both cores when they need them. Null as for readSite; undefined when the
 * reading failed or was stopped by `signal` (placeSite then reads the site itself). On a machine kept busy by other
 * work the lowest priority may get no core for minutes: the build stops the reader when it needs the answer.
 */
export async function readSiteAside(target: string, marker: string, root: string, signal?: AbortSignal): Promise<SiteFiles | null | undefined> {
  if (!existsSync(target) || existsSync(marker)) return null;
  try {
    const script = await threadBundle(path.join(root, 'src/builder/placement/site-files-process.ts'), root);
    if (signal?.aborted) return undefined;
    const child = spawn(process.execPath, [script, target], { stdio: ['ignore', 'pipe', 'inherit'], signal });
    try {
      setPriority(child.pid!, 19);
    } catch {
      // not allowed here: it runs at the build's priority
    }
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    const code = await new Promise((resolve, reject) => child.on('error', reject).on('close', resolve));
    if (code !== 0) return undefined;
    const rows = JSON.parse(Buffer.concat(chunks).toString('utf8')) as [string, number, number, number, number][];
    return new Map(rows.map(([rel, dev, ino, size, mtimeMs]) => [rel, { dev, ino, size, mtimeMs }]));
  } catch {
    return undefined;
  }
}

/** Puts the new site at `target` and gives its fingerprint, as outputFingerprint would make it. */
export async function placeSite({ built, kept, target, asideDir, marker, present = readSite(target, marker) ?? undefined }: Placement): Promise<string> {
  if (!present || existsSync(marker)) {
    const folder = folderMaker();
    for (const { rel, file } of kept) {
      const to = path.join(built, rel);
      folder(path.dirname(to));
      linkInto(file, to);
    }
    await swapFolder(built, target, asideDir);
    rmSafe(marker);
    return fingerprintOf(filesUnder(target), (rel) => statSync(path.join(target, rel)));
  }
  return placeInPlace(built, kept, target, marker, present);
}

/** Where each file of the new site comes from, and whether it is moved (a file of `built`) or linked (a cache file). */
interface Source {
  from: string;
  move: boolean;
  dev: number;
  ino: number;
}

function placeInPlace(built: string, kept: KeptSiteFile[], target: string, marker: string, now: SiteFiles): string {
  const wanted = new Map<string, Source>();
  for (const rel of filesUnder(built)) {
    const from = path.join(built, rel);
    const { dev, ino } = statSync(from);
    wanted.set(rel, { from, move: true, dev, ino });
  }
  // A kept file wins over a file of `built` at the same path, as when it is linked over it: the home page kept
  // over the client build's index.html (the page template), a body module two pages share (the same text).
  for (const { rel, file, dev, ino } of kept) wanted.set(rel, { from: file, move: false, dev, ino });

  mkdirSync(path.dirname(marker), { recursive: true });
  writeFileSync(marker, `placing ${built} at ${target}\n`);
  // Removals first: a folder the new site has a file in place of (or the reverse) is out of the way before it is needed.
  const emptied = new Set<string>();
  for (const rel of now.keys()) {
    if (wanted.has(rel)) continue;
    rmSafe(path.join(target, rel)); // gone already if removed by hand since it was read
    now.delete(rel);
    emptied.add(path.dirname(rel));
  }
  removeEmptyFolders(target, emptied);
  const folder = folderMaker();
  for (const [rel, source] of wanted) {
    const old = now.get(rel);
    if (old && old.ino === source.ino && old.dev === source.dev) continue;
    const to = path.join(target, rel);
    folder(path.dirname(to));
    if (source.move) moveInto(source.from, to);
    else linkInto(source.from, to);
    now.set(rel, statSync(to));
  }
  unlinkSync(marker);
  return fingerprintOf([...now.keys()].sort(), (rel) => now.get(rel)!);
}

/** Removes the folders (relative to root) that are now empty, and their parents that become so. */
function removeEmptyFolders(root: string, dirs: Set<string>) {
  const deepestFirst = [...dirs].sort((a, b) => b.split('/').length - a.split('/').length);
  const tried = new Set<string>();
  for (let dir of deepestFirst) {
    while (dir !== '.' && !tried.has(dir)) {
      tried.add(dir);
      try {
        rmdirSync(path.join(root, dir));
      } catch {
        break; // not empty: its parents are not either
      }
      dir = path.dirname(dir);
    }
  }
}

/** Makes each folder (and its parents) once. */
function folderMaker() {
  const made = new Set<string>();
  return (dir: string) => {
    if (!made.has(dir)) mkdirSync(dir, { recursive: true }), made.add(dir);
  };
}

/** A rename over the old file; a copy where `from` is on another file system. */
function moveInto(from: string, to: string) {
  try {
    renameSync(from, to);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
    replaceFile(to, (tmp) => copyFileSync(from, tmp));
  }
}

/** A hard link of `from` (never written into: it may be a cache file); a copy across file systems. */
function linkInto(from: string, to: string) {
  replaceFile(to, (tmp) => {
    try {
      linkSync(from, tmp);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
      copyFileSync(from, tmp);
    }
  });
}

let temporaries = 0;
/** Puts a new file at `to` by a rename over the old one: `make` writes it at a temporary name beside it. */
function replaceFile(to: string, make: (tmp: string) => void) {
  const tmp = `${to}.placing-${process.pid}-${temporaries++}`;
  make(tmp);
  renameSync(tmp, to);
  rmSafe(tmp); // a rename onto another name of the same file does nothing, and leaves tmp
}

function rmSafe(file: string) {
  try {
    unlinkSync(file);
  } catch {
    // not there
  }
}

/**
 * Rendered pages kept between builds (.cache/render/): a page whose inputs did not change
 * is brought back from here instead of rendered again. A page's key covers everything its render
 * reads: the server bundle's code, the HTML shell (which names the client bundle's files and
 * carries the security policy), the base URL, and the page's own data: title, body module (named
 * by its source text), sidebar, prev/next, table of contents, version links. Pages that are not
 * docs (home, search, 404) read the whole manifest, so their key covers all of it. An edit to a
 * page's title changes its neighbours' prev/next and, where the sidebar is inline, every page of
 * its version: those keys change too, and those pages are rendered again.
 *
 * An entry is flat in the cache's folder, named by its key: the page's files, `<key>.0`, `<key>.1`, …, and
 * one file `<key>.json`. Its first line is the entry's small data with the files' paths in the site; each
 * line after it is a part read only on demand (see readPart): a page's search records, read when its
 * version's search index is made again, and its link facts, read when the link check needs them. At ten
 * thousand pages, parsing every page's facts and records with its data was most of the lookup (95 MB of
 * JSON), so the lookup parses the first line only. No folder per entry and no file per part: a cold build
 * makes a new file or folder for each, and on this project's machines (ext4 without a journal) every new
 * one costs kernel time that grows with the files deleted in the last minutes, as a cold build's are.
 * The files reach dist/ as hard links, not copies (place-site.ts), so a rebuild of ten
 * thousand unchanged pages writes no page text at all. A search index's entry lists its files, kept
 * once each in a folder of their own (search-store.ts). Every kept file's size and modification time are recorded: a file changed in
 * place (dist/ shares its inode) no longer matches, and its entry is rendered again.
 */
import { mkdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { readFirstLine } from '../common/first-line.ts';
import { sha256 } from '../common/hash.ts';
import { isWrittenAside, writeWhole } from '../common/write-whole.ts';

/** Every file under dir, hashed with its path, in a stable order. */
export async function folderHash(dir: string): Promise<string> {
  const entries = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  const files = entries.map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
  const parts: string[] = [];
  // Read one by one, synchronously: a promise per small file cost more than its read.
  for (const f of files) parts.push(f, sha256(readFileSync(path.join(dir, f))));
  return sha256(...parts);
}

interface KeptFile {
  /** Path under the site's folder. */
  rel: string;
  size: number;
  mtimeMs: number;
  /** The file itself (as the site shares it), when kept; older entries lack it. */
  dev?: number;
  ino?: number;
}

/** A file of the last site as the build read it (place-site.ts): by its path there, its device, inode, size and time. */
export type SiteFileStats = (rel: string) => { dev: number; ino: number; size: number; mtimeMs: number } | undefined;

interface EntryMeta<T> {
  files: KeptFile[];
  data: T;
  /** The names of the parts, in the order of the lines after this one. */
  parts?: string[];
}

/** A hard link where the file system allows one (same device), else a copy. */
export const linkOrCopy = (from: string, to: string) => link(from, to).catch(() => copyFile(from, to));

/** The n-th file of an entry (`entry` as FileSetCache.entryFor names it). */
export const keptFile = (entry: string, n: number) => `${entry}.${n}`;
const entryFile = (entry: string) => `${entry}.json`;

/**
 * Writes a page's file into the site's folder as a new file: a file brought back from the cache is a
 * hard link, and writing into it in place would change the cache's copy too.
 */
const madeForWrites = new Set<string>();
export function writeFresh(file: string, text: string) {
  const dir = path.dirname(file);
  if (!madeForWrites.has(dir)) mkdirSync(dir, { recursive: true }), madeForWrites.add(dir);
  try {
    unlinkSync(file);
  } catch {
    // not there yet: the usual case
  }
  writeFileSync(file, text);
}

/** Links `from` as `to`, in place of a file an entry dropped or cut short left there. */
async function linkOver(from: string, to: string): Promise<void> {
  try {
    await linkOrCopy(from, to);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    await unlink(to);
    await linkOrCopy(from, to);
  }
}

/**
 * Keeps `rels` (paths under siteDir, already written there) and `data` as the entry, with `parts`
 * (each read by readPart, not readEntry). The entry's file is written aside and renamed last: a build
 * stopped half-way leaves no half entry, only files that the next use of the key links over.
 */
export async function keepFiles<T>(entry: string, siteDir: string, rels: string[], data: T, parts: Record<string, unknown> = {}): Promise<void> {
  const files = await Promise.all(
    rels.map(async (rel, i): Promise<KeptFile> => {
      const kept = keptFile(entry, i);
      await linkOver(path.join(siteDir, rel), kept);
      const s = await stat(kept);
      return { rel, size: s.size, mtimeMs: s.mtimeMs, dev: s.dev, ino: s.ino };
    }),
  );
  const names = Object.keys(parts);
  // JSON has no raw line break, so each line is one value.
  const lines = [JSON.stringify({ files, data, ...(names.length ? { parts: names } : {}) } satisfies EntryMeta<T>), ...names.map((n) => JSON.stringify(parts[n]))];
  await writeWhole(entryFile(entry), lines.join('\n'));
}

/** An entry as kept: its files (with the device and inode each was found on) and its data. */
export interface Entry<T> {
  /** The entry, as FileSetCache.entryFor names it. */
  path: string;
  files: (KeptFile & { dev: number; ino: number })[];
  data: T;
}

/** First lines read ahead (readMetasAhead), each taken once by the lookup it was read for. */
const metasAhead = new Map<string, EntryMeta<unknown>>();

/** The entry's first line (its data): its parts are not read. */
const readMeta = <T>(entry: string) => {
  const ahead = metasAhead.get(entry);
  if (ahead === undefined) return JSON.parse(readFirstLine(entryFile(entry))) as EntryMeta<T>;
  metasAhead.delete(entry);
  return ahead as EntryMeta<T>;
};

/**
 * Reads the first lines of `names`' entries in `dir` now, a few hundred at a time, until `stop()`: while a build's own
 * thread waits for its compile thread after an edit, it reads the entries the pages will most likely keep (at ten
 * thousand pages, 0.4 s after the pages are named otherwise). Its files are checked by the lookup that takes it, as
 * for one read then. No entry read ahead is written again before that lookup: only the render threads write entries,
 * and they render nothing before the lookups.
 */
export async function readMetasAhead(dir: string, names: Iterable<string>, stop: () => boolean): Promise<void> {
  let n = 0;
  for (const name of names) {
    if (++n % 250 === 0) {
      await new Promise((resolve) => setImmediate(resolve));
      if (stop()) return;
    }
    const entry = path.join(dir, name);
    try {
      metasAhead.set(entry, JSON.parse(readFirstLine(entryFile(entry))) as EntryMeta<unknown>);
    } catch {
      // gone or unreadable: its lookup finds so itself
    }
  }
}

/** Forgets what was read ahead and not taken (pages named afresh, or a build that stopped). */
export const forgetMetasAhead = () => metasAhead.clear();

/** Removes an entry's file and its first `files` kept files (the others are linked over or pruned). */
export function dropEntry(entry: string, files = 0): void {
  rmSync(entryFile(entry), { force: true });
  for (let i = 0; i < files; i++) rmSync(keptFile(entry, i), { force: true });
}

/**
 * Reads an entry: undefined when there is none, or when it cannot be read or one of its files was
 * changed since it was kept (the entry is then dropped). `site`: the last site's files as the build
 * read them. A kept file the site holds as that same file (its device and inode), with the size and
 * time it was kept with, is not looked at again: at ten thousand pages, forty thousand stat calls.
 */
export function readEntry<T>(entry: string, site?: SiteFileStats): Entry<T> | undefined {
  // Synchronous on purpose: ten thousand small reads ran faster one by one than as promises (measured).
  let meta: EntryMeta<T>;
  try {
    meta = readMeta<T>(entry);
    if (!Array.isArray(meta.files)) throw new Error('not an entry');
  } catch (e) {
    // One that cannot be read (cut short on a full disk, or damaged) is removed: the page is rendered again.
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') dropEntry(entry);
    return undefined;
  }
  const files: Entry<T>['files'] = [];
  const unchanged = meta.files.every((kept, i) => {
    const there = kept.ino === undefined ? undefined : site?.(kept.rel);
    const found = there && there.ino === kept.ino && there.dev === kept.dev ? there : statSync(keptFile(entry, i), { throwIfNoEntry: false });
    files.push({ ...kept, dev: found?.dev ?? 0, ino: found?.ino ?? 0 });
    return found?.size === kept.size && found.mtimeMs === kept.mtimeMs;
  });
  if (!unchanged) {
    dropEntry(entry, meta.files.length);
    return undefined;
  }
  return { path: entry, files, data: meta.data };
}

/** What keepFiles kept as the entry's part `name`; undefined when the entry or that part is gone. */
export function readPart<D>(entry: string, name: string): D | undefined {
  try {
    const [first, ...parts] = readFileSync(entryFile(entry), 'utf8').split('\n');
    const index = (JSON.parse(first) as EntryMeta<unknown>).parts?.indexOf(name) ?? -1;
    return index < 0 ? undefined : (JSON.parse(parts[index]) as D);
  } catch {
    return undefined;
  }
}

/**
 * The entries of one cache folder: named by content keys, and the ones a build did not use removed
 * at its end. Entries are written by keepFiles and read by readEntry.
 */
export class FileSetCache {
  private readonly used = new Set<string>();
  constructor(
    private readonly dir: string,
    /** What every entry depends on besides its own key. */
    private readonly common: string,
  ) {}

  /** The entry for these inputs: the path its files are named from (see keepFiles). */
  entryFor(...inputs: string[]): string {
    const name = sha256(this.common, ...inputs).slice(0, 32);
    this.used.add(name);
    return path.join(this.dir, name);
  }

  /** The entry of a name entryFor gave in an earlier build, with the same common key (entry-names.ts). */
  entryNamed(name: string): string {
    this.used.add(name);
    return path.join(this.dir, name);
  }

  /** What every entry depends on besides its own key. */
  get commonKey(): string {
    return this.common;
  }

  /** Removes one entry an earlier build named, with its files. */
  remove(name: string): void {
    const entry = path.join(this.dir, name);
    let files = 0;
    try {
      files = readMeta<unknown>(entry).files.length;
    } catch {
      // unreadable or gone: its entry file is removed below, and its files (if any) by the next whole prune
    }
    dropEntry(entry, files);
  }

  async ready(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }

  /**
   * Removes the entries this build did not use (pages deleted or changed), so the cache does not grow, and what no
   * entry owns: a file a stopped build left aside, a folder of an older layout.
   */
  async prune(): Promise<void> {
    for (const e of await readdir(this.dir, { withFileTypes: true })) {
      const [name] = e.name.split('.', 1);
      if (e.isDirectory() || isWrittenAside(e.name) || !this.used.has(name)) await rm(path.join(this.dir, e.name), { recursive: true, force: true });
    }
  }
}

/** A rendered page's entry data: which search records it gave (kept as its part 'records', its link facts as 'facts'). */
export interface PageExtract {
  /** The hash of the page's search records: a version whose pages' hashes are all as before keeps its index. */
  recordsHash: string;
}

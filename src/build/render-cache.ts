/**
 * Rendered pages kept between builds (.cache/render/<key>/): a page whose inputs did not change
 * is brought back from here instead of rendered again. A page's key covers everything its render
 * reads: the server bundle's code, the HTML shell (which names the client bundle's files and
 * carries the security policy), the base URL, and the page's own data: title, body module (named
 * by its source text), sidebar, prev/next, table of contents, version links. Pages that are not
 * docs (home, search, 404) read the whole manifest, so their key covers all of it. An edit to a
 * page's title changes its neighbours' prev/next and, where the sidebar is inline, every page of
 * its version: those keys change too, and those pages are rendered again.
 *
 * An entry is a folder: the page's files, named 0, 1, …, meta.json with their paths in the site and
 * the entry's small data, and parts read only on demand, each in a file of its own (see readPart): a
 * page's search records, read when its version's search index is made again, and its link facts,
 * read when the link check needs them. At ten thousand pages, reading and parsing every page's facts
 * and records with its meta.json was most of the lookup (95 MB of JSON), and of the garbage collector's work
 * after it. The files reach dist/ as hard links, not copies (place-site.ts), so a rebuild of ten
 * thousand unchanged pages writes no page text at all. A search index's entry lists its files, kept
 * once each in a folder of their own (search-store.ts). Every kept file's size and modification time are recorded: a file changed in
 * place (dist/ shares its inode) no longer matches, and its entry is rendered again.
 */
import { mkdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sha256 } from './hash.ts';

/** Every file under dir, hashed with its path, in a stable order. */
export async function folderHash(dir: string): Promise<string> {
  const entries = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  const files = entries.map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
  const parts: string[] = [];
  for (const f of files) parts.push(f, sha256(await readFile(path.join(dir, f))));
  return sha256(...parts);
}

interface KeptFile {
  /** Path under the site's folder. */
  rel: string;
  size: number;
  mtimeMs: number;
}

interface EntryMeta<T> {
  files: KeptFile[];
  data: T;
}

/** A hard link where the file system allows one (same device), else a copy. */
export const linkOrCopy = (from: string, to: string) => link(from, to).catch(() => copyFile(from, to));

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

/**
 * Keeps `rels` (paths under siteDir, already written there) and `data` as the entry, with `parts`
 * (each read by readPart, not readEntry). It is made whole in a temporary folder and renamed into
 * place: a build stopped half-way leaves no half entry.
 */
export async function keepFiles<T>(entry: string, siteDir: string, rels: string[], data: T, parts: Record<string, unknown> = {}): Promise<void> {
  const tmp = `${entry}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  // Flat (the n-th file is named n): one folder per entry, where a folder per path level cost more than the files.
  await mkdir(tmp);
  const files = await Promise.all(
    rels.map(async (rel, i): Promise<KeptFile> => {
      const kept = path.join(tmp, String(i));
      await linkOrCopy(path.join(siteDir, rel), kept);
      const s = await stat(kept);
      return { rel, size: s.size, mtimeMs: s.mtimeMs };
    }),
  );
  await writeFile(path.join(tmp, 'meta.json'), JSON.stringify({ files, data } satisfies EntryMeta<T>));
  await Promise.all(Object.entries(parts).map(([name, value]) => writeFile(path.join(tmp, `${name}.json`), JSON.stringify(value))));
  try {
    await rename(tmp, entry);
  } catch {
    // the same entry was made meanwhile: the same files, keep that one
    await rm(tmp, { recursive: true, force: true });
  }
}

/** An entry as kept: its files (with the device and inode each was found on) and its data. */
export interface Entry<T> {
  dir: string;
  files: (KeptFile & { dev: number; ino: number })[];
  data: T;
}

/**
 * Reads an entry: undefined when there is none, or when it cannot be read or one of its files was
 * changed since it was kept (the entry is then dropped).
 */
export function readEntry<T>(dir: string): Entry<T> | undefined {
  // Synchronous on purpose: ten thousand small reads ran faster one by one than as promises (measured).
  let meta: EntryMeta<T>;
  try {
    meta = JSON.parse(readFileSync(path.join(dir, 'meta.json'), 'utf8')) as EntryMeta<T>;
  } catch (e) {
    // One that cannot be read (of an older layout, or damaged) is removed: a new entry could not take its place.
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  const files: Entry<T>['files'] = [];
  const unchanged = meta.files.every((kept, i) => {
    const found = statSync(path.join(dir, String(i)), { throwIfNoEntry: false });
    files.push({ ...kept, dev: found?.dev ?? 0, ino: found?.ino ?? 0 });
    return found?.size === kept.size && found.mtimeMs === kept.mtimeMs;
  });
  if (!unchanged) {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  return { dir, files, data: meta.data };
}

/** What keepFiles kept as the entry's part `name`; undefined when the entry or that part is gone. */
export function readPart<D>(dir: string, name: string): D | undefined {
  try {
    return JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8')) as D;
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

  /** The folder of the entry for these inputs. */
  entryFor(...inputs: string[]): string {
    const name = sha256(this.common, ...inputs).slice(0, 32);
    this.used.add(name);
    return path.join(this.dir, name);
  }

  async ready(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }

  /** Removes the entries this build did not use (pages deleted or changed), so the cache does not grow. */
  async prune(): Promise<void> {
    for (const name of await readdir(this.dir)) if (!this.used.has(name)) await rm(path.join(this.dir, name), { recursive: true, force: true });
  }
}

/** A rendered page's entry data: which search records it gave (kept as its part 'records', its link facts as 'facts'). */
export interface PageExtract {
  /** The hash of the page's search records: a version whose pages' hashes are all as before keeps its index. */
  recordsHash: string;
}

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
 * An entry is a folder: the page's files, named 0, 1, …, and meta.json with their paths in the site
 * and what the link check and the search index need. Files come back as hard links, not copies, so a rebuild of ten thousand
 * unchanged pages writes no page text at all. The search index's files are kept the same way
 * (see FileSetCache). Every kept file's size and modification time are recorded: a file changed in
 * place (dist/ shares its inode) no longer matches, and its entry is rendered again.
 */
import { copyFileSync, linkSync, mkdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync, renameSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { sha256 } from './hash.ts';
import type { PageFacts } from './html-facts.ts';
import type { SearchRecord } from '../search/types.ts';

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

/** Makes folders once per process: ten thousand pages share a few thousand folders. */
const madeDirs = new Set<string>();
function ensureDir(dir: string) {
  if (madeDirs.has(dir)) return;
  mkdirSync(dir, { recursive: true });
  madeDirs.add(dir);
}

/**
 * A hard link where the file system allows one (same device), else a copy. A file already there
 * (a body module two pages share, named by its content) is replaced, never written into.
 */
function linkOrCopy(from: string, to: string, again = true) {
  try {
    linkSync(from, to);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST' && again) {
      unlinkSync(to);
      return linkOrCopy(from, to, false);
    }
    copyFileSync(from, to);
  }
}

/**
 * Writes a page's file into the site's folder as a new file: a file brought back from the cache is a
 * hard link, and writing into it in place would change the cache's copy too.
 */
export function writeFresh(file: string, text: string) {
  ensureDir(path.dirname(file));
  try {
    unlinkSync(file);
  } catch {
    // not there yet: the usual case
  }
  writeFileSync(file, text);
}

/**
 * Keeps `rels` (paths under siteDir, already written there) and `data` as the entry. It is made
 * whole in a temporary folder and renamed into place: a build stopped half-way leaves no half entry.
 */
export function keepFiles<T>(entry: string, siteDir: string, rels: string[], data: T): void {
  const tmp = `${entry}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  const files: KeptFile[] = [];
  // Flat (the n-th file is named n): one folder per entry, where a folder per path level cost more than the files.
  mkdirSync(tmp);
  for (const [i, rel] of rels.entries()) {
    const kept = path.join(tmp, String(i));
    linkOrCopy(path.join(siteDir, rel), kept);
    const s = statSync(kept);
    files.push({ rel, size: s.size, mtimeMs: s.mtimeMs });
  }
  writeFileSync(path.join(tmp, 'meta.json'), JSON.stringify({ files, data } satisfies EntryMeta<T>));
  try {
    renameSync(tmp, entry);
  } catch {
    // the same entry was made meanwhile: the same files, keep that one
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** An entry as kept: its files and its data. */
export interface Entry<T> {
  dir: string;
  files: KeptFile[];
  data: T;
}

/**
 * Reads an entry: undefined when there is none, or when one of its files was changed since it was
 * kept (the entry is then dropped).
 */
export function readEntry<T>(dir: string): Entry<T> | undefined {
  let meta: EntryMeta<T>;
  try {
    meta = JSON.parse(readFileSync(path.join(dir, 'meta.json'), 'utf8')) as EntryMeta<T>;
  } catch {
    return undefined;
  }
  const intact = meta.files.every(({ size, mtimeMs }, i) => {
    const s = statSync(path.join(dir, String(i)), { throwIfNoEntry: false });
    return s?.size === size && s.mtimeMs === mtimeMs;
  });
  if (!intact) {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  return { dir, ...meta };
}

/** Puts an entry's files into siteDir. */
export function linkEntry(entry: Entry<unknown>, siteDir: string): void {
  for (const [i, { rel }] of entry.files.entries()) {
    const to = path.join(siteDir, rel);
    ensureDir(path.dirname(to));
    linkOrCopy(path.join(entry.dir, String(i)), to);
  }
}

/** Brings an entry's files back into siteDir and gives its data (see readEntry for undefined). */
export function bringBack<T>(dir: string, siteDir: string): T | undefined {
  const entry = readEntry<T>(dir);
  if (entry) linkEntry(entry, siteDir);
  return entry?.data;
}

/**
 * The entries of one cache folder: named by content keys, and the ones a build did not use removed
 * at its end. Entries are written by keepFiles and read by bringBack.
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
    ensureDir(this.dir);
  }

  /** Removes the entries this build did not use (pages deleted or changed), so the cache does not grow. */
  async prune(): Promise<void> {
    for (const name of await readdir(this.dir)) if (!this.used.has(name)) await rm(path.join(this.dir, name), { recursive: true, force: true });
  }
}

/** What a rendered page gives the link check and the search index. */
export interface PageExtract {
  facts: PageFacts[];
  records: SearchRecord[];
}

/** A page's facts as JSON: its ids are a Set, kept as a list. */
export const extractToJson = (extract: PageExtract): PageExtract => ({ records: extract.records, facts: extract.facts.map((f) => ({ ...f, ids: [...f.ids] as unknown as Set<string> })) });

/** The facts read back: their ids a Set again. */
export const extractFromJson = (extract: PageExtract): PageExtract => ({ records: extract.records, facts: extract.facts.map((f) => ({ ...f, ids: new Set(f.ids as unknown as string[]) })) });

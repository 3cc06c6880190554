/**
 * The build's cache of what each page source gives: its manifest entry (front matter, headings)
 * and its compiled body. Entries live in .cache/pages/, one file per page version (and its module),
 * keyed by the page's text and a fingerprint of the compiler, so an edited page or an upgraded
 * compiler simply misses. The page compiler fills it and removes what no page uses any more; the
 * manifest reader (builds and the dev server) reads it. One folder, not one per leading pair of hex
 * digits: a cold build makes every folder anew, and on ext4 without a journal a new folder or file
 * costs kernel time that grows with those deleted in the last minutes (render-cache.ts).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DocSource } from '../content/types.ts';
import { sha256 } from './hash.ts';
import { DIAGRAM_RENDERER } from './diagram-renderer.ts';
import type { DiagramFallback } from './remark-mermaid.ts';

export interface CachedPage {
  doc: DocSource;
  /** The compiled body, given to set(); it is kept in a module file of its own (see moduleFile). */
  code?: string;
  /** Whether the body was compiled (false when only the manifest reader has seen the page). */
  compiled?: boolean;
  /** Its diagrams that the browser draws (types the build cannot draw), by line. */
  diagramFallbacks?: DiagramFallback[];
}

const fingerprints = new Map<string, string>();

/**
 * What a page's entry depends on besides its text: our build sources and the installed packages
 * (the lock file), and by name the diagram renderer, whose drawings the entries hold.
 */
export function compilerFingerprint(root: string): string {
  let f = fingerprints.get(root);
  if (f) return f;
  const buildDir = path.join(root, 'src/build');
  const parts: (string | Buffer)[] = [DIAGRAM_RENDERER];
  parts.push(...readdirSync(buildDir).sort().flatMap((name) => [name, readFileSync(path.join(buildDir, name))]));
  for (const name of ['package-lock.json', 'package.json']) {
    try {
      parts.push(readFileSync(path.join(root, name)));
    } catch {
      // a copy of the engine without it (the build tests): the sources above still count
    }
  }
  f = sha256(...parts);
  fingerprints.set(root, f);
  return f;
}

export function pageCache(root: string) {
  const dir = path.join(root, '.cache/pages');
  const fingerprint = compilerFingerprint(root);
  const fileOf = (source: string, text: string) => {
    const key = sha256(fingerprint, source, text);
    return path.join(dir, `${key}.json`);
  };
  return {
    /**
     * The compiled body as a module that the prerender imports where it lies: an entry never changes
     * once written (its name is its inputs' hash), so a build of unchanged pages copies no code.
     */
    moduleFile: (source: string, text: string) => fileOf(source, text).replace(/\.json$/, '.mjs'),
    async get(source: string, text: string): Promise<CachedPage | undefined> {
      // An entry missing or unreadable (cut short on a full disk) is compiled again.
      return readFile(fileOf(source, text), 'utf8').then((raw) => JSON.parse(raw) as CachedPage).catch(() => undefined);
    },
    async set(source: string, text: string, { code, ...entry }: CachedPage) {
      const file = fileOf(source, text);
      await mkdir(dir, { recursive: true });
      // Written aside and renamed: a reader never sees half an entry. The module goes first, so an
      // entry that says it was compiled always has one.
      const writeWhole = async (to: string, text: string) => {
        const tmp = `${to}.${process.pid}.tmp`;
        await writeFile(tmp, text);
        await rename(tmp, to);
      };
      if (code !== undefined) await writeWhole(file.replace(/\.json$/, '.mjs'), code);
      await writeWhole(file, JSON.stringify({ ...entry, compiled: code !== undefined || entry.compiled }));
    },
    /**
     * Removes the entries of page texts that `modules` (every page's module file) no longer names, what a stopped build
     * left aside, and the folders of an older layout. Other files (the page compiler's snapshot) are left.
     */
    async prune(modules: Iterable<string>) {
      const used = new Set([...modules].map((m) => path.basename(m, '.mjs')));
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const e of entries) {
        const key = /^([0-9a-f]{64})\.(json|mjs)(\.\d+\.tmp)?$/.exec(e.name);
        const stale = e.isDirectory() ? /^[0-9a-f]{2}$/.test(e.name) : key && (key[3] || !used.has(key[1]));
        if (stale) await rm(path.join(dir, e.name), { recursive: true, force: true });
      }
    },
  };
}

/**
 * The build's cache of what each page source gives: its manifest entry (front matter, headings)
 * and its compiled body. Entries live in .cache/pages/, one file per page version, keyed by the
 * page's text and a fingerprint of the compiler, so an edited page or an upgraded compiler simply
 * misses. The page compiler fills it; the manifest reader (builds and the dev server) reads it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DocSource } from '../content/types.ts';
import { sha256 } from './hash.ts';
import { DIAGRAM_RENDERER } from './diagram-renderer.ts';
import type { DiagramFallback } from './remark-mermaid.ts';

export interface CachedPage {
  doc: DocSource;
  /** The compiled body (missing when only the manifest reader has seen the page). */
  code?: string;
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
    return path.join(dir, key.slice(0, 2), `${key}.json`);
  };
  return {
    key: (source: string, text: string) => path.basename(fileOf(source, text), '.json'),
    async get(source: string, text: string): Promise<CachedPage | undefined> {
      const raw = await readFile(fileOf(source, text), 'utf8').catch(() => null);
      return raw === null ? undefined : (JSON.parse(raw) as CachedPage);
    },
    async set(source: string, text: string, entry: CachedPage) {
      const file = fileOf(source, text);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed: a reader never sees half an entry.
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, JSON.stringify(entry));
      await rename(tmp, file);
    },
  };
}

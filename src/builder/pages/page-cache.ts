/**
 * The build's cache of what each page source gives: its manifest entry (front matter, headings)
 * and its compiled body. Entries live in .cache/pages/, one file per page version (see set),
 * keyed by the page's text and a fingerprint of the compiler, so an edited page or an upgraded
 * compiler simply misses. The page compiler fills it and removes what no page uses any more; the
 * manifest reader (builds and the dev server) reads it. One folder and one file per entry: a cold
 * build makes every file and folder anew, and here each new one costs kernel time (render-cache.ts).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { DocSource } from '../../content/types.ts';
import { readFirstLine } from '../common/first-line.ts';
import { sha256 } from '../common/hash.ts';
import { isWrittenAside, writeWhole } from '../common/write-whole.ts';
import { DIAGRAM_RENDERER_FINGERPRINT } from '../diagrams/diagram-renderer.ts';
import type { DiagramFallback } from '../diagrams/remark-mermaid.ts';
import type { PageImage } from './remark-images.ts';
import type { LinkPlaces } from '../links/link-places.ts';

export interface CachedPage {
  doc: DocSource;
  /** The compiled body, given to set(); it is kept in a module file of its own (see moduleFile). */
  code?: string;
  /** Whether the body was compiled (false when only the manifest reader has seen the page). */
  compiled?: boolean;
  /** Its diagrams that the browser draws (types the build cannot draw), by line. */
  diagramFallbacks?: DiagramFallback[];
  /** What its links were resolved against (remark-links.ts): the body holds while every answer does. */
  linkAnswers?: Record<string, string>;
  /** Where the links the compiler rewrote are written, for the link check's report (link-places.ts). */
  linkPlaces?: LinkPlaces;
  /** What the build says of the page without failing it ('file:line: reason'), said again on every build. */
  warnings?: string[];
  /** Its images, which every build copies into the site. */
  images?: PageImage[];
}

const fingerprints = new Map<string, string>();

/** Names what a page's links resolved against, for an entry of its own (see pageCache's fileOf). */
export function linkDigest(answers: Record<string, string>): string {
  return sha256(JSON.stringify(Object.entries(answers).sort(([a], [b]) => (a < b ? -1 : 1))));
}

/**
 * What a page's entry depends on besides its text: our build sources and the installed packages
 * (the lock file), and by name the diagram renderer, whose drawings the entries hold.
 */
export function compilerFingerprint(root: string): string {
  let f = fingerprints.get(root);
  if (f) return f;
  const buildDir = path.join(root, 'src/builder');
  const parts: (string | Buffer)[] = [DIAGRAM_RENDERER_FINGERPRINT];
  // Every file of every step's folder, by its path under src/builder/.
  const names = readdirSync(buildDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(buildDir, path.join(e.parentPath, e.name)))
    .sort();
  parts.push(...names.flatMap((name) => [name, readFileSync(path.join(buildDir, name))]));
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

/** How an entry's file starts: its first line is the entry, as a comment of the module that follows. */
const HEADER = '//page-cache ';

export function pageCache(root: string) {
  const dir = path.join(root, '.cache/pages');
  const fingerprint = compilerFingerprint(root);
  // `links`: '' for the page's first entry; for a body compiled again because a page it links to changed its route,
  // the digest of what its links resolved against then (linkDigest), so that the render cache sees a new module.
  const fileOf = (source: string, text: string, links = '') => path.join(dir, `${links ? sha256(fingerprint, source, text, links) : sha256(fingerprint, source, text)}.mjs`);
  return {
    /**
     * The compiled body as a module that the prerender imports where it lies: an entry never changes
     * once written (its name is its inputs' hash), so a build of unchanged pages copies no code. Its first
     * line is a comment that holds the rest of the entry (see set).
     */
    moduleFile: fileOf,
    async get(source: string, text: string, links = ''): Promise<CachedPage | undefined> {
      // An entry missing or unreadable (cut short on a full disk) is compiled again.
      try {
        const first = readFirstLine(fileOf(source, text, links));
        return first.startsWith(HEADER) ? (JSON.parse(first.slice(HEADER.length)) as CachedPage) : undefined;
      } catch {
        return undefined;
      }
    },
    /**
     * Keeps an entry as one file: its first line the entry as a JSON comment, the rest the compiled body (none when
     * only the manifest reader has seen the page).
     */
    async set(source: string, text: string, { code, ...entry }: CachedPage, links = '') {
      const file = fileOf(source, text, links);
      await mkdir(dir, { recursive: true });
      // JSON leaves U+2028 and U+2029 as they are, and JavaScript ends a comment at either.
      const json = JSON.stringify({ ...entry, compiled: code !== undefined || entry.compiled }).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
      await writeWhole(file, `${HEADER}${json}\n${code ?? ''}`); // a reader never sees half an entry
    },
    /**
     * Keeps the folder from growing with every edit: once it holds more than twice as many entries as `modules` (every
     * page's module file), removes the entries those do not name. Below that, an edit undone or a branch checked out
     * again finds its pages still compiled. What a stopped build left aside, and an older layout's files (an entry
     * apart from its module, folders by the key's first two digits), are removed at once. Other files are left.
     */
    async prune(modules: Iterable<string>) {
      const used = new Set([...modules].map((m) => path.basename(m)));
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      const isEntry = (name: string) => /^[0-9a-f]{64}\.mjs$/.test(name);
      const tooMany = entries.filter((e) => e.isFile() && isEntry(e.name)).length > 2 * used.size;
      for (const e of entries) {
        const stale = e.isDirectory() ? /^[0-9a-f]{2}$/.test(e.name) : /^[0-9a-f]{64}\.(json|mjs\.\d+\.tmp)$/.test(e.name) || isWrittenAside(e.name) || (tooMany && isEntry(e.name) && !used.has(e.name));
        if (stale) await rm(path.join(dir, e.name), { recursive: true, force: true });
      }
    },
  };
}

import { readdirSync, readFileSync, statSync, type Dirent, type Stats } from 'node:fs';
import path from 'node:path';
import siteConfig from '../../../site.config.ts';
import type { CategorySource, DocSource, SiteManifest, TocEntry } from '../../content/types.ts';
import { buildVersionManifest, checkRoutesAcrossVersions, ContentError } from '../../content/manifest.ts';
import { slugOfText } from './front-matter.ts';
import { compilerFingerprint, pageCache } from './page-cache.ts';
import { forEachLimited } from './limit.ts';
import { statSnapshot, unchangedSince, type Snapshotted } from '../common/stat-snapshot.ts';

/** The MDX parser, loaded only when a page has to be parsed here (doc-source.ts). */
const docSources = () => import('./doc-source.ts');

export const CONTENT_DIR = 'content/docs';
const PAGE = /\.mdx?$/;

/** Folders starting with `_` or `.` hold partials, drafts or tooling and never become pages. */
const isContentFolder = (name: string) => !name.startsWith('_') && !name.startsWith('.');
/** A page (`.md`/`.mdx`, not starting with `_`) or a category's `_category_.json`. */
const isContentFile = (name: string) => name === '_category_.json' || (PAGE.test(name) && !name.startsWith('_'));

/**
 * The content files under `dir`, relative to it. Synchronous, like the reading that follows: under
 * the dev server the file watcher's first scan fills the thread pool, and every asynchronous
 * call would queue behind its thousands of stat calls.
 */
function walk(dir: string, rel = ''): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(path.join(dir, rel), { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const e of entries) {
    const relPath = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) {
      if (isContentFolder(e.name)) out.push(...walk(dir, relPath));
    } else if (isContentFile(e.name)) out.push(relPath);
  }
  return out;
}

/**
 * The dev server's reading of a page: one whose front matter is wrong or that has no title keeps a place (its path as
 * its title) instead of stopping the whole site, and its body shows the error (mdx-plugin.ts).
 */
function devDocSource(relPath: string, text: string, read: () => DocSource): DocSource {
  try {
    const doc = read();
    if (doc.frontMatter.title || doc.firstHeading) return doc;
  } catch (e) {
    if (!(e instanceof ContentError)) throw e;
  }
  return { relPath, frontMatter: { title: relPath, ...(slugOfText(text) ? { slug: slugOfText(text) } : {}) }, toc: [] };
}

/** 1-based line and column of a character offset in a text. */
function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, Math.max(0, offset));
  const line = before.split('\n').length;
  return `${line}:${offset - before.lastIndexOf('\n')}`;
}

export function readCategory(file: string, dir: string, text: string): CategorySource {
  // Errors point at line:column in the file: of the syntax error, or of the key that is wrong.
  const at = (key?: string) => {
    const i = key ? text.indexOf(`"${key}"`) : -1;
    return `${file}:${lineColumn(text, i < 0 ? 0 : i)}`;
  };
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(text);
  } catch (e) {
    const message = (e as Error).message;
    const position = Number(/at position (\d+)/.exec(message)?.[1] ?? (/Unexpected end of JSON input/.test(message) ? text.length : 0));
    throw new ContentError(`${file}:${lineColumn(text, position)}`, `malformed JSON: ${message.replace(/ in JSON at position \d+.*$/, '')}`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new ContentError(at(), 'must be a JSON object');
  if (typeof data.label !== 'string') throw new ContentError(at('label'), '"label" (string) is required');
  if (data.position !== undefined && typeof data.position !== 'number') throw new ContentError(at('position'), '"position" must be a number');
  const link = data.link as CategorySource['link'] | undefined;
  if (link && link.type !== 'doc' && link.type !== 'generated-index') {
    throw new ContentError(at('type'), '"link.type" must be "doc" or "generated-index"');
  }
  if (link?.type === 'doc' && typeof link.id !== 'string') throw new ContentError(at('link'), '"link.id" (string) is required for a doc link');
  return { dir, label: data.label, position: data.position as number | undefined, link, description: data.description as string | undefined };
}

/** Every page source of every version, relative to `root`: the client build makes each its own entry chunk. */
export async function listPageSources(root = process.cwd(), contentDir = CONTENT_DIR): Promise<{ source: string; relPath: string }[]> {
  const lists = await Promise.all(
    siteConfig.versions.map(async (v) =>
      walk(path.join(root, contentDir, v.name)).filter((f) => PAGE.test(f)).map((relPath) => ({ source: `${contentDir}/${v.name}/${relPath}`, relPath })),
    ),
  );
  return lists.flat().sort((a, b) => (a.source < b.source ? -1 : 1));
}

export function readCategorySources(root = process.cwd(), contentDir = CONTENT_DIR): Map<string, CategorySource[]> {
  const out = new Map<string, CategorySource[]>();
  for (const v of siteConfig.versions) {
    const dir = path.join(root, contentDir, v.name);
    const list: CategorySource[] = [];
    for (const rel of walk(dir)) {
      if (!rel.endsWith('_category_.json')) continue;
      const text = readTextIfAny(path.join(dir, rel));
      try {
        if (text !== null) list.push(readCategory(rel, dirOf(rel), text));
      } catch {
        // reported by the manifest
      }
    }
    out.set(v.name, list);
  }
  return out;
}

/** 'a/b/_category_.json' → 'a/b'. */
const dirOf = (rel: string) => rel.slice(0, Math.max(0, rel.lastIndexOf('/')));

/** What the content folders hold, per version: each page's entry and each category, by path. */
export interface ContentSources {
  root: string;
  contentDir: string;
  versions: { name: string; docs: Map<string, DocSource>; categories: Map<string, CategorySource> }[];
  /** The dev server's: a page that cannot be read keeps a place, and its body shows why (devDocSource). */
  tolerant?: boolean;
}

/** Where a file belongs in `sources`, if it is content (a page or a _category_.json of a version). */
function locate(sources: ContentSources, file: string) {
  const rel = path.relative(path.join(sources.root, sources.contentDir), file).split(path.sep).join('/');
  const [versionName, ...rest] = rel.split('/');
  const version = sources.versions.find((v) => v.name === versionName);
  const name = rest[rest.length - 1] ?? '';
  if (!version || !rest.slice(0, -1).every(isContentFolder) || !isContentFile(name)) return undefined;
  return { version, relPath: rest.join('/'), isCategory: name === '_category_.json', source: `${sources.contentDir}/${rel}` };
}

/**
 * Reads one file into `sources`, or drops it when it is gone. Returns what it read (`{}` for a
 * deleted file), or undefined for files that are not content. `headings: 'later'` reads a page's
 * front matter only (scanDocSource); docHeadings reads the rest when it is needed.
 */
export async function readContentFile(sources: ContentSources, file: string, headings: 'now' | 'later' = 'now'): Promise<{ doc?: DocSource; category?: CategorySource } | undefined> {
  const where = locate(sources, file);
  if (!where) return undefined;
  const { version, relPath, isCategory, source } = where;
  const text = readTextIfAny(file);
  if (isCategory) {
    const dir = relPath.slice(0, -'/_category_.json'.length);
    if (text === null) return version.categories.delete(dir), {};
    const category = readCategory(source, dir, text);
    version.categories.set(dir, category);
    return { category };
  }
  if (text === null) return version.docs.delete(relPath), {};
  let doc: DocSource | undefined;
  if (headings === 'later') {
    const { scanDocSource } = await docSources();
    doc = devDocSource(relPath, text, () => scanDocSource(source, relPath, text, sources.root));
  } else {
    const cache = pageCache(sources.root);
    doc = (await cache.get(source, text))?.doc;
    if (!doc && sources.tolerant) {
      const { readDocSource } = await docSources();
      doc = devDocSource(relPath, text, () => readDocSource(source, relPath, text, sources.root));
    } else if (!doc) {
      const { readDocSource } = await docSources();
      doc = readDocSource(source, relPath, text, sources.root);
      await cache.set(source, text, { doc });
    }
  }
  version.docs.set(relPath, doc);
  return { doc };
}

/**
 * A file's text, or null when it is gone. Synchronous on purpose (see walk): reading thousands of
 * small files this way is also several times faster than through the thread pool.
 */
function readTextIfAny(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** The headings of a page (`source` as in the manifest), read now if they were left for later. */
export async function docHeadings(sources: ContentSources, source: string): Promise<TocEntry[]> {
  const file = path.join(sources.root, source);
  const where = locate(sources, file);
  const doc = where && where.version.docs.get(where.relPath);
  if (!doc) return [];
  return doc.toc ?? (await readContentFile(sources, file))?.doc?.toc ?? [];
}

/** What a file gave when it was last read. */
interface SnapshotEntry extends Snapshotted {
  doc?: DocSource;
  category?: CategorySource;
}

/**
 * Reads every version folder. A file unchanged since the last reading comes from the content
 * snapshot; a page whose text is known comes from the page cache (the build's page phase fills
 * it); anything else is parsed here, or with `headings: 'later'` only its front matter is read.
 * `failed`: pages that did not compile (placeFailedPage).
 */
export async function readContentSources(root = process.cwd(), contentDir = CONTENT_DIR, headings: 'now' | 'later' = 'now', failed: ReadonlySet<string> = new Set()): Promise<ContentSources> {
  return contentReader(root, contentDir, headings).finish(failed);
}

/**
 * readContentSources in two steps: the unchanged files are placed at once, the others read by `finish`, so that a build
 * places them while its edited pages compile (build-phases.ts). `statsOf`: the pages' stats as the caller took them (by
 * source, as 'content/docs/…'), not taken again.
 */
export function contentReader(root = process.cwd(), contentDir = CONTENT_DIR, headings: 'now' | 'later' = 'now', statsOf?: ReadonlyMap<string, Stats>) {
  const sources: ContentSources = { root, contentDir, versions: siteConfig.versions.map((v) => ({ name: v.name, docs: new Map(), categories: new Map() })), tolerant: headings === 'later' };
  // Each file by its path and its source (its path from the project, as errors and the page compiler name it).
  const files = siteConfig.versions.flatMap((v) => walk(path.join(root, contentDir, v.name)).map((rel) => ({ file: path.join(root, contentDir, v.name, rel), source: `${contentDir}/${v.name}/${rel}` })));
  // The last reading of the whole content folder: unchanged pages are only looked at, not read again.
  const snapshot = statSnapshot<SnapshotEntry>(path.join(root, '.cache/content-snapshot.json'), compilerFingerprint(root));
  const before = snapshot.load();
  const after = new Map<string, SnapshotEntry>();
  // Unchanged files are placed at once, here (at ten thousand pages a promise each cost a tenth of a second); the others are read.
  const toRead: { file: string; source: string; st: Stats }[] = [];
  for (const { file, source } of files) {
    const st = statsOf?.get(source) ?? statSync(file);
    const known = before.get(file);
    // An entry whose headings were left for later will not do for a build.
    const usable = unchangedSince(known, st) && (headings === 'later' || !known.doc || known.doc.toc);
    if (usable && placeInSources(sources, file, known)) after.set(file, known);
    else toRead.push({ file, source, st });
  }
  return {
    async finish(failed: ReadonlySet<string> = new Set()): Promise<ContentSources> {
      for (const { file, source } of files) if (failed.has(source)) placeFailedPage(sources, file), after.delete(file);
      const reading = toRead.filter(({ source }) => !failed.has(source));
      const changed = before.size !== files.length || reading.length > 0;
      await forEachLimited(reading, 64, async ({ file, st }) => {
        const read = await readContentFile(sources, file, headings);
        if (read) after.set(file, { mtimeMs: st.mtimeMs, size: st.size, ...read });
      });
      if (changed) await snapshot.save(after);
      return sources;
    },
  };
}

/**
 * A page that did not compile keeps its route (so links to it are not reported too) with a title of its path; the
 * build fails with its error, after the link check has named the other pages' problems.
 */
function placeFailedPage(sources: ContentSources, file: string) {
  const where = locate(sources, file);
  if (!where) return;
  let slug: string | undefined;
  try {
    slug = slugOfText(readFileSync(file, 'utf8'));
  } catch {
    // unreadable front matter: the route of its path
  }
  where.version.docs.set(where.relPath, { relPath: where.relPath, frontMatter: { title: where.relPath, ...(slug ? { slug } : {}) }, toc: [] });
}

/** Puts a snapshot entry where readContentFile would have put it. */
function placeInSources(sources: ContentSources, file: string, entry: SnapshotEntry): boolean {
  const where = locate(sources, file);
  if (!where) return false;
  if (entry.category) where.version.categories.set(entry.category.dir, entry.category);
  else if (entry.doc) where.version.docs.set(entry.doc.relPath, entry.doc);
  else return false;
  return true;
}

/**
 * The site manifest from what was read; cheap enough to redo on every edit under the dev server. With
 * `collectProblems`, a problem the build can name at its end (a main doc not there) is in its `problems`.
 */
export function assembleManifest(sources: ContentSources, collectProblems = false): SiteManifest {
  const byPath = <T>(m: Map<string, T>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
  const problems: string[] = [];
  const versions = siteConfig.versions.map((v) => {
    const read = sources.versions.find((x) => x.name === v.name)!;
    return buildVersionManifest(v, byPath(read.docs), byPath(read.categories), sources.contentDir, collectProblems ? problems : undefined);
  });
  checkRoutesAcrossVersions(versions, siteConfig.redirects);
  return problems.length ? { versions, problems } : { versions };
}

import { readdirSync, readFileSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';
import { distance } from 'fastest-levenshtein';
import type { Root } from 'mdast';
import siteConfig from '../../../site.config.ts';
import type { CategorySource, DocSource, FrontMatter, SiteManifest, TocEntry } from '../../content/types.ts';
import { buildVersionManifest, checkRoutesAcrossVersions, ContentError } from '../../content/manifest.ts';
import { preprocessMdx } from './mdx-preprocess.ts';
import { remarkParsePlugins } from './remark-parse-plugins.ts';
import { remarkDocusaurusImports } from './remark-docusaurus-imports.ts';
import { VFile } from 'vfile';
import { assignHeadingIds, firstHeadingOf } from './remark-heading-ids.ts';
import { compilerFingerprint, pageCache } from './page-cache.ts';
import { forEachLimited } from './limit.ts';
import { statSnapshot, unchangedSince, type Snapshotted } from '../common/stat-snapshot.ts';
import { MAX_PHRASE_WORDS, phraseWords } from '../../search/query.ts';

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

const FRONT_MATTER_KEYS: Record<keyof FrontMatter, 'string' | 'number' | 'boolean' | 'keywords'> = {
  title: 'string',
  sidebar_label: 'string',
  sidebar_position: 'number',
  description: 'string',
  keywords: 'keywords',
  slug: 'string',
  hide_table_of_contents: 'boolean',
};

/**
 * Keys Docusaurus's docs take that a page here may keep but that change nothing (an `id` or `tags`, a sidebar's class,
 * pagination labels, heading levels of the table of contents, an image for social cards, …): a page moved from
 * Docusaurus builds as it is.
 */
const DOCUSAURUS_KEYS = new Set([
  'id', 'hide_title', 'sidebar_class_name', 'sidebar_custom_props', 'sidebar_key', 'displayed_sidebar', 'pagination_label',
  'pagination_next', 'pagination_prev', 'custom_edit_url', 'parse_number_prefixes', 'toc_min_heading_level',
  'toc_max_heading_level', 'image', 'tags', 'draft', 'unlisted', 'last_update', 'title_meta',
]);
const KNOWN_KEYS = [...Object.keys(FRONT_MATTER_KEYS), ...DOCUSAURUS_KEYS];

/**
 * The known key a misspelt one most likely means: the fewest edits away, and of those one that starts with the same
 * word (`sidebar_title` → `sidebar_label`, not `hide_title`); none when every key is far off.
 */
function nearestKey(key: string): string | undefined {
  const word = key.split('_')[0];
  const ranked = KNOWN_KEYS.map((k) => ({ k, d: distance(key, k) - (k.split('_')[0] === word ? 1.5 : 0) })).sort((a, b) => a.d - b.d);
  return ranked[0].d <= Math.max(2, key.length / 2.5) ? ranked[0].k : undefined;
}

/** Search words a page answers to: a few, short, so they stay the reader's words and not a second body. */
export const MAX_KEYWORDS = 12;
export const MAX_KEYWORD_LENGTH = 40;

/** Why a `keywords:` value is not a list of at most MAX_KEYWORDS short words or phrases, or undefined when it is. */
function keywordsProblem(value: unknown): string | undefined {
  if (!Array.isArray(value)) return `must be a list of words or short phrases, got ${JSON.stringify(value)}`;
  if (value.length > MAX_KEYWORDS) return `has ${value.length} entries; at most ${MAX_KEYWORDS}`;
  const bad = value.find((k) => typeof k !== 'string' || !k.trim() || k.length > MAX_KEYWORD_LENGTH);
  if (bad !== undefined) return `entries must be words or phrases of 1 to ${MAX_KEYWORD_LENGTH} characters, got ${JSON.stringify(bad)}`;
  // The page's <meta name="keywords"> separates them with commas, as crawlers read it.
  const comma = value.find((k: string) => k.includes(','));
  if (comma !== undefined) return `entries may not hold a comma (make it two entries), got ${JSON.stringify(comma)}`;
  // A query is checked for phrases of at most MAX_PHRASE_WORDS words: a longer one would never match whole.
  const long = value.find((k: string) => phraseWords(k).length > MAX_PHRASE_WORDS);
  if (long !== undefined) return `entries may hold at most ${MAX_PHRASE_WORDS} words besides "a", "my", "the", "with" and the like, got ${JSON.stringify(long)}`;
  return undefined;
}

/**
 * `keyLine(key)` is the line in the file where that key stands, for an error that points at it. A key that neither
 * we nor Docusaurus know (a misspelt `sidebar_postion:`) is a warning naming the nearest known key, kept in `warnings`.
 */
function checkFrontMatter(data: unknown, file: string, keyLine: (key: string) => number, warnings?: string[]): FrontMatter {
  if (data == null) return {};
  if (typeof data !== 'object' || Array.isArray(data)) throw new ContentError(`${file}:${keyLine('')}`, 'front matter must be a YAML mapping');
  for (const [key, value] of Object.entries(data)) {
    if (!Object.hasOwn(FRONT_MATTER_KEYS, key) && !DOCUSAURUS_KEYS.has(key)) {
      const near = nearestKey(key);
      const hint = near ? `: did you mean "${near}"?` : ` (known keys: ${Object.keys(FRONT_MATTER_KEYS).join(', ')})`;
      warnings?.push(`${file}:${keyLine(key)}: unknown front matter key "${key}" is ignored${hint}`);
      continue;
    }
    // Docusaurus leaves such a page out of a production build; here every page in content/docs/ is published.
    if ((key === 'draft' || key === 'unlisted') && value === true) {
      warnings?.push(`${file}:${keyLine(key)}: "${key}: true" is not read here: the page is published and listed (keep a draft outside content/docs/, or in a folder whose name starts with _)`);
    }
    const want = FRONT_MATTER_KEYS[key as keyof FrontMatter];
    const problem = want === 'keywords' ? keywordsProblem(value) : want && typeof value !== want ? `must be a ${want}, got ${JSON.stringify(value)}` : undefined;
    if (problem) throw new ContentError(`${file}:${keyLine(key)}`, `front matter "${key}" ${problem}`);
  }
  return data as FrontMatter;
}

/** Reads one page's front matter and headings with the real MDX parser (errors carry file:line). */
export function readDocSource(file: string, relPath: string, text: string, root = process.cwd()): DocSource {
  const processor = unified().use(remarkParse);
  processor.use(remarkMdx); // `.md` pages too: see mdx-compile-worker.ts
  for (const plugin of remarkParsePlugins) processor.use(plugin as never);
  // Partials are part of the page: their headings are in its table of contents.
  processor.use(remarkDocusaurusImports);
  let tree: Root;
  const vfile = new VFile({ path: path.resolve(root, file), cwd: root, value: preprocessMdx(text) });
  try {
    tree = processor.runSync(processor.parse(vfile), vfile) as Root;
  } catch (e) {
    throw syntaxError(file, e);
  }
  const frontMatter = frontMatterOf(tree, file);
  const toc = assignHeadingIds(tree);
  return { relPath, frontMatter, toc, firstHeading: firstHeadingOf(tree), ...(vfile.data.docCardList ? { docCardList: true } : {}) };
}

/** A parser's error as the build reports it: file:line and the reason. */
export function syntaxError(file: string, e: unknown): ContentError {
  const err = e as { line?: number; place?: { line?: number; start?: { line?: number } }; reason?: string; message: string };
  // Some parser errors carry the position only in the text: "… (7:1-7:7)".
  const line = err.line ?? err.place?.start?.line ?? err.place?.line ?? Number(/\((\d+):\d+/.exec(err.message)?.[1] ?? 0);
  return new ContentError(`${file}${line ? `:${line}` : ''}`, `MDX syntax error: ${err.reason ?? err.message}`);
}

/** A parsed page's front matter, checked (errors carry file:line). */
export function frontMatterOf(tree: Root, file: string, warnings?: string[]): FrontMatter {
  const yamlNode = tree.children.find((n) => n.type === 'yaml') as { value: string } | undefined;
  return yamlNode ? readFrontMatter(yamlNode.value, file, warnings) : {};
}

/**
 * The YAML between the `---` lines. The first `---` is line 1 of the file, so a line of the YAML is
 * one more in the file; every error names that one line, counted in the file.
 */
function readFrontMatter(yaml: string, file: string, warnings?: string[]): FrontMatter {
  const lines = new LineCounter();
  const doc = parseDocument(yaml, { lineCounter: lines, prettyErrors: false });
  const fileLine = (offset: number) => lines.linePos(offset).line + 1;
  const error = doc.errors[0];
  if (error) throw new ContentError(`${file}:${fileLine(error.pos[0])}`, `malformed front matter: ${error.message.split('\n')[0]}`);
  const keyLine = (key: string) => {
    const pair = isMap(doc.contents) ? doc.contents.items.find((p) => isScalar(p.key) && p.key.value === key) : undefined;
    const at = (isScalar(pair?.key) && pair.key.range?.[0]) || doc.contents?.range?.[0] || 0;
    return fileLine(at);
  };
  return checkFrontMatter(doc.toJS(), file, keyLine, warnings);
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/**
 * A page's front matter alone, for a quick start of the dev server: thousands of pages are
 * read in a second instead of parsed in a minute, and `toc` stays unread. A page whose title
 * comes from its first heading is parsed whole, as only the parser finds that heading exactly.
 */
export function scanDocSource(file: string, relPath: string, text: string, root = process.cwd()): DocSource {
  const yaml = FRONT_MATTER.exec(text)?.[1];
  const frontMatter = yaml === undefined ? {} : readFrontMatter(yaml, file);
  // So is a page that shows <DocCardList />, whose data then carries its category's cards.
  return frontMatter.title && !text.includes('DocCardList') ? { relPath, frontMatter } : readDocSource(file, relPath, text, root);
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

/**
 * The `slug:` of a page's front matter, read without parsing the page, or undefined (also for front matter the
 * compiler will reject: it reports that itself).
 */
export function slugOfText(text: string): string | undefined {
  const yaml = FRONT_MATTER.exec(text)?.[1];
  if (yaml === undefined || !/^slug\s*:/m.test(yaml)) return undefined;
  const doc = parseDocument(yaml, { prettyErrors: false });
  if (doc.errors.length) return undefined;
  const data = doc.toJS() as { slug?: unknown } | null;
  return typeof data?.slug === 'string' ? data.slug : undefined;
}

/** Every version's categories, read from their `_category_.json`; one that cannot be read is left out (the manifest reports it). */
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
  if (headings === 'later') doc = devDocSource(relPath, text, () => scanDocSource(source, relPath, text, sources.root));
  else {
    const cache = pageCache(sources.root);
    doc = (await cache.get(source, text))?.doc;
    if (!doc && sources.tolerant) doc = devDocSource(relPath, text, () => readDocSource(source, relPath, text, sources.root));
    else if (!doc) {
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
 */
export async function readContentSources(root = process.cwd(), contentDir = CONTENT_DIR, headings: 'now' | 'later' = 'now', failed: ReadonlySet<string> = new Set()): Promise<ContentSources> {
  const sources: ContentSources = { root, contentDir, versions: siteConfig.versions.map((v) => ({ name: v.name, docs: new Map(), categories: new Map() })), tolerant: headings === 'later' };
  const files = siteConfig.versions.flatMap((v) => walk(path.join(root, contentDir, v.name)).map((rel) => path.join(root, contentDir, v.name, rel)));
  // The last reading of the whole content folder: unchanged pages are only looked at, not read again.
  const snapshot = statSnapshot<SnapshotEntry>(path.join(root, '.cache/content-snapshot.json'), compilerFingerprint(root));
  const before = snapshot.load();
  const after = new Map<string, SnapshotEntry>();
  let changed = before.size !== files.length;
  await forEachLimited(files, 64, async (file) => {
    const failedSource = path.relative(root, file).split(path.sep).join('/');
    if (failed.has(failedSource)) return void placeFailedPage(sources, file);
    const st = statSync(file);
    const known = before.get(file);
    // An entry whose headings were left for later will not do for a build.
    const usable = unchangedSince(known, st) && (headings === 'later' || !known.doc || known.doc.toc);
    if (usable && placeInSources(sources, file, known)) {
      after.set(file, known);
      return;
    }
    changed = true;
    const read = await readContentFile(sources, file, headings);
    if (read) after.set(file, { mtimeMs: st.mtimeMs, size: st.size, ...read });
  });
  if (changed) await snapshot.save(after);
  return sources;
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

/** The site manifest from what was read; cheap enough to redo on every edit under the dev server. */
export function assembleManifest(sources: ContentSources): SiteManifest {
  const byPath = <T>(m: Map<string, T>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
  const versions = siteConfig.versions.map((v) => {
    const read = sources.versions.find((x) => x.name === v.name)!;
    return buildVersionManifest(v, byPath(read.docs), byPath(read.categories), sources.contentDir);
  });
  checkRoutesAcrossVersions(versions, siteConfig.redirects);
  return { versions };
}

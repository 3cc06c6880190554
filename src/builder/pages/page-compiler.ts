/**
 * Reads and compiles every page, outside the bundler: pages are content, and bundling thousands
 * of them with the app is what makes builds slow and hungry. Each page is read and compiled once
 * on a pool of worker threads (one per core) and kept in the page cache (page-cache.ts), so a
 * rebuild only compiles pages that changed, and the bundler phases read the manifest from the
 * cache. The compiled body is a module file in that cache, which the prerender imports; its browser
 * copy is made from it by page-browser-copy.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { mkdir, writeFile } from 'node:fs/promises';
import siteConfig from '../../../site.config.ts';
import { partialsOf } from './partials.ts';
import { listPageSources, readCategorySources } from './read-content.ts';
import { slugOfText } from './front-matter.ts';
import { compilerFingerprint, linkDigest, pageCache } from './page-cache.ts';
import { answersNow, linkAnswersHold } from './remark-links.ts';
import { linkContextOf, routeTables, versionOfSource } from './page-routes.ts';
import { statSnapshot, unchangedSince, type Snapshotted } from '../common/stat-snapshot.ts';
import type { CompileTask } from './mdx-compile-worker.ts';
import { keptHighlightsDir, pruneKeptHighlights } from './kept-highlights.ts';
import { compilePool, takeStartedPool } from './compile-pool.ts';
import type { DiagramFallback } from '../diagrams/remark-mermaid.ts';
import type { PageImage } from './remark-images.ts';
import type { LinkPlaces } from '../links/link-places.ts';
import { forEachLimited } from './limit.ts';
import { problemLines } from './page-problems.ts';
import { linkRuntime, linkerReady, PageImportError } from '../common/page-link.ts';
import { progress } from '../common/progress.ts';
import { trace } from '../common/trace.ts';

export interface CompiledPages {
  /** Each page's module file, by source. */
  modules: Record<string, string>;
  /** Diagrams drawn in the browser because the build cannot draw them: 'file:line: reason'. */
  diagramFallbacks: string[];
  /** Each page's images, by source: the build copies them into the site. */
  images: Record<string, PageImage[]>;
  /**
   * Each page that did not compile, by source: 'file:line: reason', a line for each of its problems. Its module
   * renders nothing, so the build can go on to name every broken link too, and then fails.
   */
  failures: Record<string, string>;
  /** Where each page wrote the links the compiler rewrote, by source (link-places.ts). */
  linkPlaces: Record<string, LinkPlaces>;
}

/** The module a page that did not compile gets: it renders nothing. */
const FAILED_PAGE_MODULE = 'export default function MDXContent() {\n  return null;\n}\n';

function statsOfFile(file: string): Snapshotted {
  const { mtimeMs, size } = statSync(file);
  return { mtimeMs, size };
}

/** What the last build made of a page: its module and the diagrams it could not draw. */
interface CompiledPage extends Snapshotted {
  /** Relative to the project: a copied project finds its own modules. */
  module: string;
  diagramFallbacks?: DiagramFallback[];
  /** Its front matter's `slug:` (null: none), which its route and so the links to it depend on. */
  slug: string | null;
  /** What its links resolved against: while every answer holds, the module does. */
  linkAnswers?: Record<string, string>;
  linkPlaces?: LinkPlaces;
  /** When the module is not the text's first entry (links that resolve otherwise now): that entry, which is kept. */
  firstEntry?: string;
  warnings?: string[];
  images?: PageImage[];
  /** The partials the page holds, as they were (relative to the project): one changed compiles the page again. */
  partials?: ({ file: string } & Snapshotted)[];
}

/** Whether every partial a page held is as it was then. */
function partialsUnchanged(root: string, page: CompiledPage): boolean {
  return (page.partials ?? []).every((p) => {
    try {
      return unchangedSince(p, statSync(path.join(root, p.file)));
    } catch {
      return false;
    }
  });
}

/**
 * What a page's cache entry is keyed by: its text, the text of each partial it imports, so that an edited partial
 * misses, and the site's link mappings, when it has any.
 */
function cacheKeyText(file: string, text: string, root: string) {
  const partials = partialsOf(file, text, root);
  return { key: text + partials.map((p) => `\0${p.file}\0${p.text}`).join('') + (MAPPINGS_KEY && `\0${MAPPINGS_KEY}`), partials: partials.map((p) => p.file) };
}

/** The site's link mappings, which change what a page compiles to; '' when it has none. Read once, not per page. */
const MAPPINGS_KEY = siteConfig.linkMappings?.length ? JSON.stringify(siteConfig.linkMappings) : '';

/**
 * Compiles every page the page cache does not have; each page's module is the cache's file.
 * `pagesEdited`: how many page sources the caller knows changed. Those will be compiled, so the
 * compile threads start loading at once, while this thread lists and stats every page.
 */
export async function compilePages({ root, pagesEdited = 0, whileCompiling }: { root: string; pagesEdited?: number; whileCompiling?: (stats: ReadonlyMap<string, Stats>) => void }): Promise<CompiledPages> {
  const early = takeStartedPool(root) ?? (pagesEdited > 0 ? compilePool(root, pagesEdited) : undefined);
  // Awaited before the loops below, which keep this thread busy: the pool's thread is made only once esbuild has answered.
  const [pages] = await Promise.all([listPageSources(root), early?.start().catch(() => {})]); // a failure shows in run()
  trace('compile: listed, pool started');
  await linkerReady;
  const cache = pageCache(root);
  const pool = early ?? compilePool(root, pages.length);
  const out: Record<string, string> = {};
  const shown = progress('pages', pages.length);
  const fallbacks: string[] = [];
  const warnings: string[] = [];
  const images: Record<string, PageImage[]> = {};
  const linkPlaces: Record<string, LinkPlaces> = {};
  // Every page that fails is named, not only the first (the build goes on to its link check, then stops).
  const failures: Record<string, string> = {};
  const failedModule = path.join(root, '.cache/pages/failed-page.mjs');
  // A page unchanged since the last build (same size and time) is not read again: its module is known.
  // Other link mappings, and no page is taken as it was.
  const snapshot = statSnapshot<CompiledPage>(path.join(root, '.cache/pages/compiled.json'), compilerFingerprint(root) + MAPPINGS_KEY);
  const before = snapshot.load();
  const after = new Map<string, CompiledPage>();
  // Each page's stats, taken at once: a page changed since the last build is most likely compiled, so the
  // compile thread starts loading now rather than when the loop below comes to that page.
  trace('compile: snapshot loaded');
  const statsOf = new Map(pages.map(({ source }) => [source, statSync(path.join(root, source))]));
  if (pages.some(({ source }) => !unchangedSince(before.get(source), statsOf.get(source)!))) pool.start().catch(() => {}); // a failure shows in run()
  // Every version's routes, which each page's links resolve against: a changed page's slug is read from its text.
  const texts = new Map<string, string>();
  const textOf = (source: string) => {
    let text = texts.get(source);
    if (text === undefined) texts.set(source, (text = readFileSync(path.join(root, source), 'utf8')));
    return text;
  };
  const slugOf = (source: string) => {
    const known = before.get(source);
    if (unchangedSince(known, statsOf.get(source)!) && known.slug !== undefined) return known.slug ?? undefined;
    return slugOfText(textOf(source));
  };
  trace('compile: statted');
  const tables = routeTables(pages, slugOf, readCategorySources(root));
  const linksOf = (source: string, relPath: string) => linkContextOf(versionOfSource(source)!, relPath, tables);
  // Bodies whose first entry (which the manifest reader reads) is not their module: kept with it.
  const firstEntries: string[] = [];
  // A page's module is known: kept for the next build and for the phases after this one.
  const done = (source: string, compiled: CompiledPage) => {
    after.set(source, compiled);
    for (const f of compiled.diagramFallbacks ?? []) fallbacks.push(`${source}:${f.line}: ${f.reason}`);
    warnings.push(...(compiled.warnings ?? []));
    if (compiled.images) images[source] = compiled.images;
    if (compiled.linkPlaces) linkPlaces[source] = compiled.linkPlaces;
    out[source] = path.join(root, compiled.module);
    if (compiled.firstEntry) firstEntries.push(path.join(root, compiled.firstEntry));
    shown.tick();
  };
  // What a page's module in the page cache is, for the stat snapshot.
  const compiledFrom = (source: string, text: string, stats: Stats, entry: { diagramFallbacks?: DiagramFallback[]; linkAnswers?: Record<string, string>; linkPlaces?: LinkPlaces; warnings?: string[]; images?: PageImage[] }, links = ''): CompiledPage => ({
    mtimeMs: stats.mtimeMs,
    size: stats.size,
    module: path.relative(root, cache.moduleFile(source, text, links)),
    ...(entry.diagramFallbacks ? { diagramFallbacks: entry.diagramFallbacks } : {}),
    ...(entry.warnings ? { warnings: entry.warnings } : {}),
    ...(entry.images ? { images: entry.images } : {}),
    ...(partialsOfKey.get(text)?.length ? { partials: partialsOfKey.get(text)!.map((p) => ({ file: path.relative(root, p), ...statsOfFile(p) })) } : {}),
    slug: slugOfText(text) ?? null,
    ...(entry.linkAnswers ? { linkAnswers: entry.linkAnswers } : {}),
    ...(entry.linkPlaces ? { linkPlaces: entry.linkPlaces } : {}),
    ...(links ? { firstEntry: path.relative(root, cache.moduleFile(source, text)) } : {}),
  });
  /**
   * The cached body of a page's text whose links still resolve as they did: its first entry, or the entry made when a
   * page it links to changed its route (named by what the links resolve against now).
   */
  const cachedBody = async (source: string, text: string, stats: Stats): Promise<CompiledPage | undefined> => {
    const first = await cache.get(source, text);
    if (!first?.compiled) return undefined;
    if (linkAnswersHold(first.linkAnswers, tables)) return existsSync(cache.moduleFile(source, text)) ? compiledFrom(source, text, stats, first) : undefined;
    const links = linkDigest(currentAnswers(first.linkAnswers!));
    const again = await cache.get(source, text, links);
    if (!again?.compiled || !existsSync(cache.moduleFile(source, text, links))) return undefined;
    return compiledFrom(source, text, stats, again, links);
  };
  // The partials each cache key (a text and its partials' texts) was made from.
  const partialsOfKey = new Map<string, string[]>();
  const currentAnswers = (answers: Record<string, string>) => answersNow(Object.keys(answers), tables);
  // Whether a kept page's module is still there: the page cache's folder listed once, not a look per page (at ten
  // thousand pages, each build after an edit looked ten thousand times).
  const pagesDir = path.join(root, '.cache/pages');
  let listed: Set<string> | undefined;
  const moduleExists = (module: string) => {
    const file = path.join(root, module);
    if (path.dirname(file) !== pagesDir) return existsSync(file);
    listed ??= new Set(readdirSync(pagesDir));
    return listed.has(path.basename(file));
  };
  // The versions of a page go to one thread together: they share most of their diagrams and code blocks.
  trace('compile: route tables');
  const byRelPath = new Map<string, typeof pages>();
  for (const page of pages) byRelPath.set(page.relPath, [...(byRelPath.get(page.relPath) ?? []), page]);
  // Pages changed since the last build go first: their compile runs while this thread looks at the others, then does
  // the caller's `whileCompiling`.
  const changed = (versions: typeof pages) => versions.some(({ source }) => !unchangedSince(before.get(source), statsOf.get(source)!));
  const groups = [...byRelPath.values()];
  try {
    const handle = async (versions: typeof pages) => {
      const toCompile: { source: string; text: string; stats: Stats; task: CompileTask }[] = [];
      for (const { source, relPath } of versions) {
        const file = path.join(root, source);
        const stats = statsOf.get(source)!;
        const known = before.get(source);
        // A module removed from the cache by hand is compiled again, not imported missing.
        if (unchangedSince(known, stats) && known.slug !== undefined && partialsUnchanged(root, known) && linkAnswersHold(known.linkAnswers, tables) && moduleExists(known.module)) {
          done(source, known);
          continue;
        }
        // Synchronous: thousands of small reads go several times faster than through the thread pool.
        const written = textOf(source);
        const { key: text, partials } = cacheKeyText(file, written, root);
        partialsOfKey.set(text, partials);
        const cached = await cachedBody(source, text, stats);
        if (cached) done(source, cached);
        else toCompile.push({ source, text, stats, task: { path: file, source, relPath, text: written, development: false, withDoc: true, links: linksOf(source, relPath) } });
      }
      if (!toCompile.length) return;
      trace('compile: to pool');
      const results = await pool.run(toCompile.map((c) => c.task));
      trace('compile: from pool');
      for (const [i, { source, text, stats }] of toCompile.entries()) {
        const result = results[i];
        const failed = (why: string) => {
          failures[source] = why;
          out[source] = failedModule;
          shown.tick();
        };
        if (result.errors) {
          failed(problemLines(result.errors).join('\n'));
          continue;
        }
        try {
          linkRuntime(result.code, 'check');
        } catch (e) {
          if (e instanceof PageImportError) {
            failed(`${source}: ${e.message}`);
            continue;
          }
          throw e;
        }
        const entry = {
          doc: result.doc!,
          code: result.code,
          ...(result.diagramFallbacks ? { diagramFallbacks: result.diagramFallbacks } : {}),
          ...(result.linkAnswers ? { linkAnswers: result.linkAnswers } : {}),
          ...(result.linkPlaces ? { linkPlaces: result.linkPlaces } : {}),
          ...(result.warnings ? { warnings: result.warnings } : {}),
          ...(result.images ? { images: result.images } : {}),
        };
        // A text compiled before with links that resolved otherwise keeps its first entry (the manifest reader's) and
        // gets one of its own.
        const first = await cache.get(source, text);
        const links = first?.compiled && !linkAnswersHold(first.linkAnswers, tables) && entry.linkAnswers ? linkDigest(entry.linkAnswers) : '';
        await cache.set(source, text, entry, links);
        done(source, compiledFrom(source, text, stats, entry, links));
      }
    };
    // A window of pages in flight keeps every thread busy without opening every file at once.
    const compiling = forEachLimited(groups.filter(changed), pool.threads * 2, handle);
    compiling.catch(() => {}); // awaited below; this keeps a failure from counting as unhandled meanwhile
    await forEachLimited(groups.filter((g) => !changed(g)), pool.threads * 2, handle);
    whileCompiling?.(statsOf);
    await compiling;
    trace('compile: all pages');
    if (Object.keys(failures).length) {
      await mkdir(path.dirname(failedModule), { recursive: true });
      await writeFile(failedModule, FAILED_PAGE_MODULE);
    }
    // A page that failed is not in the snapshot: the next build compiles it again.
    if (after.size !== before.size || [...after].some(([source, page]) => before.get(source) !== page)) {
      await snapshot.save(after);
      await cache.prune([...Object.values(out), ...firstEntries]);
      pruneKeptHighlights(keptHighlightsDir(root, compilerFingerprint(root)));
    }
  } finally {
    shown.end();
    await pool.close();
  }
  trace('compile: saved');
  fallbacks.sort();
  for (const f of fallbacks) console.warn(`diagram drawn in the browser, not at build time: ${f}`);
  for (const w of warnings.sort()) console.warn(`warning: ${w}`);
  // In the pages' order, whatever order they were done in.
  const bySource = <T>(o: Record<string, T>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { modules: bySource(out), diagramFallbacks: fallbacks, images: bySource(images), failures: bySource(failures), linkPlaces: bySource(linkPlaces) };
}

/**
 * Reads and compiles every page, outside the bundler: pages are content, and bundling thousands
 * of them with the app is what makes builds slow and hungry. Each page is read and compiled once
 * on a pool of worker threads (one per core) and kept in the page cache (page-cache.ts), so a
 * rebuild only compiles pages that changed, and the bundler phases read the manifest from the
 * cache. The compiled body is a module file in that cache, which the prerender imports; its browser
 * copy is made from it by page-link.ts.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { ContentError } from '../content/manifest.ts';
import { listPageSources } from './read-content.ts';
import { compilerFingerprint, pageCache } from './page-cache.ts';
import { statSnapshot, unchangedSince, type Snapshotted } from './stat-snapshot.ts';
import type { CompileOutput, CompileTask } from './mdx-compile-worker.ts';
import type { DiagramFallback } from './remark-mermaid.ts';
import { forEachLimited } from './limit.ts';
import { linkRuntime, linkerReady, PageImportError } from './page-link.ts';
import { PAGE_ENV } from './page-env.ts';
import { progress } from './progress.ts';
import { threadBundle } from './thread-bundle.ts';

/** The compile pool, started on the first page the cache does not have. */
function compilePool(root: string) {
  const threads = availableParallelism();
  let pool: Promise<Piscina<CompileTask, CompileOutput>> | undefined;
  return {
    threads,
    async run(task: CompileTask) {
      pool ??= threadBundle(path.join(root, 'src/build/mdx-compile-worker.ts'), root).then(
        (file) => new Piscina({ filename: pathToFileURL(file).href, minThreads: 1, maxThreads: threads, env: PAGE_ENV }),
      );
      return (await pool).run(task);
    },
    close: async () => (await pool)?.destroy(),
  };
}

export interface CompiledPages {
  /** Each page's module file, by source. */
  modules: Record<string, string>;
  /** Diagrams drawn in the browser because the build cannot draw them: 'file:line: reason'. */
  diagramFallbacks: string[];
}

/** What the last build made of a page: its module and the diagrams it could not draw. */
interface CompiledPage extends Snapshotted {
  /** Relative to the project: a copied project finds its own modules. */
  module: string;
  diagramFallbacks?: DiagramFallback[];
}

/** Compiles every page the page cache does not have; each page's module is the cache's file. */
export async function compilePages({ root }: { root: string }): Promise<CompiledPages> {
  const pages = await listPageSources(root);
  await linkerReady;
  const cache = pageCache(root);
  const pool = compilePool(root);
  const out: Record<string, string> = {};
  const shown = progress('pages', pages.length);
  const fallbacks: string[] = [];
  // A page unchanged since the last build (same size and time) is not read again: its module is known.
  const snapshot = statSnapshot<CompiledPage>(path.join(root, '.cache/pages/compiled.json'), compilerFingerprint(root));
  const before = snapshot.load();
  const after = new Map<string, CompiledPage>();
  try {
    // A window of pages in flight keeps every thread busy without opening every file at once.
    await forEachLimited(pages, pool.threads * 4, async ({ source, relPath }) => {
      const file = path.join(root, source);
      const stats = statSync(file);
      const known = before.get(source);
      let compiled: CompiledPage;
      // A module removed from the cache by hand is compiled again, not imported missing.
      if (unchangedSince(known, stats) && existsSync(path.join(root, known.module))) compiled = known;
      else {
        // Synchronous: thousands of small reads go several times faster than through the thread pool.
        const text = readFileSync(file, 'utf8');
        let entry = await cache.get(source, text);
        if (!entry?.compiled || !existsSync(cache.moduleFile(source, text))) {
          const result = await pool.run({ path: file, source, relPath, text, development: false, withDoc: true });
          if (result.error) throw new ContentError(result.error.location, result.error.reason);
          try {
            linkRuntime(result.code, 'check');
          } catch (e) {
            if (e instanceof PageImportError) throw new ContentError(source, e.message);
            throw e;
          }
          entry = { doc: result.doc!, code: result.code, ...(result.diagramFallbacks ? { diagramFallbacks: result.diagramFallbacks } : {}) };
          await cache.set(source, text, entry);
        }
        compiled = { mtimeMs: stats.mtimeMs, size: stats.size, module: path.relative(root, cache.moduleFile(source, text)), ...(entry.diagramFallbacks ? { diagramFallbacks: entry.diagramFallbacks } : {}) };
      }
      after.set(source, compiled);
      for (const f of compiled.diagramFallbacks ?? []) fallbacks.push(`${source}:${f.line}: ${f.reason}`);
      out[source] = path.join(root, compiled.module);
      shown.tick();
    });
    if (after.size !== before.size || [...after].some(([source, page]) => before.get(source) !== page)) await snapshot.save(after);
  } finally {
    shown.end();
    await pool.close();
  }
  fallbacks.sort();
  for (const f of fallbacks) console.warn(`diagram drawn in the browser, not at build time: ${f}`);
  return { modules: out, diagramFallbacks: fallbacks };
}

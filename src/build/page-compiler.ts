/**
 * Reads and compiles every page, outside the bundler: pages are content, and bundling thousands
 * of them with the app is what makes builds slow and hungry. Each page is read and compiled once
 * on a pool of worker threads (one per core) and kept in the page cache (page-cache.ts), so a
 * rebuild only compiles pages that changed, and the bundler phases read the manifest from the
 * cache. The compiled body is a module file in that cache, which the prerender imports; its browser
 * copy is made from it by page-link.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import { ContentError } from '../content/manifest.ts';
import { listPageSources } from './read-content.ts';
import { pageCache } from './page-cache.ts';
import type { CompileOutput, CompileTask } from './mdx-compile-worker.ts';
import { forEachLimited } from './limit.ts';
import { linkRuntime, linkerReady, PageImportError } from './page-link.ts';
import { PAGE_ENV } from './page-env.ts';
import { progress } from './progress.ts';

/** The compile pool, started on the first page the cache does not have. */
function compilePool() {
  const threads = availableParallelism();
  let pool: Piscina<CompileTask, CompileOutput> | undefined;
  return {
    threads,
    run(task: CompileTask) {
      pool ??= new Piscina({ filename: new URL('./mdx-compile-worker-boot.mjs', import.meta.url).href, minThreads: 1, maxThreads: threads, env: PAGE_ENV });
      return pool.run(task);
    },
    close: async () => pool?.destroy(),
  };
}

export interface CompiledPages {
  /** Each page's module file, by source. */
  modules: Record<string, string>;
  /** Diagrams drawn in the browser because the build cannot draw them: 'file:line: reason'. */
  diagramFallbacks: string[];
}

/** Compiles every page the page cache does not have; each page's module is the cache's file. */
export async function compilePages({ root }: { root: string }): Promise<CompiledPages> {
  const pages = await listPageSources(root);
  await linkerReady;
  const cache = pageCache(root);
  const pool = compilePool();
  const out: Record<string, string> = {};
  const shown = progress('pages', pages.length);
  const fallbacks: string[] = [];
  try {
    // A window of pages in flight keeps every thread busy without opening every file at once.
    await forEachLimited(pages, pool.threads * 4, async ({ source, relPath }) => {
      // Synchronous: thousands of small reads go several times faster than through the thread pool.
      const text = readFileSync(path.join(root, source), 'utf8');
      let entry = await cache.get(source, text);
      // A module removed from the cache by hand is compiled again, not imported missing.
      if (!entry?.compiled || !existsSync(cache.moduleFile(source, text))) {
        const result = await pool.run({ path: path.join(root, source), source, relPath, text, development: false, withDoc: true });
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
      for (const f of entry.diagramFallbacks ?? []) fallbacks.push(`${source}:${f.line}: ${f.reason}`);
      out[source] = cache.moduleFile(source, text);
      shown.tick();
    });
  } finally {
    shown.end();
    await pool.close();
  }
  fallbacks.sort();
  for (const f of fallbacks) console.warn(`diagram drawn in the browser, not at build time: ${f}`);
  return { modules: out, diagramFallbacks: fallbacks };
}

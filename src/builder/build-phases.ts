/**
 * The steps of the build (scripts/build.ts), each run on its own: `pages` (every page read and compiled, see
 * page-compiler.ts; where each went in .build/pages.json, the whole manifest in .build/manifest.json), `bundles` (the
 * browser bundle, then the SSR bundle), `prerender` (pages, search index, link check; gives its report, which a
 * step run in a process of its own leaves in .build/report.json). They hand over through files in .build/, so a step runs the same in the build's own process
 * or in one of its own (scripts/build-phase.ts).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BuildError } from './common/build-error.ts';
import { PAGE_FAILURES_FILE } from './common/page-failures.ts';
import { LINK_PLACES_FILE } from './links/link-places.ts';
import { ContentError } from '../content/manifest.ts';
import { trace } from './common/trace.ts';
import type { PrerenderReport } from '../../prerender.ts';
import type { SiteFiles } from './placement/place-site.ts';

const work = path.join(process.cwd(), '.build');
const quiet = { logLevel: 'warn' as const };

// Each phase imports only what it uses: Vite alone takes a second or more to load.
/** Where a prerender run in a process of its own leaves its report. */
export const REPORT_FILE = path.join(work, 'report.json');

/**
 * `pagesEdited`: the page sources the build knows changed. `lastSite`: dist/ as the last build left it, read aside.
 * `sameProcess`: the phases after this one run in this process too (scripts/build.ts), so what this one reads ahead
 * for them is theirs.
 */
export async function runPhase(phase: string | undefined, { pagesEdited = 0, lastSite, sameProcess = false }: { pagesEdited?: number; lastSite?: Promise<SiteFiles | null | undefined>; sameProcess?: boolean } = {}): Promise<PrerenderReport | void> {
  if (phase === 'bundles') {
    // Both bundles in one process: Vite and its bundler load once. The config is this phase's own import, not a file
    // Vite bundles again and loads (configFile: false), so the plugins' lazy imports stay lazy: the content reader and
    // the page compiler are not loaded, since the site index is the one the pages phase wrote.
    const { build, mergeConfig } = await import('vite');
    const { default: config } = await import('../../vite.config.ts');
    const { SITE_INDEX_FILE } = await import('./bundles/manifest-plugin.ts');
    process.env[SITE_INDEX_FILE] = path.join(work, 'site-index.json');
    const resolved = (isSsrBuild: boolean) => config({ command: 'build', mode: 'production', isSsrBuild, isPreview: false });
    await build({ ...resolved(false), ...quiet, mode: 'production', configFile: false });
    return void (await build(mergeConfig(resolved(true), { ...quiet, mode: 'production', configFile: false, build: { ssr: 'src/server.tsx' } })));
  }
  if (phase === 'pages') {
    const { compilePages } = await import('./pages/page-compiler.ts');
    const { assembleManifest, contentReader } = await import('./pages/read-content.ts');
    const { siteIndexText } = await import('./bundles/bundle-cache.ts');
    trace('pages: loaded');
    // The unchanged content files are placed while the edited pages compile; the others are read after.
    let content: ReturnType<typeof contentReader> | undefined;
    // After an edit, the render-cache entries of the last build's pages, which the prerender looks up, are read while
    // this thread waits for the compile thread.
    let compiled = false;
    const readAhead =
      sameProcess && pagesEdited > 0
        ? async () => {
            const [{ readMetasAhead }, { ENTRY_NAMES_FILE, lastEntryNames }] = await Promise.all([import('./prerender/render-cache.ts'), import('./prerender/entry-names.ts')]);
            await readMetasAhead(path.join(process.cwd(), '.cache/render'), lastEntryNames(path.join(process.cwd(), ENTRY_NAMES_FILE)), () => compiled);
          }
        : undefined;
    let readingAhead: Promise<void> | undefined;
    const whileCompiling = (stats: ReadonlyMap<string, import('node:fs').Stats>) => {
      content = contentReader(undefined, undefined, 'now', stats);
      readingAhead = readAhead?.();
    };
    const { modules, diagramFallbacks, images, failures, linkPlaces } = await compilePages({ root: process.cwd(), pagesEdited, whileCompiling }).finally(() => (compiled = true));
    await readingAhead;
    trace('pages: compiled');
    await mkdir(work, { recursive: true });
    await writeFile(path.join(work, 'pages.json'), JSON.stringify(modules));
    // The prerender allows mermaid's inline <style> in the CSP only when a page draws a diagram in the browser.
    await writeFile(path.join(work, 'diagram-fallbacks.json'), JSON.stringify(diagramFallbacks));
    // The pages' images, which the prerender copies into the site and names in each page's Markdown copy.
    await writeFile(path.join(work, 'images.json'), JSON.stringify(images));
    // Pages that did not compile: the build goes on to check every other page's links, then fails naming all (prerender).
    await writeFile(path.join(work, PAGE_FAILURES_FILE), JSON.stringify(failures));
    // Where the pages wrote the links the compiler rewrote: a broken one's line in the prerender's report.
    await writeFile(path.join(work, LINK_PLACES_FILE), JSON.stringify(linkPlaces));
    // The whole manifest for the prerender (every entry is in the page cache by now), and the part the bundles read.
    const sources = await (content ?? contentReader()).finish(new Set(Object.keys(failures)));
    trace('pages: content read');
    const manifest = assembleManifest(sources, true);
    trace('pages: manifest');
    await writeFile(path.join(work, 'site-index.json'), siteIndexText(manifest));
    return writeFile(path.join(work, 'manifest.json'), JSON.stringify(manifest));
  }
  if (phase === 'prerender') {
    const { prerender } = await import('../../prerender.ts');
    const { resolveBase } = await import('./common/base-url.ts');
    trace('prerender: loaded');
    return prerender({ clientDir: path.join(work, 'client'), serverEntry: path.join(work, 'server/server.js'), base: resolveBase(), warnOnly: process.env.BROKEN_LINKS === 'warn', lastSite });
  }
  throw new Error(`unknown build phase ${phase}`);
}

/** What a failed step prints: a known error's own message (file:line: reason), else where and why, else the stack. */
export function phaseFailure(e: unknown): string {
  const known = e instanceof BuildError || e instanceof ContentError;
  const err = e as Error & { id?: string; loc?: { file?: string; line?: number; column?: number } };
  if (known) return err.message;
  if (err.loc?.file || err.id) return `${err.loc?.file ?? err.id}${err.loc?.line ? `:${err.loc.line}:${err.loc.column ?? 0}` : ''}: ${err.message}`;
  return String(err.stack ?? err);
}

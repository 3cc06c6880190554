import path from 'node:path';
import type { Connect, Plugin, ViteDevServer } from 'vite';
import { readSiteManifest, CONTENT_DIR } from './read-content.ts';
import { createPageDataBuilder, siteIndexOf, type PageDataBuilder } from '../content/page-data.ts';
import type { SiteManifest } from '../content/types.ts';
import { HOME_SECTIONS } from '../theme/home-sections.ts';

export const MANIFEST_ID = 'virtual:site-manifest';
export const INDEX_ID = 'virtual:site-index';
const RESOLVED_MANIFEST = `\0${MANIFEST_ID}`;
const RESOLVED_INDEX = `\0${INDEX_ID}`;
/** The client build's entry for the JSX runtime of compiled pages (its key in the Vite manifest). */
export const PAGE_RUNTIME = 'src/page-runtime.ts';

const PAGE_DATA = /^(\/.*\/)page-data\.json$/;
const SIDEBAR_PART = /^\/_data\/sidebar\/([^/]+)\/(.+)\.json$/;

/**
 * The content as modules:
 * - `virtual:site-index`: the versions, for every page (its size does not depend on the pages);
 * - `virtual:site-manifest`: the whole manifest (routes, titles, sidebars, TOCs), for the server
 *   bundle only: importing it from browser code fails the build;
 * - the client build has a second entry, the JSX runtime compiled pages import (page-compiler.ts);
 * - under the dev server, each page's data and deferred sidebar parts are served as the build
 *   writes them, and adding, renaming or deleting a page re-reads the manifest without a restart.
 */
export function contentPlugin(): Plugin[] {
  let server: ViteDevServer | undefined;
  let root = process.cwd();
  let base = '/';
  let manifest: Promise<SiteManifest> | undefined;
  let builder: Promise<PageDataBuilder> | undefined;
  const readManifest = () => (manifest ??= readSiteManifest(root));
  const pageData = () => (builder ??= readManifest().then((m) => createPageDataBuilder(m, (source) => `${base}${source}`)));

  const invalidate = (file: string) => {
    if (!server || !file.includes(CONTENT_DIR)) return;
    manifest = undefined;
    builder = undefined;
    for (const id of [RESOLVED_MANIFEST, RESOLVED_INDEX]) {
      const mod = server.moduleGraph.getModuleById(id);
      if (mod) server.moduleGraph.invalidateModule(mod);
    }
    server.ws.send({ type: 'full-reload' });
  };

  const serveData: Connect.NextHandleFunction = (req, res, next) => {
    const url = (req.url ?? '').split('?')[0];
    const local = url.startsWith(base) ? `/${url.slice(base.length)}` : url;
    const page = PAGE_DATA.exec(local);
    const part = SIDEBAR_PART.exec(local);
    if (!page && !part) return next();
    pageData().then(
      (b) => {
        const body = page ? b.page(page[1]) : b.sidebarFragment(part![1], decodeURIComponent(part![2]));
        res.statusCode = body ? 200 : 404;
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify(body ?? null));
      },
      (e: unknown) => next(e),
    );
  };

  return [
    {
      name: 'zrok:content',
      config(config, env) {
        if (env.command !== 'build' || env.isSsrBuild) return;
        const at = (file: string) => path.resolve(config.root ?? '', file);
        return {
          build: {
            rolldownOptions: {
              input: [at('index.html'), at(PAGE_RUNTIME)],
              // The page runtime must keep its exports: compiled pages import them by URL.
              preserveEntrySignatures: 'exports-only',
            },
          },
        };
      },
      configResolved(config) {
        root = config.root;
        base = config.base;
      },
      resolveId(id) {
        if (id === MANIFEST_ID) return RESOLVED_MANIFEST;
        if (id === INDEX_ID) return RESOLVED_INDEX;
        return null;
      },
      async load(id, options) {
        if (id === RESOLVED_INDEX) return `export default ${JSON.stringify(siteIndexOf(await readManifest(), HOME_SECTIONS.map((s) => s.path)))};`;
        if (id !== RESOLVED_MANIFEST) return null;
        if (!options?.ssr) this.error(`${MANIFEST_ID} is for the server bundle only: browser code uses ${INDEX_ID} and page data`);
        return `export default ${JSON.stringify(await readManifest())};`;
      },
      configureServer(s) {
        server = s;
        s.middlewares.use(serveData);
        s.watcher.on('add', invalidate);
        s.watcher.on('unlink', invalidate);
      },
      handleHotUpdate({ file }) {
        // Front matter or headings may have changed: the manifest is re-read.
        if (file.includes(CONTENT_DIR)) invalidate(file);
      },
    },
  ];
}

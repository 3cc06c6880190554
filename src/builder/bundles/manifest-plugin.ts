import path from 'node:path';
import type { Connect, Plugin, ViteDevServer } from 'vite';
import { readFile } from 'node:fs/promises';
import type { ContentSources } from '../pages/read-content.ts';
import { createPageDataBuilder, type PageDataBuilder } from '../../content/page-data.ts';
import type { DocSource, SiteManifest } from '../../content/types.ts';
import { siteIndexText } from './bundle-cache.ts';
import { followSave } from './followed-saves.ts';
import type { MdxPluginApi } from '../pages/dev-compiles.ts';
import { PAGE_RUNTIME } from '../prerender/page-html.ts';
import siteConfig from '../../../site.config.ts';

export const INDEX_ID = 'virtual:site-index';
const RESOLVED_INDEX = `\0${INDEX_ID}`;

const PAGE_DATA = /^(\/.*\/)page-data\.json$/;
/**
 * The content reader, loaded on first use: it brings the Markdown and highlighting toolchain, which a build's
 * bundles phase, reading the site index the pages phase wrote, does not need.
 */
const contentReader = () => import('../pages/read-content.ts');

/** Names the site index file a build's pages phase wrote; when set, the client bundle takes the index from it. */
export const SITE_INDEX_FILE = 'ZROK_SITE_INDEX_FILE';

const PAGE_FILE = /\.mdx?$/;
const SIDEBAR_PART = /^\/_data\/sidebar\/([^/]+)\/(.+)\.json$/;
/** Sent to the browser under the dev server when a page's data may have changed. */
export const CONTENT_CHANGED_EVENT = 'zrok:content-changed';
/** What the event carries: the edit's number, counted by the server from 1 (no two edits share one). */
export interface ContentChanged {
  edit: number;
}

/** Whether a page's manifest entry is the same as before but for its headings (which the page data takes from the page). */
function sameEntryBesidesHeadings(before: DocSource, after: DocSource): boolean {
  const title = (d: DocSource) => d.frontMatter.title ?? d.firstHeading;
  return before.relPath === after.relPath && title(before) === title(after) && JSON.stringify(before.frontMatter) === JSON.stringify(after.frontMatter);
}

/** What the content plugin offers the page compiler under the dev server (Vite's `api`): the content read, kept current. */
export interface ContentApi {
  sources(): Promise<ContentSources>;
  /** Calls `listener` with a content file each time one was re-read, before the browser is told. */
  onChange(listener: (file: string) => void): void;
}

/**
 * The content as modules:
 * - `virtual:site-index`: the versions, for every page (its size does not depend on the pages);
 * - the client build has a second entry, the JSX runtime compiled pages import (page-compiler.ts);
 * - under the dev server, each page's data and deferred sidebar parts are served as the build
 *   writes them; adding, renaming, editing or deleting a page updates them without a restart.
 */
export function contentPlugin(): Plugin[] {
  let server: ViteDevServer | undefined;
  let root = process.cwd();
  let base = '/';
  // What the content folders hold, read once; under the dev server each change re-reads one file.
  let sources: Promise<ContentSources> | undefined;
  let manifest: Promise<SiteManifest> | undefined;
  let builder: Promise<PageDataBuilder> | undefined;
  let edits = 0;
  const changeListeners = new Set<(file: string) => void>();
  // The dev server starts on front matter alone; a page's headings are read when it is shown.
  const readSources = () => (sources ??= contentReader().then((c) => c.readContentSources(root, c.CONTENT_DIR, server ? 'later' : 'now')));
  const readManifest = () => (manifest ??= Promise.all([readSources(), contentReader()]).then(([s, c]) => c.assembleManifest(s)));
  const pageData = () => (builder ??= readManifest().then((m) => createPageDataBuilder(m, (source) => `${base}${source}`, siteConfig.sidebar.inlineLimit)));
  // In a build, the pages phase has read the content and written the site index (build-phases.ts).
  const siteIndex = async () => (process.env[SITE_INDEX_FILE] ? readFile(process.env[SITE_INDEX_FILE], 'utf8') : siteIndexText(await readManifest()));

  /**
   * A page or category was added, changed or deleted: re-read that file, then tell the browser to
   * fetch its page data again (sidebar, TOC, title) and import the page's body again. Only a change to
   * what every page knows (the site index) reloads the page.
   */
  const onContentChange = async (file: string) => {
    const content = await contentReader();
    if (!server || !sources || !file.includes(content.CONTENT_DIR)) return;
    const page = await contentPage(file);
    const entryBefore = page && (await sources).versions.find((v) => v.name === page.version)?.docs.get(page.relPath);
    const indexBefore = await siteIndex().catch(() => '');
    // Only a head start for the body's compile: if it fails, the browser is still told, and the body shows why.
    await compileEditedPage(file).catch((e: unknown) => server?.config.logger.error(`${file}: ${(e as Error).message}`));
    let read;
    try {
      read = await content.readContentFile(await sources, file);
      if (!read) return;
    } catch (e) {
      server.config.logger.error(String((e as Error).message));
      return;
    }
    // The browser imports the page's body again, under this edit's number or, after a reload, under its own URL. Vite
    // drops its own transforms of the file only once its plugins' watchChange hooks have run, which a busy machine
    // makes later than this: a body URL transformed before (the reloaded page's, or a second tab's, which counts edits
    // from 1 again) would be served as it was. So the transforms are dropped here first, before either is sent, and
    // every edit has a number no earlier one had.
    for (const mod of server.moduleGraph.getModulesByFile(path.resolve(file)) ?? []) server.moduleGraph.invalidateModule(mod);
    for (const listener of changeListeners) listener(file);
    // An edit to a page's text alone leaves the manifest as it was (the headings served come from the page itself,
    // see serveData): at ten thousand pages, assembling it again would be most of what an edit costs here.
    if (!(entryBefore && read.doc && sameEntryBesidesHeadings(entryBefore, read.doc))) {
      manifest = undefined;
      builder = undefined;
      if ((await siteIndex().catch(() => '')) !== indexBefore) {
        const index = server.moduleGraph.getModuleById(RESOLVED_INDEX);
        if (index) server.moduleGraph.invalidateModule(index);
        server.ws.send({ type: 'full-reload' });
        return;
      }
    }
    edits += 1;
    server.ws.send({ type: 'custom', event: CONTENT_CHANGED_EVENT, data: { edit: edits } satisfies ContentChanged });
  };

  /** A page of the content folders, with its compile under the dev server (mdx-plugin.ts); undefined for any other file. */
  const contentPage = async (file: string) => {
    const { CONTENT_DIR } = await contentReader();
    const rel = path.relative(path.join(root, CONTENT_DIR), file).split(path.sep).join('/');
    // Not a partial (`_name.mdx`) nor anything in a folder that holds no pages (read-content.ts).
    if (!PAGE_FILE.test(rel) || rel.startsWith('..') || rel.split('/').some((part) => part.startsWith('_') || part.startsWith('.'))) return undefined;
    const pages = server?.config.plugins.find((p) => p.name === 'zrok:mdx')?.api as MdxPluginApi | undefined;
    if (!pages) return undefined;
    return { source: `${CONTENT_DIR}/${rel}`, version: rel.slice(0, rel.indexOf('/')), relPath: rel.slice(rel.indexOf('/') + 1), compile: (text: string) => pages.compileForDev(file, text) };
  };

  /**
   * A saved page, compiled at once: its front matter and headings are kept in the page cache, where the content
   * reader finds them instead of parsing the page a second time, and the browser's request for its body, which the
   * content-changed event brings, finds the same compile done or under way (dev-compiles.ts).
   */
  const compileEditedPage = async (file: string) => {
    const page = await contentPage(file);
    const text = page && (await readFile(file, 'utf8').catch(() => undefined));
    if (!page || text === undefined) return;
    const { doc } = await page.compile(text);
    // A page without a title is left to the content reader, which gives it a place of its own.
    if (!doc || !(doc.frontMatter.title || doc.firstHeading)) return;
    const cache = (await import('../pages/page-cache.ts')).pageCache(root);
    // An entry a build left holds the compiled body too: it stays as it is.
    if (!(await cache.get(page.source, text))) await cache.set(page.source, text, { doc: { ...doc, relPath: page.relPath } });
  };

  const serveData: Connect.NextHandleFunction = (req, res, next) => {
    const url = (req.url ?? '').split('?')[0];
    const local = url.startsWith(base) ? `/${url.slice(base.length)}` : url;
    const page = PAGE_DATA.exec(local);
    const part = SIDEBAR_PART.exec(local);
    if (!page && !part) return next();
    pageData()
      .then(async (b) => {
        let body = page ? b.page(page[1]) : b.sidebarFragment(part![1], decodeURIComponent(part![2]));
        if (body && 'doc' in body && body.doc) body = { ...body, doc: { ...body.doc, toc: await (await contentReader()).docHeadings(await readSources(), body.source) } };
        res.statusCode = body ? 200 : 404;
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify(body ?? null));
      })
      .catch((e: unknown) => next(e));
  };

  return [
    {
      name: 'zrok:content',
      api: { sources: readSources, onChange: (listener) => void changeListeners.add(listener) } satisfies ContentApi,
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
        if (id === INDEX_ID) return RESOLVED_INDEX;
        return null;
      },
      async load(id) {
        if (id === RESOLVED_INDEX) return `export default ${await siteIndex()};`;
        return null;
      },
      // A content page's own update is the content-changed event (onContentChange), after which the app imports its
      // body again; a page that does not compile shows its error in its body (page-error-module.ts). Vite's update
      // would make the browser import again every copy of the body it ever loaded (one per earlier edit). A partial
      // keeps Vite's update, which drops the pages that take it in.
      async hotUpdate({ type, file }) {
        if (type === 'update' && (await contentPage(file))) return [];
      },
      configureServer(s) {
        server = s;
        s.middlewares.use(serveData);
        const handle = (file: string) => void onContentChange(file);
        s.watcher.on('add', (file) => followSave(file, handle));
        s.watcher.on('unlink', handle);
        s.watcher.on('change', (file) => followSave(file, handle));
      },
    },
  ];
}

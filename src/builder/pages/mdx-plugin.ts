import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import siteConfig from '../../../site.config.ts';
import type { VersionRoutes } from '../links/resolve-link.ts';
import { versionRoutes } from '../links/version-routes.ts';
import type { ContentSources } from './read-content.ts';
import type { LinkContext } from './remark-links.ts';
import { pageErrorModule } from './page-error-module.ts';
import type { PageAnchors } from './page-anchors.ts';

const PAGE = /\.mdx?$/;

/**
 * Compiles an MDX page when the dev server is asked for it (the page's data names its source file
 * as its module). Builds do not bundle pages: page-compiler.ts compiles them on its own, so the compiler is loaded
 * on the first page asked for, not with the Vite config (in a build's bundles phase it was loaded for nothing).
 * A page's links resolve in its own version, against routes kept up to date as pages are added, renamed or given
 * another slug; a page whose links now resolve otherwise is compiled again.
 */
export function mdxPlugin(): Plugin {
  let development = false;
  let root = '';
  let server: ViteDevServer | undefined;
  const links = devLinkRoutes(() => root);
  return {
    name: 'zrok:mdx',
    enforce: 'pre',
    configResolved(config) {
      development = !config.isProduction;
      root = config.root;
    },
    configureServer(s) {
      server = s;
      const changed = (file: string) => {
        if (!PAGE.test(file) && !file.endsWith('_category_.json')) return;
        void links.changed(file).then((stale) => {
          for (const f of stale) for (const mod of server?.moduleGraph.getModulesByFile(f) ?? []) server?.moduleGraph.invalidateModule(mod);
        });
      };
      for (const event of ['add', 'unlink', 'change'] as const) s.watcher.on(event, changed);
    },
    async transform(code, id) {
      const file = id.split('?')[0];
      if (!PAGE.test(file)) return null;
      const source = path.relative(root, file);
      const { default: compilePage } = await import('./mdx-compile-worker.ts');
      const context = await links.contextFor(source);
      // Its front matter is checked too (withDoc), so that the page shows what the build would say of it.
      const out = await compilePage({ path: file, source, relPath: context?.from.relPath ?? source, text: code, development, withDoc: development, ...(context ? { links: context } : {}) });
      if (out.error && !development) this.error(`${out.error.location}: ${out.error.reason}`);
      if (out.error) return { code: `${pageErrorModule(out.error.location, out.error.reason)}\nif (import.meta.hot) import.meta.hot.accept(() => {});\n`, map: null };
      links.compiled(file, out.linkAnswers);
      // What the build's link check would say of its anchors, shown in the page as its other errors are.
      const anchor = out.anchors && (await links.brokenAnchor(source, out.anchors));
      if (anchor) return { code: `${pageErrorModule(`${source}:${anchor.line}`, anchor.reason)}\nif (import.meta.hot) import.meta.hot.accept(() => {});\n`, map: null };
      for (const w of out.warnings ?? []) this.warn(w);
      // An edited partial compiles the pages that hold it again.
      for (const partial of out.partials ?? []) this.addWatchFile(partial);
      // An edited page must not reload the tab: the body accepts its own update, and the app imports the new body
      // when the content-changed event revalidates the page (browser-pages.ts).
      return { code: development ? `${out.code}\nif (import.meta.hot) import.meta.hot.accept(() => {});\n` : out.code, map: null };
    },
  };
}

/** The page file (from the project's folder) whose route a link names, if a page has it. */
function fileOfRoute(tables: VersionRoutes[], route: string, contentDir: string): string | undefined {
  for (const v of tables) {
    const root = `/docs/${v.pathPrefix}`;
    if (!route.startsWith(root)) continue;
    for (const [relPath, rel] of v.files) if (root + rel === route) return `${contentDir}/${v.name}/${relPath}`;
  }
  return undefined;
}

/** The dev server's route tables, read once from front matter and updated file by file. */
function devLinkRoutes(rootOf: () => string) {
  let sources: Promise<ContentSources> | undefined;
  let tables: VersionRoutes[] | undefined;
  // What each compiled page's links resolved against, by file.
  const answersOf = new Map<string, Record<string, string>>();
  const reader = () => import('./read-content.ts');
  const read = () => (sources ??= reader().then((c) => c.readContentSources(rootOf(), c.CONTENT_DIR, 'later')));
  const tablesOf = (s: ContentSources) =>
    siteConfig.versions.map((v) => {
      const held = s.versions.find((x) => x.name === v.name);
      const pages = [...(held?.docs.values() ?? [])].map((d) => ({ relPath: d.relPath, slug: d.frontMatter.slug }));
      return versionRoutes(v, pages, held?.categories.values() ?? []);
    });
  // Edits are applied one after the other, and a compile waits for those before it.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    async contextFor(source: string): Promise<LinkContext | undefined> {
      const { CONTENT_DIR } = await reader();
      const version = siteConfig.versions.find((v) => source.startsWith(`${CONTENT_DIR}/${v.name}/`));
      if (!version) return undefined;
      await queue;
      tables ??= tablesOf(await read());
      return { from: { version: version.name, relPath: source.slice(`${CONTENT_DIR}/${version.name}/`.length) }, versions: tables };
    },
    /** The first link of a page whose anchor no element of its target has, if any. */
    async brokenAnchor(source: string, anchors: PageAnchors): Promise<{ line: number; reason: string } | undefined> {
      if (!anchors.links.length) return undefined;
      const [{ CONTENT_DIR }, { idsOfFile }] = await Promise.all([reader(), import('./page-anchors.ts')]);
      await queue;
      tables ??= tablesOf(await read());
      for (const { href, line } of anchors.links) {
        const [route, hash] = href.split('#');
        if (!hash) continue;
        const target = route ? fileOfRoute(tables, route.split('?')[0], CONTENT_DIR) : source;
        if (!target) continue; // another site, a static file, a generated index: the build checks these
        const ids = target === source ? anchors.ids : idsOfFile(path.join(rootOf(), target), rootOf());
        const id = decodeURIComponent(hash);
        if (!ids.includes(id)) return { line, reason: `${href} — no element with id "${id}" on ${route || 'this page'}` };
      }
      return undefined;
    },
    compiled(file: string, answers: Record<string, string> | undefined) {
      answersOf.set(file, answers ?? {});
    },
    /** A content file changed: returns the pages whose links no longer resolve as they did. */
    changed(file: string): Promise<string[]> {
      const step = queue.then(async () => {
        if (!sources) return [];
        const [s, c, { linkAnswersHold }] = await Promise.all([sources, reader(), import('./remark-links.ts')]);
        try {
          await c.readContentFile(s, file, 'later');
        } catch {
          return []; // the content plugin reports a file it cannot read
        }
        tables = tablesOf(s);
        return [...answersOf].filter(([, answers]) => !linkAnswersHold(answers, tables!)).map(([f]) => f);
      });
      queue = step.catch(() => {});
      return step;
    },
  };
}

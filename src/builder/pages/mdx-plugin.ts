import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import siteConfig from '../../../site.config.ts';
import type { VersionRoutes } from '../links/resolve-link.ts';
import { versionRoutes } from '../links/version-routes.ts';
import type { ContentSources } from './read-content.ts';
import type { LinkContext } from './remark-links.ts';
import { pageErrorModule } from './page-error-module.ts';

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
      for (const w of out.warnings ?? []) this.warn(w);
      // An edited partial compiles the pages that hold it again.
      for (const partial of out.partials ?? []) this.addWatchFile(partial);
      // An edited page must not reload the tab: the body accepts its own update, and the app imports the new body
      // when the content-changed event revalidates the page (browser-pages.ts).
      return { code: development ? `${out.code}\nif (import.meta.hot) import.meta.hot.accept(() => {});\n` : out.code, map: null };
    },
  };
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

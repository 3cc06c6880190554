import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import siteConfig from '../../../site.config.ts';
import type { ContentApi } from '../bundles/manifest-plugin.ts';
import type { VersionRoutes } from '../links/resolve-link.ts';
import { versionRoutes } from '../links/version-routes.ts';
import type { ContentSources } from './read-content.ts';
import type { LinkContext } from './remark-links.ts';
import { pageErrorModule } from './page-error-module.ts';
import { problemLines, type PageProblem } from './page-problems.ts';
import type { PageAnchors } from './page-anchors.ts';
import type { LinkPlaces } from '../links/link-places.ts';
import type { CompileOutput } from './mdx-compile-worker.ts';
import type { MdxPluginApi } from './dev-compiles.ts';

const PAGE = /\.mdx?$/;

/**
 * Compiles an MDX page when the dev server is asked for it (the page's data names its source file
 * as its module). Builds do not bundle pages: page-compiler.ts compiles them on its own, so the compiler is loaded
 * on the first page asked for, not with the Vite config (in a build's bundles phase it was loaded for nothing).
 * A page's links resolve in its own version, against the routes of the content the content plugin keeps current; a
 * page whose links resolve otherwise after a page was added, renamed or given another slug is compiled again.
 */
export function mdxPlugin(): Plugin {
  let development = false;
  let root = '';
  let server: ViteDevServer | undefined;
  let content: ContentApi | undefined;
  let tables: VersionRoutes[] | undefined;
  // What each compiled page's links resolved against, by file (null: the page failed).
  const answersOf = new Map<string, Record<string, string> | null>();
  const tablesNow = async () => (tables ??= content ? routeTablesOf(await content.sources()) : undefined);
  /** What compiling the page at `file` takes besides its text: its paths, and its links' routes. */
  const taskFor = async (file: string) => {
    const source = path.relative(root, file);
    const { CONTENT_DIR } = await import('./read-content.ts');
    const links = linkContext(source, CONTENT_DIR, await tablesNow());
    return { path: file, source, relPath: links?.from.relPath ?? source, ...(links ? { links } : {}) };
  };
  /** Whether a compile's links still resolve as they did. */
  const linksHold = async (out: CompileOutput) => {
    if (!out.linkAnswers) return true;
    const [now, { linkAnswersHold }] = await Promise.all([tablesNow(), import('./remark-links.ts')]);
    return !!now && linkAnswersHold(out.linkAnswers, now);
  };
  /** The dev server's compile of a page's text, body and manifest entry: made once, while its links and partials hold. */
  const compileForDev = async (file: string, text: string) => (await import('./dev-compiles.ts')).compileForDev({ ...(await taskFor(file)), text }, linksHold);
  return {
    name: 'zrok:mdx',
    api: { compileForDev } satisfies MdxPluginApi,
    enforce: 'pre',
    configResolved(config) {
      development = !config.isProduction;
      root = config.root;
      content = config.plugins.find((p) => p.name === 'zrok:content')?.api as ContentApi | undefined;
    },
    configureServer(s) {
      server = s;
      content?.onChange((_, textOnly) => {
        // A page's text alone changes no route: the tables, made over every page, stay (at ten thousand pages,
        // 20-130 ms of each save), and every page's links resolve as they did; only the pages that failed are dropped.
        if (!textOnly) tables = undefined;
        void (async () => {
          const [now, { linkAnswersHold }] = await Promise.all([tablesNow(), import('./remark-links.ts')]);
          for (const [file, answers] of answersOf) {
            if (now && answers && (textOnly || linkAnswersHold(answers, now))) continue;
            for (const mod of server?.moduleGraph.getModulesByFile(file) ?? []) server?.moduleGraph.invalidateModule(mod);
          }
        })();
      });
    },
    async transform(code, id) {
      const file = id.split('?')[0];
      if (!PAGE.test(file)) return null;
      const source = path.relative(root, file);
      const { CONTENT_DIR } = await import('./read-content.ts');
      // Under the dev server its front matter is checked too (withDoc), so that the page shows what the build would say of it.
      const out = development
        ? await compileForDev(file, code)
        : await (await import('./mdx-compile-worker.ts')).default({ ...(await taskFor(file)), text: code, development, withDoc: false });
      if (out.errors && !development) this.error(problemLines(out.errors).join('\n'));
      // A page that failed (a broken link among other reasons) is compiled again after any content change.
      answersOf.set(file, out.errors ? null : (out.linkAnswers ?? {}));
      if (out.errors) return { code: `${pageErrorModule(out.errors)}\nif (import.meta.hot) import.meta.hot.accept(() => {});\n`, map: null };
      // What the build's link check would say of its anchors, shown in the page as its other errors are.
      const now = await tablesNow();
      const anchors = out.anchors && now ? await brokenAnchors(root, source, out.anchors, now, CONTENT_DIR, out.linkPlaces ?? {}) : [];
      if (anchors.length) return { code: `${pageErrorModule(anchors)}\nif (import.meta.hot) import.meta.hot.accept(() => {});\n`, map: null };
      for (const w of out.warnings ?? []) this.warn(w);
      // An edited partial compiles the pages that hold it again.
      for (const partial of out.partials ?? []) this.addWatchFile(partial);
      // An edited page must not reload the tab: the body accepts its own update, and the app imports the new body
      // when the content-changed event revalidates the page (browser-pages.ts).
      // No source map: the body is its own source, and the one Vite would make for it (every character mapped to itself,
      // the text again inside, base64) cost more than the compile's last steps and tripled the bytes the browser loads.
      return development ? { code: `${out.code}\nif (import.meta.hot) import.meta.hot.accept(() => {});\n`, map: { mappings: '' } } : { code: out.code, map: null };
    },
  };
}

/** Every version's routes, from the pages' paths and front matter and the categories read. */
function routeTablesOf(sources: ContentSources): VersionRoutes[] {
  return siteConfig.versions.map((v) => {
    const held = sources.versions.find((x) => x.name === v.name);
    const pages = [...(held?.docs.values() ?? [])].map((d) => ({ relPath: d.relPath, slug: d.frontMatter.slug }));
    return versionRoutes(v, pages, held?.categories.values() ?? []);
  });
}

/** Where a page source is (its version and path in it) with every version's routes; undefined outside the versions. */
function linkContext(source: string, contentDir: string, versions: VersionRoutes[] | undefined): LinkContext | undefined {
  const version = siteConfig.versions.find((v) => source.startsWith(`${contentDir}/${v.name}/`));
  if (!version || !versions) return undefined;
  return { from: { version: version.name, relPath: source.slice(`${contentDir}/${version.name}/`.length) }, versions, mappings: siteConfig.linkMappings };
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

/**
 * The links of a page whose anchor no element of its target has, as written (`places`: the links the compiler
 * rewrote), with what to write instead.
 */
async function brokenAnchors(root: string, source: string, anchors: PageAnchors, tables: VersionRoutes[], contentDir: string, places: LinkPlaces): Promise<PageProblem[]> {
  if (!anchors.links.length) return [];
  const [{ idsOfFile }, { anchorAdvice }] = await Promise.all([import('./page-anchors.ts'), import('../links/link-check.ts')]);
  const broken: PageProblem[] = [];
  for (const { href, line, partial } of anchors.links) {
    const [route, hash] = href.split('#');
    if (!hash) continue;
    const target = route ? fileOfRoute(tables, route.split('?')[0], contentDir) : source;
    if (!target) continue; // another site, a static file, a generated index: the build checks these
    const ids = target === source ? anchors.ids : idsOfFile(path.join(root, target), root);
    const id = decodeURIComponent(hash);
    if (!ids.includes(id)) broken.push({ location: `${partial ? path.relative(root, partial) : source}:${line}`, reason: `${places[href]?.written ?? href} — no element with id "${id}" on ${route || 'this page'}${anchorAdvice(id, ids)}` });
  }
  return broken;
}

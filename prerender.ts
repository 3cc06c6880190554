/**
 * Builds the static site from the client build and the SSR bundle: every route's HTML, 404.html,
 * redirect pages (+ redirects.json and _redirects for static hosts), sitemap.xml and robots.txt.
 * Fails on broken internal links and anchors, naming the source file, the link and why.
 * Run through scripts/build.ts, which builds into a temporary folder and only then replaces dist/.
 */
import { mkdir, readFile, writeFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { collectPageFacts, type PageFacts } from './src/build/html-facts.ts';
import { checkLinks, formatLinkErrors } from './src/build/link-check.ts';
import { escapeHtml, headTags, redirectPage, sitemapXml } from './src/build/html-output.ts';
import { llmsTxt, markdownCopy } from './src/build/plain-text.ts';
import { extractSearchRecords } from './src/build/search-records.ts';
import { searchIndexPath, type SearchRecord } from './src/search/types.ts';
import { SETTINGS_STORAGE_KEY } from './src/store/keys.ts';
import { contentSecurityPolicy, inlineScripts, nginxRedirects, nginxSecurityHeaders, scriptHash } from './src/build/csp.ts';
import type { SiteConfig } from './site.config.ts';
import type { SiteManifest } from './src/content/types.ts';
import type { RenderResult } from './src/server.tsx';

interface ServerModule {
  render: (path: string, base: string) => Promise<RenderResult>;
  pagePaths: string[];
  site: SiteManifest;
  siteConfig: SiteConfig;
}

interface ViteChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

export interface PrerenderOptions {
  clientDir: string;
  /** Report broken links without failing (writers' draft mode). */
  warnOnly?: boolean;
  serverEntry: string;
  base: string;
}

export interface PrerenderReport {
  pages: number;
  redirects: number;
}

export class BuildError extends Error {}

/** Build-time view of the third parties the browser will talk to (env vars win, as in the app). */
function hostedSearchConfigured(config: SiteConfig): boolean {
  const env = process.env;
  return !!(env.VITE_ALGOLIA_APP_ID && env.VITE_ALGOLIA_API_KEY && env.VITE_ALGOLIA_INDEX_NAME) || !!config.search.hosted;
}
function tagManagerConfigured(config: SiteConfig): boolean {
  return !!(process.env.VITE_GTM_CONTAINER_ID || config.analytics.gtmContainerId);
}

/** JS chunks a page needs beyond the entry: its own body chunk and what that imports. */
function chunkPreloads(manifest: Record<string, ViteChunk>, source: string | undefined, base: string): string[] {
  if (!source) return [];
  const out = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || out.has(chunk.file)) return;
    out.add(chunk.file);
    for (const i of chunk.imports ?? []) visit(i);
  };
  visit(source);
  return [...out].map((f) => base + f);
}

async function writePage(dir: string, sitePath: string, html: string) {
  const file = sitePath === '/' ? path.join(dir, 'index.html') : path.join(dir, sitePath, 'index.html');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, html);
}

export async function prerender({ clientDir, serverEntry, base, warnOnly = false }: PrerenderOptions): Promise<PrerenderReport> {
  const template = await readFile(path.join(clientDir, 'index.html'), 'utf8');
  if (!template.includes('<!--app-html-->')) throw new BuildError(`${clientDir}/index.html is already prerendered: run the client build first`); // P7
  const viteManifest = JSON.parse(await readFile(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Record<string, ViteChunk>;
  const server = (await import(pathToFileURL(path.resolve(serverEntry)).href)) as ServerModule;
  const { siteConfig, site } = server;
  const sourceOf = new Map<string, string>();
  for (const v of site.versions) {
    for (const d of v.docs) sourceOf.set(d.route, d.source);
    for (const c of v.categoryIndexes) sourceOf.set(c.route, `content/docs/${v.name}/${c.dir}/_category_.json`);
  }
  sourceOf.set('/', 'src/theme/HomePage.tsx');

  // Content-Security-Policy: the inline scripts are the same on every page, so their hashes are
  // known before any page is written; the policy goes into each page and into the nginx headers.
  const current = site.versions.find((v) => v.current);
  const withBase = (p: string) => base.replace(/\/$/, '') + p;
  const preferred = { storageKey: SETTINGS_STORAGE_KEY, targets: Object.fromEntries(site.versions.map((v) => [v.name, withBase(v.mainDocRoute)])) };
  const sampleRedirect = redirectPage('/', '/', base, preferred, '');
  const hashes = [...inlineScripts(template), ...inlineScripts(sampleRedirect)].map(scriptHash);
  const cspConfig = { scriptHashes: hashes, hostedSearch: hostedSearchConfigured(siteConfig), tagManager: tagManagerConfigured(siteConfig) };
  const cspMeta = `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(contentSecurityPolicy({ ...cspConfig, forHeader: false }))}" />`;

  const fill = (r: RenderResult, sitePath: string, route: string) =>
    template
      .replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />\n    ${cspMeta}`)
      .replace('<!--head-tags-->', headTags({ siteConfig, base, sitePath, head: r, preloads: chunkPreloads(viteManifest, r.source, base).filter((f) => !template.includes(f)) }))
      .replace(/<title>.*?<\/title>/, `<title>${escapeHtml(r.title)}</title>`)
      .replace('<meta name="description" content="" />', `<meta name="description" content="${escapeHtml(r.description)}" />`)
      .replace('<!--app-route-->', escapeHtml(route))
      .replace('<!--app-html-->', r.html);

  const facts: PageFacts[] = [];
  const records = new Map<string, SearchRecord[]>(site.versions.map((v) => [v.tag, []]));
  for (const sitePath of server.pagePaths) {
    const r = await server.render(sitePath, base);
    if (r.redirect || r.status !== 200) throw new BuildError(`${sourceOf.get(sitePath) ?? sitePath}: route ${sitePath} rendered with status ${r.status}`);
    const html = fill(r, sitePath, base.replace(/\/$/, '') + sitePath);
    facts.push(collectPageFacts(sitePath, sourceOf.get(sitePath) ?? sitePath, r.html));
    const version = site.versions.find((v) => v.tag === r.versionTag);
    if (version) {
      records.get(version.tag)!.push(...extractSearchRecords({ html: r.html, path: sitePath, lvl0: 'Documentation', language: siteConfig.locales.default, tag: version.tag }));
    }
    await writePage(clientDir, sitePath, html);
  }
  for (const [tag, list] of records) {
    const file = path.join(clientDir, searchIndexPath(tag));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify(list));
  }

  const notFound = await server.render('/404-not-found/', base);
  await writeFile(path.join(clientDir, '404.html'), fill(notFound, '/404.html', '__not-found__'));

  const redirects = [
    ...site.versions.map((v) => ({ from: v.root, to: v.mainDocRoute })),
    ...siteConfig.redirects,
  ];
  const pageSet = new Set(server.pagePaths);
  const badRedirects = redirects.filter((r) => !pageSet.has(r.to.split('#')[0]));
  if (badRedirects.length) {
    throw new BuildError(`site.config.ts: redirect target is not a page: ${badRedirects.map((r) => `${r.from} -> ${r.to}`).join(', ')}`);
  }
  for (const r of redirects) {
    const target = withBase(r.to);
    await writePage(clientDir, r.from, redirectPage(target, siteConfig.url + target, base, r.from === current?.root ? preferred : undefined, cspMeta));
  }
  // Server-side 301s for static hosts. The current version's root keeps its page, which sends a
  // reader to the version they prefer.
  await mkdir(path.join(clientDir, '_nginx'), { recursive: true });
  const serverRedirects = redirects.filter((r) => r.from !== current?.root).map((r) => ({ from: withBase(r.from), to: withBase(r.to) }));
  await writeFile(path.join(clientDir, '_nginx/redirects.conf'), nginxRedirects(serverRedirects));
  await writeFile(path.join(clientDir, '_nginx/security-headers.conf'), nginxSecurityHeaders(contentSecurityPolicy({ ...cspConfig, forHeader: true })));
  await writeFile(path.join(clientDir, 'redirects.json'), JSON.stringify(redirects.map((r) => ({ from: withBase(r.from), to: withBase(r.to), status: 301 })), null, 2));
  await writeFile(path.join(clientDir, '_redirects'), redirects.map((r) => `${withBase(r.from)} ${withBase(r.to)} 301`).join('\n') + '\n');

  const staticExists = async (p: string) => stat(path.join(clientDir, p)).then((s) => s.isFile(), () => false);
  const errors = await checkLinks({ pages: facts, redirects, base, staticExists });
  if (errors.length) {
    const message = await formatLinkErrors(errors);
    // Draft mode for writers with half a version written; CI and `npm run build` never set it.
    if (!warnOnly) throw new BuildError(message);
    console.warn(`${message}\n(BROKEN_LINKS=warn: continuing)`);
  }

  // Plain-text copies for AI tools and readers: each page's Markdown source, and an index of the current version.
  for (const v of site.versions) {
    for (const d of v.docs) {
      const source = await readFile(d.source, 'utf8');
      await writeFile(path.join(clientDir, d.route, 'index.md'), markdownCopy(d.title, d.description, source));
    }
  }
  await writeFile(path.join(clientDir, 'llms.txt'), llmsTxt(siteConfig, base, site));
  await writeFile(path.join(clientDir, 'sitemap.xml'), sitemapXml(siteConfig.url, base, server.pagePaths.filter((p) => p !== `/${siteConfig.search.pagePath}/`), site));
  await writeFile(path.join(clientDir, 'robots.txt'), `User-agent: *\nAllow: /\n\nSitemap: ${siteConfig.url}${base}sitemap.xml\n`);
  return { pages: server.pagePaths.length, redirects: redirects.length };
}

/**
 * Builds the static site from the client build and the SSR bundle: every route's HTML and page
 * data, 404.html, redirect pages (+ redirects.json and _redirects for static hosts), the search
 * index, sitemap.xml and robots.txt. Pages are rendered by worker threads, one per core, which
 * write each page as they go and send back only the link facts and search records; the link
 * check then fails the build on broken internal links and anchors, naming the source file.
 * Run through scripts/build.ts, which builds into a temporary folder and only then replaces dist/.
 */
import { mkdir, readdir, readFile, writeFile, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PageFacts } from './src/build/html-facts.ts';
import { checkLinks, formatLinkErrors } from './src/build/link-check.ts';
import { BuildError } from './src/build/build-error.ts';
import { escapeHtml, redirectPage, sitemapXml } from './src/build/html-output.ts';
import { llmsTxt } from './src/build/plain-text.ts';
import type { SearchRecord } from './src/search/types.ts';
import { buildSearchIndex } from './src/build/search-index.ts';
import { SETTINGS_STORAGE_KEY } from './src/store/keys.ts';
import { bundledStyles, contentSecurityPolicy, inlineScripts, inlineStyles, nginxRedirects, nginxSecurityHeaders, scriptHash } from './src/build/csp.ts';
import { sidebarFragmentPath, createPageDataBuilder } from './src/content/page-data.ts';
import type { SidebarItem } from './src/content/types.ts';
import { chunkPreloads, type ViteChunk } from './src/build/page-html.ts';
import { PAGE_RUNTIME } from './src/build/manifest-plugin.ts';
import { PAGE_ENV } from './src/build/page-env.ts';
import { progress } from './src/build/progress.ts';
import { threadBundle } from './src/build/thread-bundle.mjs';
import { bringBack, extractFromJson, FileSetCache, folderHash, keepFiles, linkEntriesOnThread, readEntry, type Entry, type PageExtract } from './src/build/render-cache.ts';
import { sha256 } from './src/build/hash.ts';
import type { BatchResult, PrerenderJob, WorkerInput } from './src/build/prerender-protocol.ts';
import siteConfig, { type SiteConfig } from './site.config.ts';
import type { SiteManifest } from './src/content/types.ts';

export interface PrerenderOptions {
  clientDir: string;
  /** Report broken links without failing (writers' draft mode). */
  warnOnly?: boolean;
  serverEntry: string;
  base: string;
  /** Worker threads; defaults to PRERENDER_WORKERS or the number of cores. */
  workers?: number;
}

export interface PrerenderReport {
  pages: number;
  redirects: number;
  workers: number;
  /** Pages rendered (the others came from the render cache). */
  rendered: number;
}

/** Every path written as a page (redirects are written separately). */
function pagePathsOf(site: SiteManifest): string[] {
  return ['/', `/${siteConfig.search.pagePath}/`, ...site.versions.flatMap((v) => [...v.docs.map((d) => d.route), ...v.categoryIndexes.map((c) => c.route)])];
}

/** Paths per message to a worker: large enough to keep messaging cheap, small enough to balance. */
const BATCH = 20;
/** Pages a worker renders before a fresh one takes over (see renderOnWorkers). */
const RECYCLE_AFTER = 2000;

/** Build-time view of the third parties the browser will talk to (env vars win, as in the app). */
function hostedSearchConfigured(config: SiteConfig): boolean {
  const env = process.env;
  return !!(env.VITE_ALGOLIA_APP_ID && env.VITE_ALGOLIA_API_KEY && env.VITE_ALGOLIA_INDEX_NAME) || !!config.search.hosted;
}
function tagManagerConfigured(config: SiteConfig): boolean {
  return !!(process.env.VITE_GTM_CONTAINER_ID || config.analytics.gtmContainerId);
}

async function writeFileIn(dir: string, rel: string, text: string) {
  const file = path.join(dir, rel);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
}

/** Many files at once (a version's search index is a thousand or more): each folder made once, the writes in parallel. */
async function writeFilesIn(dir: string, files: { path: string; text: string }[]) {
  for (const folder of new Set(files.map((f) => path.dirname(path.join(dir, f.path))))) await mkdir(folder, { recursive: true });
  await Promise.all(files.map((f) => writeFile(path.join(dir, f.path), f.text)));
}

/**
 * Renders `jobs` on `count` worker threads, handing out batches as workers finish (two in flight
 * each, so a worker never waits for this thread), and collects what they send back. A worker is
 * replaced after RECYCLE_AFTER pages: the page modules it imported stay in its module cache, so
 * a fresh one keeps memory flat however many pages there are. The first error stops every worker.
 */
async function renderOnWorkers(jobs: PrerenderJob[], count: number, input: WorkerInput): Promise<{ facts: PageFacts[]; records: SearchRecord[] }> {
  const facts: PageFacts[] = [];
  const records: SearchRecord[] = [];
  const live = new Set<Worker>();
  let next = 0;
  const threadFile = await threadBundle(path.join(input.projectRoot, 'src/build/prerender-worker.ts'), input.projectRoot);
  const shown = progress('prerender', jobs.length);
  try {
    await new Promise<void>((resolve, reject) => {
      let slots = count;
      const start = () => {
        const worker = new Worker(threadFile, {
          workerData: input,
          // Pages run their MDX expressions here: they must not see the build's secrets.
          env: PAGE_ENV,
        });
        live.add(worker);
        let given = 0;
        let inFlight = 0;
        const sizes: number[] = []; // of the batches this worker has, in the order it answers them
        const feed = () => {
          if (next >= jobs.length || given >= RECYCLE_AFTER) return;
          const batch = jobs.slice(next, next + BATCH);
          next += batch.length;
          given += batch.length;
          inFlight++;
          sizes.push(batch.length);
          worker.postMessage(batch);
        };
        worker.on('message', (m: 'ready' | BatchResult) => {
          if (m !== 'ready') {
            if (m.error) return reject(new BuildError(m.error));
            facts.push(...m.facts);
            records.push(...m.records);
            inFlight--;
            shown.tick(sizes.shift());
          }
          feed();
          if (m === 'ready') feed();
          if (inFlight > 0) return;
          live.delete(worker);
          void worker.terminate();
          if (next < jobs.length) start();
          else if (--slots === 0) resolve();
        });
        worker.on('error', reject);
        worker.on('exit', (code) => live.has(worker) && code !== 0 && reject(new BuildError(`a prerender worker stopped with exit code ${code}`)));
      };
      for (let i = 0; i < count; i++) start();
    });
  } finally {
    shown.end();
    await Promise.all([...live].map((w) => w.terminate()));
  }
  return { facts, records };
}

export async function prerender({ clientDir, serverEntry, base, warnOnly = false, workers }: PrerenderOptions): Promise<PrerenderReport> {
  const template = await readFile(path.join(clientDir, 'index.html'), 'utf8');
  if (!template.includes('<!--app-html-->')) throw new BuildError(`${clientDir}/index.html is already prerendered: run the client build first`); // P7
  const viteManifest = JSON.parse(await readFile(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Record<string, ViteChunk>;
  // The main thread never renders: it needs the manifest, not React.
  const manifestFile = path.join(path.dirname(clientDir), 'manifest.json');
  const site = JSON.parse(await readFile(manifestFile, 'utf8')) as SiteManifest;
  const pagePaths = pagePathsOf(site);

  // Content-Security-Policy: the inline scripts are the same on every page, so their hashes are
  // known before any page is written; the policy goes into each page and into the nginx headers.
  const current = site.versions.find((v) => v.current);
  const withBase = (p: string) => base.replace(/\/$/, '') + p;
  const preferred = { storageKey: SETTINGS_STORAGE_KEY, targets: Object.fromEntries(site.versions.map((v) => [v.name, withBase(v.mainDocRoute)])) };
  const sampleRedirect = redirectPage('/', '/', base, preferred, '');
  const hashes = [...inlineScripts(template), ...inlineScripts(sampleRedirect)].map(scriptHash);
  const diagramFallbacks = JSON.parse(await readFile(path.join(path.dirname(clientDir), 'diagram-fallbacks.json'), 'utf8').catch(() => '[]')) as string[];
  const bundled: string[] = [];
  for (const f of await readdir(path.join(clientDir, 'assets'))) if (f.endsWith('.js')) bundled.push(...bundledStyles(await readFile(path.join(clientDir, 'assets', f), 'utf8')));
  const styleHashes = [...inlineStyles(template), ...inlineStyles(sampleRedirect), ...bundled].map(scriptHash);
  const cspConfig = { scriptHashes: hashes, styleHashes, hostedSearch: hostedSearchConfigured(siteConfig), tagManager: tagManagerConfigured(siteConfig), clientDiagrams: diagramFallbacks.length > 0 };
  const cspMeta = `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(contentSecurityPolicy({ ...cspConfig, forHeader: false }))}" />`;

  const shell = { template, cspMeta, base, runtimePreloads: chunkPreloads(viteManifest, PAGE_RUNTIME, base) };
  const runtimeUrl = base + viteManifest[PAGE_RUNTIME].file;
  const pages = JSON.parse(await readFile(path.join(path.dirname(clientDir), 'pages.json'), 'utf8')) as Record<string, string>;
  const jobs: PrerenderJob[] = [...pagePaths.map((p) => ({ path: p })), { path: '/404-not-found/', notFound: true }];

  // Pages whose inputs are as in an earlier build are brought back from the render cache; the rest are rendered.
  // The common key: the server bundle, the shell, and the code the render workers run besides the bundle (what
  // they extract for the link check and search, how they write pages) with the packages it uses.
  const workerCode = await Promise.all(['src/build', 'src/content', 'src/search'].map((d) => folderHash(path.join(process.cwd(), d))));
  const lock = await readFile(path.join(process.cwd(), 'package-lock.json')).catch(() => '');
  const cache = new FileSetCache(path.join(process.cwd(), '.cache/render'), sha256(await folderHash(path.dirname(serverEntry)), ...workerCode, lock, JSON.stringify(shell), runtimeUrl, siteConfig.url));
  await cache.ready();
  // A page's data as the browser gets it, with its body named by its compiled module, whose file name is
  // the hash of what it was compiled from (page-cache.ts).
  const dataOf = createPageDataBuilder(site, (source) => (pages[source] ? path.basename(pages[source]) : source), siteConfig.sidebar.inlineLimit);
  const wholeManifest = sha256(await readFile(manifestFile));
  const toRender: PrerenderJob[] = [];
  const kept: Entry<PageExtract>[] = [];
  for (const job of jobs) {
    const data = job.notFound ? undefined : dataOf.page(job.path);
    job.cacheEntry = cache.entryFor(job.notFound ? '404' : job.path, data ? JSON.stringify(data) : wholeManifest);
  }
  for (const job of jobs) {
    const entry = readEntry<PageExtract>(job.cacheEntry!);
    if (entry) kept.push(entry);
    else toRender.push(job);
  }
  const count = Math.max(1, Math.min(workers ?? (Number(process.env.PRERENDER_WORKERS) || availableParallelism()), Math.ceil(toRender.length / BATCH)));
  // The workers start (each loads the server bundle) while the unchanged pages are brought back.
  const rendering = toRender.length
    ? renderOnWorkers(toRender, count, { serverEntry: path.resolve(serverEntry), manifestFile, outDir: clientDir, projectRoot: process.cwd(), base, shell, pages, runtimeUrl })
    : Promise.resolve({ facts: [], records: [] });
  rendering.catch(() => {}); // awaited below; this keeps a failure from counting as unhandled meanwhile
  const facts: PageFacts[] = [];
  const records: SearchRecord[] = [];
  for (const entry of kept) {
    const page = extractFromJson(entry.data);
    facts.push(...page.facts);
    records.push(...page.records);
  }
  // The unchanged pages are linked back on a thread of their own while this one builds the search index.
  const linking = linkEntriesOnThread(kept, clientDir);
  linking.catch(() => {}); // awaited below, as rendering is
  const rendered = await rendering;
  facts.push(...rendered.facts);
  records.push(...rendered.records);

  const searchCache = new FileSetCache(path.join(process.cwd(), '.cache/search'), sha256(...workerCode, lock));
  await searchCache.ready();
  // One search index per version, split into parts; records arrive in batch order, so sort them for stable files.
  const byTag = new Map<string, SearchRecord[]>(site.versions.map((v) => [v.tag, []]));
  for (const r of records) byTag.get(r.docusaurus_tag)?.push(r);
  for (const [tag, list] of byTag) {
    list.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
    // An unchanged version (same records, same index code) brings its index back from the cache.
    const entry = searchCache.entryFor(tag, JSON.stringify(list));
    if ((await bringBack<null>(entry, clientDir)) === null) continue;
    const files = buildSearchIndex(tag, list);
    await writeFilesIn(clientDir, files);
    await keepFiles(entry, clientDir, files.map((f) => f.path), null);
  }

  // Sidebar parts of large versions, fetched when a reader opens a closed category.
  const builder = createPageDataBuilder(site, () => '', siteConfig.sidebar.inlineLimit);
  for (const v of site.versions) {
    if (!builder.isSliced(v.name)) continue;
    const walk = async (items: SidebarItem[]) => {
      for (const item of items) {
        if (item.type !== 'category') continue;
        await writeFileIn(clientDir, sidebarFragmentPath(v.name, item.dir), JSON.stringify(builder.sidebarFragment(v.name, item.dir)));
        await walk(item.items);
      }
    };
    await walk(v.sidebar);
  }
  await linking;

  const redirects = [
    ...site.versions.map((v) => ({ from: v.root, to: v.mainDocRoute })),
    ...siteConfig.redirects,
  ];
  const pageSet = new Set(pagePaths);
  const badRedirects = redirects.filter((r) => !pageSet.has(r.to.split('#')[0]));
  if (badRedirects.length) {
    throw new BuildError(`site.config.ts: redirect target is not a page: ${badRedirects.map((r) => `${r.from} -> ${r.to}`).join(', ')}`);
  }
  for (const r of redirects) {
    const target = withBase(r.to);
    await writeFileIn(clientDir, path.join(r.from, 'index.html'), redirectPage(target, siteConfig.url + target, base, r.from === current?.root ? preferred : undefined, cspMeta));
  }
  // Server-side 301s for static hosts. The current version's root keeps its page, which sends a
  // reader to the version they prefer.
  const serverRedirects = redirects.filter((r) => r.from !== current?.root).map((r) => ({ from: withBase(r.from), to: withBase(r.to) }));
  await writeFileIn(clientDir, '_nginx/redirects.conf', nginxRedirects(serverRedirects));
  await writeFileIn(clientDir, '_nginx/security-headers.conf', nginxSecurityHeaders(contentSecurityPolicy({ ...cspConfig, forHeader: true })));
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

  await writeFile(path.join(clientDir, 'llms.txt'), llmsTxt(siteConfig, base, site));
  await writeFile(path.join(clientDir, 'sitemap.xml'), sitemapXml(siteConfig.url, base, pagePaths.filter((p) => p !== `/${siteConfig.search.pagePath}/`), site));
  await writeFile(path.join(clientDir, 'robots.txt'), `User-agent: *\nAllow: /\n\nSitemap: ${siteConfig.url}${base}sitemap.xml\n`);
  await cache.prune();
  await searchCache.prune();
  return { pages: pagePaths.length, redirects: redirects.length, workers: count, rendered: toRender.length };
}

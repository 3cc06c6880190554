/**
 * Builds the static site from the client build and the SSR bundle: every route's HTML and page
 * data, 404.html, redirect pages (+ each host's redirects and headers: src/builder/hosts/), the search
 * index, sitemap.xml and robots.txt. Pages are rendered by worker threads, one per core, which
 * write each page as they go and send back only the link facts and search records; the link
 * check then fails the build on broken internal links and anchors, naming the source file.
 * Run through scripts/build.ts, which builds into a temporary folder and only then puts the site in dist/
 * (place-site.ts: the pages that come back from the render cache go there straight from it).
 */
import { mkdir, readdir, readFile, writeFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PageFacts } from './src/builder/links/html-facts.ts';
import { checkLinks, formatLinkErrors } from './src/builder/links/link-check.ts';
import { readLinkPlaces } from './src/builder/links/link-places.ts';
import { BuildError } from './src/builder/common/build-error.ts';
import { escapeHtml, redirectPage, sitemapXml } from './src/builder/prerender/html-output.ts';
import { llmsTxt } from './src/builder/prerender/plain-text.ts';
import { copyPageImages, readPageImages } from './src/builder/prerender/page-images.ts';
import { failureReport, readPageFailures } from './src/builder/common/page-failures.ts';
import { startSearchIndexes, type IndexedPage, type SearchIndexJob } from './src/builder/search/search-thread.ts';
import { likelyUpdated } from './src/builder/search/index-state.ts';
import { SETTINGS_STORAGE_KEY } from './src/store/keys.ts';
import { bundledStyles, contentSecurityPolicy, inlineScripts, inlineStyles, scriptHash } from './src/builder/prerender/csp.ts';
import { writeHostFiles } from './src/builder/hosts/host-files.ts';
import { redirectProblems } from './src/builder/hosts/redirect-check.ts';
import { createPageDataBuilder } from './src/content/page-data.ts';
import type { SidebarItem } from './src/content/types.ts';
import { chunkPreloads, PAGE_RUNTIME, type ViteChunk } from './src/builder/prerender/page-html.ts';
import { PAGE_ENV } from './src/builder/threads/page-env.ts';
import { progress } from './src/builder/common/progress.ts';
import { threadBundle } from './src/builder/threads/thread-bundle.mjs';
import { threadsFor } from './src/builder/threads/thread-count.ts';
import { dropEntry, FileSetCache, folderHash, forgetMetasAhead, keptFile, readEntry, readPart, type Entry, type PageExtract } from './src/builder/prerender/render-cache.ts';
import { keptIndexFiles, pruneIndexFiles, type IndexFileRef } from './src/builder/search/search-store.ts';
import { forgetLinkState, planLinkCheck, readLinkState, saveLinkState, targetsKey } from './src/builder/links/link-state.ts';
import type { KeptSiteFile, SiteFiles } from './src/builder/placement/place-site.ts';
import { sha256 } from './src/builder/common/hash.ts';
import { ENTRY_NAMES_FILE, entryNames, type NamedEntry } from './src/builder/prerender/entry-names.ts';
import { keepSidebarParts } from './src/builder/prerender/sidebar-parts.ts';
import type { BatchResult, PageOutcome, PrerenderJob, WorkerInput } from './src/builder/prerender/prerender-protocol.ts';
import siteConfig, { type SiteConfig } from './site.config.ts';
import { trace } from './src/builder/common/trace.ts';
import type { SiteManifest } from './src/content/types.ts';

export interface PrerenderOptions {
  clientDir: string;
  /** Report broken links without failing (writers' draft mode). */
  warnOnly?: boolean;
  serverEntry: string;
  base: string;
  /** Worker threads; defaults to PRERENDER_WORKERS or the number of cores. */
  workers?: number;
  /**
   * The files of the last site, as the build reads them aside (undefined or null when it cannot): a kept page's files
   * found there unchanged are not looked at again (render-cache.ts readEntry).
   */
  lastSite?: Promise<SiteFiles | null | undefined>;
}

export interface PrerenderReport {
  pages: number;
  redirects: number;
  workers: number;
  /** Pages rendered (the others came from the render cache). */
  rendered: number;
  /** The files of the pages that came from the render cache, which are not in clientDir (see place-site.ts). */
  kept: KeptSiteFile[];
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

/** What to render and on how many threads, known once every page's cache entry was looked up. */
interface RenderPlan {
  jobs: PrerenderJob[];
  count: number;
}

/**
 * Renders the plan's jobs on its count of worker threads, handing out batches as workers finish
 * (two in flight each, so a worker never waits for this thread), and collects what they send back.
 * The first worker starts at once, before the plan is known: it loads the server bundle while this
 * thread works out which pages changed. A worker is replaced after RECYCLE_AFTER pages: the page
 * modules it imported stay in its module cache, so a fresh one keeps memory flat however many pages
 * there are. The first error stops every worker.
 */
async function renderOnWorkers(plan: Promise<RenderPlan>, input: WorkerInput): Promise<PageOutcome[]> {
  const outcomes: PageOutcome[] = [];
  const live = new Set<Worker>();
  let jobs: PrerenderJob[] = [];
  let next = 0;
  const threadFile = await threadBundle(path.join(input.projectRoot, 'src/builder/prerender/prerender-worker.ts'), input.projectRoot);
  let shown: ReturnType<typeof progress> | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      let running = 0;
      const start = () => {
        running++;
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
        // Gives it work, or retires it when it has none left (a fresh worker takes over what remains).
        const goOn = (twice: boolean) => {
          feed();
          if (twice) feed();
          if (inFlight > 0) return;
          live.delete(worker);
          void worker.terminate();
          running--;
          if (next < jobs.length) start();
          else if (running === 0) resolve();
        };
        worker.on('message', (m: 'ready' | BatchResult) => {
          if (m === 'ready') return void plan.then(() => goOn(true), reject);
          if (m.error) return reject(new BuildError(m.error));
          outcomes.push(...m.pages);
          inFlight--;
          shown?.tick(sizes.shift());
          goOn(false);
        });
        worker.on('error', reject);
        worker.on('exit', (code) => live.has(worker) && code !== 0 && reject(new BuildError(`a prerender worker stopped with exit code ${code}`)));
      };
      start();
      plan.then((p) => {
        ({ jobs } = p);
        shown = progress('prerender', jobs.length);
        for (let i = 1; i < p.count; i++) start();
        if (jobs.length) return;
        // Nothing to render: the first worker is stopped wherever it is in its start.
        for (const w of live) void w.terminate();
        live.clear();
        resolve();
      }, reject);
    });
  } finally {
    shown?.end();
    await Promise.all([...live].map((w) => w.terminate()));
  }
  return outcomes;
}

interface Named {
  /** Each doc page's version, by its search tag, by path: only doc pages give search records. */
  tagOf: Map<string, string>;
  /** The pages whose entry was named afresh, not as the last build named it (entry-names.ts). */
  fresh: Set<string>;
  /** The last build's names that no page has now; undefined when its names are not known. */
  replaced?: string[];
}

/**
 * Names each job's render-cache entry: its key is the page's data as the browser gets it. A page whose data cannot
 * have changed since the last build (the same manifest, the same body module) keeps the name it had (entry-names.ts).
 */
async function nameEntries(jobs: PrerenderJob[], cache: FileSetCache, site: SiteManifest, pages: Record<string, string>, manifestFile: string): Promise<Named> {
  await cache.ready();
  // Pages that are not docs (home, search, 404) read the whole manifest.
  const wholeManifest = sha256(await readFile(manifestFile));
  const names = entryNames(path.join(process.cwd(), ENTRY_NAMES_FILE), sha256(cache.commonKey, wholeManifest, String(siteConfig.sidebar.inlineLimit)));
  const before = names.load();
  const after = new Map<string, NamedEntry>();
  // A page's body is named by its compiled module, whose file name is the hash of what it was compiled from (page-cache.ts).
  const moduleName = (source: string) => (pages[source] ? path.basename(pages[source]) : source);
  const sourceOf = new Map(site.versions.flatMap((v) => v.docs.map((d) => [d.route, d.source] as const)));
  let dataOf: ReturnType<typeof createPageDataBuilder> | undefined;
  const tagOfVersion = new Map(site.versions.map((v) => [v.name, v.tag]));
  // The pages of a category share one sidebar object (page-data.ts), hashed once: it is most of a page's data.
  const sidebarHashes = new WeakMap<SidebarItem[], string>();
  const sidebarHash = (sidebar: SidebarItem[]) => {
    let hash = sidebarHashes.get(sidebar);
    if (!hash) sidebarHashes.set(sidebar, (hash = sha256(JSON.stringify(sidebar))));
    return hash;
  };
  const tagOf = new Map<string, string>();
  const fresh = new Set<string>();
  for (const job of jobs) {
    const source = job.notFound ? undefined : sourceOf.get(job.path);
    const module = source ? moduleName(source) : '';
    let named = before.get(job.path);
    if (named?.module === module) job.cacheEntry = cache.entryNamed(named.name);
    else {
      dataOf ??= createPageDataBuilder(site, moduleName, siteConfig.sidebar.inlineLimit);
      const data = job.notFound ? undefined : dataOf.page(job.path);
      job.cacheEntry = data ? cache.entryFor(job.path, JSON.stringify({ ...data, sidebar: undefined }), sidebarHash(data.sidebar)) : cache.entryFor(job.notFound ? '404' : job.path, wholeManifest);
      named = { module, name: path.basename(job.cacheEntry), ...(data ? { tag: tagOfVersion.get(data.version)! } : {}) };
      fresh.add(job.path);
    }
    if (named.tag) tagOf.set(job.path, named.tag);
    after.set(job.path, named);
  }
  if (fresh.size) await names.save(after);
  const now = new Set([...after.values()].map((n) => n.name));
  return { tagOf, fresh, ...(before.size ? { replaced: [...before.values()].map((n) => n.name).filter((n) => !now.has(n)) } : {}) };
}

/**
 * The versions whose kept pages' records are read ahead, as their index will most likely be made whole: those with a
 * page rendered again, unless so few that their last index will be updated (index-state.ts).
 */
function readAheadTags(changed: string[], tagOf: Map<string, string>, stateDir: string): { readAhead: Set<string | undefined>; updated: { tag: string; pages: number }[] } {
  const count = new Map<string | undefined, number>();
  for (const p of changed) count.set(tagOf.get(p), (count.get(tagOf.get(p)) ?? 0) + 1);
  const pagesOf = new Map<string, number>();
  for (const tag of tagOf.values()) pagesOf.set(tag, (pagesOf.get(tag) ?? 0) + 1);
  const updated = [...count.keys()].filter((tag): tag is string => !!tag && likelyUpdated(stateDir, tag, count.get(tag)!, pagesOf.get(tag)!));
  return { readAhead: new Set([...count.keys()].filter((tag) => !tag || !updated.includes(tag))), updated: updated.map((tag) => ({ tag, pages: pagesOf.get(tag)! })) };
}

/** A page as its version's index job lists it: rendered in this build (its records given) or kept. */
function indexedPage(path: string, rendered: PageOutcome | undefined, keptEntry: Entry<PageExtract> | undefined, entry: string): IndexedPage {
  if (rendered) return { path, recordsHash: rendered.recordsHash, entry, records: rendered.records };
  return { path, recordsHash: keptEntry!.data.recordsHash, entry: keptEntry!.path };
}

/** readEntries, giving way to the render workers' messages every few hundred entries, so that they render meanwhile. */
async function readEntriesAside(jobs: PrerenderJob[], lastSite?: SiteFiles): Promise<ReturnType<typeof readEntries>> {
  const kept = new Map<string, Entry<PageExtract>>();
  const toRender: PrerenderJob[] = [];
  for (let i = 0; i < jobs.length; i += 500) {
    await new Promise((resolve) => setImmediate(resolve));
    const some = readEntries(jobs.slice(i, i + 500), lastSite);
    for (const [p, entry] of some.kept) kept.set(p, entry);
    toRender.push(...some.toRender);
  }
  return { kept, toRender };
}

/** Looks up each job's entry: pages whose inputs are as in an earlier build are brought back; the rest are rendered. */
function readEntries(jobs: PrerenderJob[], lastSite?: SiteFiles): { kept: Map<string, Entry<PageExtract>>; toRender: PrerenderJob[] } {
  const toRender: PrerenderJob[] = [];
  const kept = new Map<string, Entry<PageExtract>>();
  const site = lastSite && ((rel: string) => lastSite.get(siteRel(rel)));
  for (const job of jobs) {
    const entry = readEntry<PageExtract>(job.cacheEntry!, site);
    if (entry) kept.set(job.path, entry);
    else toRender.push(job);
  }
  return { kept, toRender };
}

/** A page's file's path as the site's files are listed: relative, normalised. */
const siteRel = (rel: string) => path.posix.normalize(rel).replace(/^\//, '');

export async function prerender({ clientDir, serverEntry, base, warnOnly = false, workers, lastSite }: PrerenderOptions): Promise<PrerenderReport> {
  const template = await readFile(path.join(clientDir, 'index.html'), 'utf8');
  if (!template.includes('<!--app-html-->')) throw new BuildError(`${clientDir}/index.html is already prerendered: run the client build first`);
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

  // The first render worker starts now (loading the server bundle), while this thread looks up which pages changed
  // (see renderOnWorkers).
  let settlePlan!: { resolve: (plan: RenderPlan) => void; reject: (e: unknown) => void };
  const plan = new Promise<RenderPlan>((resolve, reject) => (settlePlan = { resolve, reject }));
  const workerInput: WorkerInput = { serverEntry: path.resolve(serverEntry), manifestFile, outDir: clientDir, projectRoot: process.cwd(), base, shell, pages, runtimeUrl };
  const rendering = renderOnWorkers(plan, workerInput);
  rendering.catch(() => {}); // awaited below; this keeps a failure from counting as unhandled meanwhile
  trace('prerender: render thread started');
  const stopPlan = (e: unknown): never => {
    settlePlan.reject(e); // the waiting worker stops too
    throw e;
  };

  // What the render thread does not need to start, done while it starts (it writes no page before the plan below).
  const images = await readPageImages(path.dirname(clientDir)).catch(stopPlan);
  await copyPageImages(clientDir, images).catch(stopPlan);
  const allRedirects = [
    ...site.versions.map((v) => ({ from: v.root, to: v.mainDocRoute })),
    ...siteConfig.redirects,
  ];
  // A redirect a host would misread, or to no page, is left out, and named with the build's other problems at its end.
  const configText = await readFile(path.join(process.cwd(), 'site.config.ts'), 'utf8').catch(stopPlan);
  const badRedirects = (() => {
    try {
      return redirectProblems(allRedirects, new Set(pagePaths), base, 'site.config.ts', configText);
    } catch (e) {
      return stopPlan(e);
    }
  })();
  const redirects = allRedirects.filter((r) => !badRedirects.has(r));
  // What decides whether a link reaches anything: the pages, the redirects and the site's other files (listed before
  // any page is written). The last build's link state is dropped until this build's check has passed (link-state.ts).
  const siteFiles = (await readdir(clientDir, { recursive: true, withFileTypes: true }).catch(stopPlan)).filter((e) => e.isFile()).map((e) => path.relative(clientDir, path.join(e.parentPath, e.name)));
  const linkStateFile = path.join(process.cwd(), '.cache/link-state.json');
  const previousLinks = readLinkState(linkStateFile);
  await forgetLinkState(linkStateFile).catch(stopPlan);

  // The common key of the render cache: the server bundle, the shell, and the code the render workers run besides
  // the bundle (what they extract for the link check and search, how they write pages) with the packages it uses.
  const workerCode = await Promise.all(['src/builder', 'src/content', 'src/search'].map((d) => folderHash(path.join(process.cwd(), d)))).catch(stopPlan);
  const lock = await readFile(path.join(process.cwd(), 'package-lock.json')).catch(() => '');
  const cache = new FileSetCache(path.join(process.cwd(), '.cache/render'), sha256(await folderHash(path.dirname(serverEntry)).catch(stopPlan), ...workerCode, lock, JSON.stringify(shell), runtimeUrl, siteConfig.url));
  trace('prerender: common key');
  const searchFiles = path.join(process.cwd(), '.cache/search-files');
  await mkdir(searchFiles, { recursive: true });
  const searchCache = new FileSetCache(path.join(process.cwd(), '.cache/search'), sha256(...workerCode, lock));
  // Each version's last index, which an edit of a few of its pages updates in place (index-state.ts).
  const indexState = { dir: path.join(process.cwd(), '.cache/search-state'), key: searchCache.commonKey };
  const { tagOf, fresh, replaced } = await nameEntries(jobs, cache, site, pages, manifestFile).catch(stopPlan);
  trace('prerender: named');
  // A version with a page named afresh most likely has its index made again: when the other pages kept their names,
  // their records are read (on a large site, on a thread) while this thread reads the entries and the pages render.
  // A version whose last index will be updated has it read meanwhile instead.
  const changedTags = readAheadTags([...fresh], tagOf, indexState.dir);
  let searchIndexes: ReturnType<typeof startSearchIndexes> | undefined = fresh.size < jobs.length ? startSearchIndexes({ filesDir: searchFiles, readAhead: jobs.filter((j) => !fresh.has(j.path) && changedTags.readAhead.has(tagOf.get(j.path))).map((j) => j.cacheEntry!), state: indexState, updating: changedTags.updated }, process.cwd()) : undefined;
  // When some pages kept their names, those named afresh are looked up first and rendered at once; the others most
  // likely kept their entries too, which are read while those render (at ten thousand pages, 0.4 s): one found changed
  // or gone is rendered after them.
  const someKept = fresh.size < jobs.length;
  // The pages named afresh are few: looked up with the last site's files if they are read by now. The others wait
  // for them, which at ten thousand pages saves forty thousand stat calls (0.3 s) for a wait of none or little.
  let siteRead: SiteFiles | undefined;
  void lastSite?.then((files) => (siteRead = files ?? undefined));
  await Promise.resolve();
  const first = await Promise.resolve(someKept ? jobs.filter((j) => fresh.has(j.path)) : jobs).then((list) => readEntries(list, siteRead)).catch(stopPlan);
  // Below 400 pages to render, one thread (threadsFor): a second loads the app and the page toolchain again and warms
  // its own heap, about 0.7 CPU-s. On the real site (140 pages, 2 cores) one thread used 0.5-1.2 CPU-s less and 0.1-0.8 s
  // more wall time than two (four alternating pairs of the prerender phase).
  const threadCount = (list: PrerenderJob[]) => Math.max(1, Math.min(workers ?? (Number(process.env.PRERENDER_WORKERS) || threadsFor(list.length)), Math.ceil(list.length / BATCH)));
  const count = threadCount(first.toRender);
  settlePlan.resolve({ jobs: first.toRender, count });
  const rest = someKept ? await readEntriesAside(jobs.filter((j) => !fresh.has(j.path)), (await lastSite) ?? undefined) : { kept: new Map<string, Entry<PageExtract>>(), toRender: [] };
  const kept = new Map([...first.kept, ...rest.kept]);
  const toRender = [...first.toRender, ...rest.toRender];
  trace('prerender: entries read');

  // Otherwise (no page kept its name), a version with a page being rendered most likely has its index made again: its kept pages' records are read meanwhile.
  const renderedTags = readAheadTags(toRender.map((job) => job.path), tagOf, indexState.dir);
  searchIndexes ??= startSearchIndexes({ filesDir: searchFiles, readAhead: [...kept].filter(([p]) => renderedTags.readAhead.has(tagOf.get(p))).map(([, entry]) => entry.path), state: indexState, updating: renderedTags.updated }, process.cwd());
  const outcomes = new Map<string, PageOutcome>();
  for (const page of await rendering) outcomes.set(page.path, page);
  if (rest.toRender.length) for (const page of await renderOnWorkers(Promise.resolve({ jobs: rest.toRender, count: threadCount(rest.toRender) }), workerInput)) outcomes.set(page.path, page);
  trace('prerender: rendered');

  await searchCache.ready();
  // One search index per version, split into parts. An unchanged version (its pages' records as before, the same
  // index code) keeps its index; the others are made (on a large site, on a thread) while this one goes on. An index's
  // files, like a kept page's, go to dist/ from the cache (search-store.ts, place-site.ts), not through .build/.
  const searchJobs: SearchIndexJob[] = [];
  const indexRefs: IndexFileRef[] = [];
  const indexSiteFiles: KeptSiteFile[] = [];
  /** Takes the index an entry lists into the site; false when there is none whole (an entry that lists none is removed, for the new one). */
  const takeIndex = (entry: string) => {
    const refs = readEntry<IndexFileRef[] | null>(entry)?.data;
    const files = refs && keptIndexFiles(searchFiles, refs);
    if (!files) return dropEntry(entry), false;
    indexRefs.push(...refs);
    indexSiteFiles.push(...files);
    return true;
  };
  const entryOf = new Map(jobs.map((job) => [job.path, job.cacheEntry!]));
  for (const { tag } of site.versions) {
    const versionPages = jobs.filter((job) => tagOf.get(job.path) === tag).map((job) => job.path);
    const entry = searchCache.entryFor(tag, ...versionPages.map((p) => outcomes.get(p)?.recordsHash ?? kept.get(p)!.data.recordsHash));
    if (takeIndex(entry)) continue;
    searchJobs.push({ tag, entry, pages: versionPages.map((p) => indexedPage(p, outcomes.get(p), kept.get(p), entryOf.get(p)!)) });
  }
  const indexing = searchIndexes.finish(searchJobs);
  indexing.catch(() => {}); // awaited below, as rendering is

  // Sidebar parts of large versions, fetched when a reader opens a closed category: like the pages kept, they go to
  // dist/ from a cache (sidebar-parts.ts).
  trace('prerender: index started');
  const sidebarFiles = await keepSidebarParts(site, createPageDataBuilder(site, () => '', siteConfig.sidebar.inlineLimit), path.join(process.cwd(), '.cache/sidebar-parts'));

  for (const r of redirects) {
    const target = withBase(r.to);
    await writeFileIn(clientDir, path.join(r.from, 'index.html'), redirectPage(target, siteConfig.url + target, base, r.from === current?.root ? preferred : undefined, cspMeta));
  }
  // Server-side 301s for every host. The current version's root keeps its page, which sends a
  // reader to the version they prefer.
  await writeHostFiles(clientDir, {
    redirects: redirects.filter((r) => r.from !== current?.root).map((r) => ({ from: withBase(r.from), to: withBase(r.to) })),
    csp: contentSecurityPolicy({ ...cspConfig, forHeader: true }),
    base,
    netlify: process.env.NETLIFY === 'true',
  });

  // The unchanged pages' files are not in clientDir: the build puts them in the site from the cache (place-site.ts).
  const keptFiles: KeptSiteFile[] = [...kept.values()].flatMap((e) => e.files.map(({ rel, dev, ino }, i) => ({ rel: siteRel(rel), file: keptFile(e.path, i), dev, ino })));
  keptFiles.push(...sidebarFiles);
  const keptRels = new Set(keptFiles.map((f) => f.rel));
  const staticExists = async (p: string) => keptRels.has(p) || stat(path.join(clientDir, p)).then((s) => s.isFile(), () => false);
  const keptFacts = (pagePath: string): PageFacts => {
    const entry = kept.get(pagePath)!.path;
    const facts = readPart<PageFacts[]>(entry, 'facts')?.[0];
    if (facts) return facts;
    dropEntry(entry); // rendered again next time
    throw new BuildError(`the render cache's entry ${entry} lost its link facts: build again`);
  };
  trace('prerender: sidebar, redirects, hosts');
  const rendered = [...outcomes.values()].flatMap((page) => page.facts);
  const targets = targetsKey(pagePaths, siteFiles, { redirects, base });
  const linkPlan = planLinkCheck({ targets, previous: previousLinks, rendered, pagePaths, keptFacts, redirects, base });
  // A page that did not compile rendered nothing: its own links are not checked, nor anchors into it.
  const failures = await readPageFailures(path.dirname(clientDir));
  const failedRoutes = new Set(site.versions.flatMap((v) => v.docs.filter((d) => failures[d.source]).map((d) => d.route)));
  const routeOf = (link: string) => `/${link.replace(/^https?:\/\/[^/]+/, '').slice(base.length).split(/[?#]/)[0]}`;
  const errors = (await checkLinks({ pages: linkPlan.pages, targets: linkPlan.targets, redirects, base, staticExists })).filter((e) => !failures[e.source] && !failedRoutes.has(routeOf(e.link)));
  const failed = Object.keys(failures).length > 0;
  if (!errors.length && !failed && !badRedirects.size && !site.problems) await saveLinkState(linkStateFile, linkPlan.next);
  trace('prerender: links checked');
  await indexing;
  trace('prerender: indexed');
  for (const { entry, tag } of searchJobs) if (!takeIndex(entry)) throw new BuildError(`the search index of ${tag} was made, but its files are not in ${searchFiles}`);
  keptFiles.push(...indexSiteFiles);
  // Every page that failed and every broken link, in one report: each link where the page wrote it, and for an
  // anchor no element has, the target's heading anchors.
  const linkReport = async () => {
    const headings = new Map(site.versions.flatMap((v) => v.docs.map((d) => [d.route, d.toc.map((t) => t.id)] as const)));
    return formatLinkErrors(errors, { base, places: await readLinkPlaces(path.dirname(clientDir)), headingIds: (page) => headings.get(page) });
  };
  const configProblems = [...(site.problems ?? []), ...badRedirects.values()];
  if (failed || configProblems.length) {
    const pagesAndLinks = failed || errors.length ? failureReport(failures, errors.length ? await linkReport() : undefined) : '';
    throw new BuildError([configProblems.join('\n'), pagesAndLinks].filter(Boolean).join('\n\n'));
  }
  if (errors.length) {
    const message = await linkReport();
    // Draft mode for writers with half a version written; CI and `npm run build` never set it.
    if (!warnOnly) throw new BuildError(message);
    console.warn(`${message}\n(BROKEN_LINKS=warn: continuing)`);
  }

  await writeFile(path.join(clientDir, 'llms.txt'), llmsTxt(siteConfig, base, site, images));
  await writeFile(path.join(clientDir, 'sitemap.xml'), sitemapXml(siteConfig.url, base, pagePaths.filter((p) => p !== `/${siteConfig.search.pagePath}/`), site));
  await writeFile(path.join(clientDir, 'robots.txt'), `User-agent: *\nAllow: /\n\nSitemap: ${siteConfig.url}${base}sitemap.xml\n`);
  trace('prerender: llms, sitemap');
  // After an edit of a few pages, the entries their last names had are the ones this build no longer uses: removed
  // by name instead of listing the whole cache (fifty thousand files at ten thousand pages). Otherwise, and so after
  // a larger change, every entry not used is removed, with whatever a stopped build left.
  if (replaced && fresh.size <= jobs.length * 0.05) for (const name of replaced) cache.remove(name);
  else await cache.prune();
  forgetMetasAhead();
  trace('prerender: render cache pruned');
  await searchCache.prune();
  pruneIndexFiles(searchFiles, indexRefs);
  trace('prerender: search pruned');
  return { pages: pagePaths.length, redirects: redirects.length, workers: count, rendered: toRender.length, kept: keptFiles };
}

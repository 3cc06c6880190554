/**
 * One prerender worker thread: imports the server bundle, then renders the batches of paths the
 * main thread sends, writing each page's HTML, data and Markdown copy straight to disk. Only what
 * the link check and the search index need goes back, so no thread holds every page at once.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { mkdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseDocument } from 'htmlparser2';
import { collectPageFacts } from '../links/html-facts.ts';
import { extractSearchRecords } from '../search/search-records.ts';
import { markdownCopy } from './plain-text.ts';
import { withPartialTexts } from '../pages/partials.ts';
import { readPageImages, withImageUrls } from './page-images.ts';
import { readLinkPlaces, withLinkUrls } from '../links/link-places.ts';
import { keepFiles, writeFresh } from './render-cache.ts';
import { sha256 } from '../common/hash.ts';
import { pageHtml, type PageShell } from './page-html.ts';
import { NOT_FOUND_ROUTE, pageDataPath } from '../../content/page-data.ts';
import { linkerReady } from '../common/page-link.ts';
import { browserPage } from './page-browser-copy.ts';
import type { SiteManifest } from '../../content/types.ts';
import { trace } from '../common/trace.ts';
import type { ServerModule, PrerenderJob, BatchResult, WorkerInput, RenderedPage } from './prerender-protocol.ts';

const input = workerData as WorkerInput;
await linkerReady;
mkdirSync(path.join(input.outDir, 'assets/pages'), { recursive: true });
const server = (await import(pathToFileURL(input.serverEntry).href)) as ServerModule;
trace('render thread: server bundle loaded');
// The browser copy of a page body is made when its page is first rendered, on this thread.
const browserPages = new Map<string, { file: string; code: string }>();
function browserCopy(source: string): { file: string; code: string } {
  let page = browserPages.get(source);
  if (page) return page;
  const file = input.pages[source];
  if (!file) throw new Error(`${source}: no compiled body`);
  page = browserPage(readFileSync(file, 'utf8'), input.runtimeUrl);
  writeFresh(path.join(input.outDir, page.file), page.code);
  browserPages.set(source, page);
  return page;
}
const moduleUrl = (source: string) => input.base + browserCopy(source).file;
const site = JSON.parse(readFileSync(input.manifestFile, 'utf8')) as SiteManifest;
server.configure({ site, moduleUrl, bodyFile: (source) => input.pages[source] });
// Keywords are searched, never shown, so page data (what the browser gets) does not carry them; the HTML's
// head does, for crawlers.
const keywordsOf = new Map(site.versions.flatMap((v) => v.docs.map((d) => [d.source, d.keywords] as const)));
const shell: PageShell = { ...input.shell, siteConfig: server.siteConfig };
const language = server.siteConfig.locales.default;
const images = await readPageImages(path.dirname(input.outDir));
const linkPlaces = await readLinkPlaces(path.dirname(input.outDir));
const origin = server.siteConfig.url + input.base.replace(/\/$/, '');

/** Renders one route: its files (HTML, page data, Markdown copy, the body's browser module), link facts and search records. */
async function renderPage(job: PrerenderJob): Promise<RenderedPage> {
  const r = await server.render(job.path, input.base);
  const wanted = job.notFound ? 404 : 200;
  const source = r.page?.source ?? job.path;
  if (r.redirect || r.status !== wanted) throw new Error(`${source}: route ${job.path} rendered with status ${r.status}`);
  const route = job.notFound ? NOT_FOUND_ROUTE : input.base.replace(/\/$/, '') + job.path;
  const html = pageHtml(shell, r, job.notFound ? '/404.html' : job.path, route, r.page ? keywordsOf.get(r.page.source) : undefined);
  if (job.notFound) return { files: [['404.html', html]], facts: [], records: [] };
  const files: [string, string][] = [[path.join(job.path, 'index.html'), html]];
  // Parsed once for both the link check and the search records.
  const dom = parseDocument(r.html);
  const page: RenderedPage = { files, facts: [collectPageFacts(job.path, r.page?.source ?? job.path, dom)], records: [] };
  if (!r.page) return page;
  files.push([pageDataPath(job.path), JSON.stringify(r.page)]);
  if (r.versionTag) page.records.push(...extractSearchRecords({ html: dom, path: job.path, lvl0: 'Documentation', description: r.page.description, keywords: keywordsOf.get(r.page.source), language, tag: r.versionTag }));
  if (r.page.doc) {
    const file = path.join(input.projectRoot, r.page.source);
    // With its partials' text where the page shows it, as a reader sees it.
    const text = withPartialTexts(file, await readFile(file, 'utf8'), input.projectRoot);
    files.push([path.join(job.path, 'index.md'), withLinkUrls(withImageUrls(markdownCopy(r.page.title, r.page.description, text), images[r.page.source], origin), linkPlaces[r.page.source], origin)]);
    // Its own body's module too, so that a page restored from the render cache brings it along.
    const body = browserCopy(r.page.source);
    files.push([body.file, body.code]);
  }
  return page;
}

async function renderOne(job: PrerenderJob, out: BatchResult) {
  const page = await renderPage(job);
  for (const [rel, text] of page.files) writeFresh(path.join(input.outDir, rel), text);
  const recordsHash = sha256(JSON.stringify(page.records));
  out.pages.push({ path: job.path, facts: page.facts, records: page.records, recordsHash });
  if (job.cacheEntry) await keepFiles(job.cacheEntry, input.outDir, page.files.map(([rel]) => rel), { recordsHash }, { records: page.records, facts: page.facts });
}

parentPort!.on('message', async (jobs: PrerenderJob[]) => {
  const out: BatchResult = { pages: [] };
  try {
    for (const job of jobs) await renderOne(job, out);
    trace('render thread: batch rendered');
    parentPort!.postMessage(out);
  } catch (e) {
    parentPort!.postMessage({ ...out, error: e instanceof Error ? e.message : String(e) } satisfies BatchResult);
  }
});
trace('render thread: ready');
parentPort!.postMessage('ready');

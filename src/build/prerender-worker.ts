/**
 * One prerender worker thread: imports the server bundle, then renders the batches of paths the
 * main thread sends, writing each page's HTML, data and Markdown copy straight to disk. Only what
 * the link check and the search index need goes back, so no thread holds every page at once.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseDocument } from 'htmlparser2';
import { collectPageFacts } from './html-facts.ts';
import { extractSearchRecords } from './search-records.ts';
import { markdownCopy } from './plain-text.ts';
import { pageHtml, type PageShell } from './page-html.ts';
import { pageDataPath } from '../content/page-data.ts';
import { browserPage, linkerReady } from './page-link.ts';
import type { SiteManifest } from '../content/types.ts';
import type { ServerModule, PrerenderJob, BatchResult, WorkerInput } from './prerender-protocol.ts';

const input = workerData as WorkerInput;
await linkerReady;
mkdirSync(path.join(input.outDir, 'assets/pages'), { recursive: true });
const server = (await import(pathToFileURL(input.serverEntry).href)) as ServerModule;
// The browser copy of a page body is made when its page is first rendered, on this thread.
const browserUrls = new Map<string, string>();
function moduleUrl(source: string): string {
  let url = browserUrls.get(source);
  if (url) return url;
  const file = input.pages[source];
  if (!file) throw new Error(`${source}: no compiled body`);
  const page = browserPage(readFileSync(file, 'utf8'), input.runtimeUrl);
  writeFileSync(path.join(input.outDir, page.file), page.code);
  url = input.base + page.file;
  browserUrls.set(source, url);
  return url;
}
server.configure({ site: JSON.parse(readFileSync(input.manifestFile, 'utf8')) as SiteManifest, moduleUrl, bodyFile: (source) => input.pages[source] });
const shell: PageShell = { ...input.shell, siteConfig: server.siteConfig };
const language = server.siteConfig.locales.default;

async function renderOne(job: PrerenderJob, out: BatchResult) {
  const r = await server.render(job.path, input.base);
  const wanted = job.notFound ? 404 : 200;
  const source = r.page?.source ?? job.path;
  if (r.redirect || r.status !== wanted) throw new Error(`${source}: route ${job.path} rendered with status ${r.status}`);
  const route = job.notFound ? '__not-found__' : input.base.replace(/\/$/, '') + job.path;
  const html = pageHtml(shell, r, job.notFound ? '/404.html' : job.path, route);
  if (job.notFound) return writeFile(path.join(input.outDir, '404.html'), html);
  const dir = path.join(input.outDir, job.path);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'index.html'), html);
  // Parsed once for both the link check and the search records.
  const dom = parseDocument(r.html);
  out.facts.push(collectPageFacts(job.path, r.page?.source ?? job.path, dom));
  if (!r.page) return;
  await writeFile(path.join(input.outDir, pageDataPath(job.path)), JSON.stringify(r.page));
  if (r.versionTag) out.records.push(...extractSearchRecords({ html: dom, path: job.path, lvl0: 'Documentation', description: r.page.description, language, tag: r.versionTag }));
  if (r.page.doc) {
    const text = await readFile(path.join(input.projectRoot, r.page.source), 'utf8');
    await writeFile(path.join(dir, 'index.md'), markdownCopy(r.page.title, r.page.description, text));
  }
}

parentPort!.on('message', async (jobs: PrerenderJob[]) => {
  const out: BatchResult = { facts: [], records: [] };
  try {
    for (const job of jobs) await renderOne(job, out);
    parentPort!.postMessage(out);
  } catch (e) {
    parentPort!.postMessage({ ...out, error: e instanceof Error ? e.message : String(e) } satisfies BatchResult);
  }
});
parentPort!.postMessage('ready');

/**
 * The writer's loop: `npm run dev` on a copy of the real content, a browser on a page, a sentence of the page's MDX
 * changed, and the time until the browser shows the new sentence. Five edits per page, for a short page, the pages
 * writers edit most, and the longest page of each version; prints the median and range of each.
 *
 * `--engine <dir>` runs another checkout's engine (its src/, vite.config.ts, …) on the same content, so two versions
 * of the dev server can be compared in one sitting; `--pages a,b` names the pages (doc ids of the current version, or
 * `<version>@<id>`); `--edits N`; `--content <dir>` edits another content folder (a synthetic site's); `--cpu-prof <dir>` writes the dev server's CPU profile there when it stops; `--phases` prints, for each
 * edit, when the browser got the server's event, the page data and the body module. Each page's line also gives the
 * medians of what an edit costs as work (the dev server's CPU, the tab's main-thread busy time), which a busy machine
 * skews less than the time.
 * Usage: npx tsx bench/dev-edit.ts [--engine <dir>] [--pages concepts/http,getting-started] [--edits 5]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cp, readFile, readdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { createWorkspace } from '../test/e2e/workspace.ts';
import { launchBrowser, waitHydrated } from '../test/e2e/support.ts';
import { freePort, timeEdit, waitFor } from './dev-server.ts';
import siteConfig from '../site.config.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const ENGINE = path.resolve(arg('--engine') ?? process.cwd());
const EDITS = Number(arg('--edits') ?? 5);
/** The content to copy into the workspace (its docs/ folder): the project's own by default. */
const CONTENT = path.resolve(arg('--content') ?? 'content');
const CPU_PROF = arg('--cpu-prof');
const NAMED = ['concepts/http', 'getting-started', 'guides/self-hosting/linux'];

interface Target {
  /** Path from the project root. */
  source: string;
  route: string;
  lines: number;
  why: string;
}

const current = siteConfig.versions.find((v) => v.current)!;
const routeOf = (version: (typeof siteConfig.versions)[number], relPath: string) => {
  const id = relPath.replace(/\.mdx?$/, '').replace(/\/index$/, '');
  return `/docs/${version.pathPrefix}${id}/`;
};

/** The pages to edit: the named ones in the current version, and the longest page of each version. */
async function targets(): Promise<Target[]> {
  const out: Target[] = [];
  const pageFiles = async (name: string) =>
    (await readdir(path.join(CONTENT, 'docs', name), { recursive: true })).filter((f) => /\.mdx?$/.test(f)).sort();
  const wanted = arg('--pages')?.split(',');
  for (const version of siteConfig.versions) {
    const files = await pageFiles(version.name);
    const lines = new Map(await Promise.all(files.map(async (f) => [f, (await readFile(path.join(CONTENT, 'docs', version.name, f), 'utf8')).split('\n').length] as const)));
    const add = (f: string, why: string) => {
      const source = `content/docs/${version.name}/${f}`;
      if (!out.some((t) => t.source === source)) out.push({ source, route: routeOf(version, f), lines: lines.get(f)!, why });
    };
    const byId = (id: string) => files.find((f) => f.replace(/\.mdx?$/, '').replace(/\/index$/, '') === id);
    if (wanted) {
      for (const w of wanted) {
        const [v, id] = w.includes('@') ? w.split('@') : [current.name, w];
        if (v === version.name && byId(id)) add(byId(id)!, 'named');
      }
      continue;
    }
    if (version === current) for (const id of NAMED) if (byId(id)) add(byId(id)!, 'named');
    const longest = [...lines].sort((a, b) => b[1] - a[1])[0][0];
    add(longest, `longest of ${version.name}`);
  }
  return out;
}

/**
 * The text with one sentence changed: a prose line outside front matter, code fences, tables and JSX gets `marker`
 * in its last sentence. The first such line past the page's middle, so the edit is not at the top of a long page.
 */
export function editSentence(text: string, marker: string): string {
  const lines = text.split('\n');
  let fence = '';
  let frontMatter = lines[0] === '---';
  const prose: number[] = [];
  for (const [i, line] of lines.entries()) {
    if (frontMatter) {
      if (i > 0 && line === '---') frontMatter = false;
      continue;
    }
    const f = /^\s*(`{3,}|~{3,})/.exec(line);
    if (f) {
      if (!fence) fence = f[1];
      else if (line.trim().startsWith(fence)) fence = '';
      continue;
    }
    // A sentence's end at the line's end, with no code span, link or JSX left open across the line break.
    const balanced = (open: string, close: string) => line.split(open).length === line.split(close).length;
    if (!fence && /^[A-Z][^<>{}|]*[a-z`)]\.$/.test(line) && line.split('`').length % 2 === 1 && balanced('[', ']') && balanced('(', ')')) prose.push(i);
  }
  if (!prose.length) throw new Error('no prose line to edit');
  const at = prose.find((i) => i >= lines.length / 2) ?? prose.at(-1)!;
  lines[at] = lines[at].replace(/\.$/, ` ${marker}.`);
  return lines.join('\n');
}

function startDev(cwd: string): Promise<{ url: string; child: ChildProcess }> {
  return (async () => {
    const port = await freePort();
    const node = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF)}`] : [];
    const child = spawn(process.execPath, [...node, path.join(cwd, 'node_modules/vite/bin/vite.js'), '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
      cwd,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const url = `http://127.0.0.1:${port}`;
    await waitFor(async () => ((await fetch(`${url}/`)).ok ? true : undefined), 120_000);
    return { url, child };
  })();
}

/** CPU milliseconds the process has used so far (Linux), or NaN elsewhere: what an edit costs the server, however busy the machine. */
function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in USER_HZ (100 on Linux)
  } catch {
    return NaN;
  }
}

const stop = (c: ChildProcess) => new Promise<void>((r) => (c.exitCode !== null ? r() : (c.once('exit', () => r()), c.kill('SIGTERM'))));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const ws = await createWorkspace('zrok-docs-dev-edit-', siteConfig.redirects, ENGINE);
await cp(CONTENT, path.join(ws.dir, 'content'), { recursive: true });
const pages = await targets();
const load = loadavg().map((l) => l.toFixed(1)).join(' ');
console.log(`engine ${ENGINE}; ${cpus().length} cores, load average ${load}`);
const dev = await startDev(ws.dir);
const browser = await launchBrowser();
const results: { target: Target; ms: number[]; serverCpu: number[]; browserBusy: number[] }[] = [];
try {
  for (const target of pages) {
    const tab = await browser.newPage();
    // Where an edit's time goes, as the browser sees it: the server's event, the page data, the body module.
    let marks: Record<string, number> = {};
    tab.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => String(payload).includes('zrok:content-changed') && (marks.event ??= Date.now())));
    tab.on('requestfinished', (req) => {
      if (req.url().includes('page-data.json')) marks.data ??= Date.now();
      else if (/\.mdx\?(.*&)?edit=/.test(req.url())) marks.body ??= Date.now();
    });
    await tab.goto(dev.url + target.route);
    // Shown and hydrated: the body is the compiled module's, not a first render still under way.
    await tab.locator('main h1').first().waitFor({ timeout: 120_000 });
    await waitHydrated(tab);
    const file = path.join(ws.dir, target.source);
    const original = await readFile(file, 'utf8');
    const ms: number[] = [];
    const phases: string[] = [];
    // What each edit costs, measured as work rather than time, so that a busy machine skews it less: the dev
    // server's CPU, and the tab's main-thread busy time (Chromium's TaskDuration), up to the next edit.
    const cdp = await tab.context().newCDPSession(tab);
    await cdp.send('Performance.enable');
    const busyMs = async () => 1000 * ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN);
    const serverCpu: number[] = [];
    const browserBusy: number[] = [];
    try {
      for (let n = 0; n < EDITS; n++) {
        const marker = `(edit ${n} of ${Date.now().toString(36)})`;
        const edited = editSentence(original, marker);
        marks = {};
        const [cpuBefore, busyBefore] = [cpuMsOf(dev.child.pid), await busyMs()];
        const { ms: took, saved } = await timeEdit(tab, marker, () => writeFile(file, edited));
        ms.push(took);
        const at = (t?: number) => (t === undefined ? '?' : String(t - saved));
        phases.push(`event ${at(marks.event)}, data ${at(marks.data)}, body ${at(marks.body)}, shown ${took.toFixed(0)}`);
        // A writer reads before the next save; the dev server settles too.
        await tab.waitForTimeout(400);
        serverCpu.push(cpuMsOf(dev.child.pid) - cpuBefore);
        browserBusy.push((await busyMs()) - busyBefore);
      }
    } finally {
      await writeFile(file, original);
      await tab.close();
    }
    results.push({ target, ms, serverCpu, browserBusy });
    if (process.argv.includes('--phases')) for (const p of phases) console.log(`  ms after the save: ${p}`);
    console.log(`${target.route} (${target.lines} lines, ${target.why}): median ${median(ms).toFixed(0)} ms (${Math.min(...ms).toFixed(0)}–${Math.max(...ms).toFixed(0)}) [${ms.map((m) => m.toFixed(0)).join(', ')}]; server CPU ${median(serverCpu).toFixed(0)} ms, browser busy ${median(browserBusy).toFixed(0)} ms`);
  }
} finally {
  await browser.close();
  await stop(dev.child);
  await ws.remove();
}

console.log(`\n| page | lines | edit to browser, median of ${EDITS} (range) | server CPU per edit | browser busy per edit |\n|---|---|---|---|---|`);
for (const { target, ms, serverCpu, browserBusy } of results) {
  console.log(`| \`${target.route}\` (${target.why}) | ${target.lines} | ${median(ms).toFixed(0)} ms (${Math.min(...ms).toFixed(0)}–${Math.max(...ms).toFixed(0)}) | ${median(serverCpu).toFixed(0)} ms | ${median(browserBusy).toFixed(0)} ms |`);
}
console.log(`load average after: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);

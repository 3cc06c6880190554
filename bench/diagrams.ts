/**
 * Build-time diagram renderers, measured on every mermaid block of the content (all versions):
 *  - beautiful-mermaid (what the build uses, src/builder/diagrams/diagram-svg.ts): pure TypeScript, no DOM;
 *  - mermaid itself (the version the site ships) in headless Chromium (chromium-headless-shell or
 *    CHROMIUM_PATH), the only way to run its renderer: it measures text in a real layout engine.
 * For each: render time per diagram (warm), bytes per diagram (raw and gzip, as embedded), what
 * its output is made of. Plus mermaid's parser in Node, which the build runs on every diagram to
 * catch syntax errors, and the build's check that the drawing shows what mermaid reads.
 * Usage: npx tsx bench/diagrams.ts [--no-browser]
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { drawDiagram, BUILD_TIME_TYPES, DIAGRAM_RENDERER } from '../src/builder/diagrams/diagram-svg.ts';
import { parseMermaid } from '../src/builder/diagrams/mermaid-parse.ts';
import { CHROMIUM, launchBrowser } from '../test/e2e/support.ts';

interface Block {
  where: string;
  source: string;
}

async function blocks(dir: string): Promise<Block[]> {
  const out: Block[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile() || !/\.mdx?$/.test(e.name)) continue;
    const file = path.join(e.parentPath, e.name);
    const lines = (await readFile(file, 'utf8')).split('\n');
    for (let i = 0; i < lines.length; i++) {
      const open = /^(\s*)```mermaid\b/.exec(lines[i]);
      if (!open) continue;
      const body: string[] = [];
      let j = i + 1;
      for (; j < lines.length && !/^\s*```\s*$/.test(lines[j]); j++) body.push(lines[j].slice(open[1].length));
      out.push({ where: `${file}:${i + 1}`, source: body.join('\n') });
      i = j;
    }
  }
  return out.sort((a, b) => a.where.localeCompare(b.where, 'en', { numeric: true }));
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { median: q(0.5), p95: q(0.95), max: s[s.length - 1], total: s.reduce((a, b) => a + b, 0) };
};
const ms = (n: number) => `${n.toFixed(1)} ms`;
const kb = (n: number) => `${(n / 1024).toFixed(2)} KB`;
const row = (cells: string[]) => console.log(`| ${cells.join(' | ')} |`);

const all = await blocks('content/docs');
console.log(`${all.length} mermaid blocks in content/docs (${new Set(all.map((b) => b.source)).size} distinct)\n`);

// mermaid's parser in Node (syntax errors, diagram type, what the drawing must show).
let t = performance.now();
await parseMermaid('flowchart LR\n  A --> B');
const parserLoad = performance.now() - t;
const parseTimes: number[] = [];
const parsed = [];
for (const b of all) {
  t = performance.now();
  parsed.push(await parseMermaid(b.source));
  parseTimes.push(performance.now() - t);
}

// beautiful-mermaid, as the build embeds it (markup inside <svg>, plus the <svg> element's own ~150 bytes).
t = performance.now();
await drawDiagram('flowchart LR\n  A --> B');
const bmFirst = performance.now() - t;
const bm = { times: [] as number[], raw: [] as number[], gz: [] as number[], unfaithful: [] as string[], unsupported: [] as string[], texts: 0, foreign: 0 };
for (const [i, b] of all.entries()) {
  const p = parsed[i];
  if (!BUILD_TIME_TYPES.has(p.type)) {
    bm.unsupported.push(`${b.where} (${p.type})`);
    continue;
  }
  t = performance.now();
  const d = await drawDiagram(b.source, 'd0');
  bm.times.push(performance.now() - t);
  const svg = `<svg class="diagram__svg" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="…" viewBox="0 0 ${d.width} ${d.height}" width="${d.width}" height="${d.height}">${d.inner}</svg>`;
  bm.raw.push(svg.length);
  bm.gz.push(gzipSync(svg).length);
  bm.texts += (svg.match(/<text\b/g) ?? []).length;
  bm.foreign += (svg.match(/<foreignObject\b/g) ?? []).length;
  const off = Object.entries(p.counts ?? {}).filter(([k, n]) => d.counts[k] !== undefined && d.counts[k] !== n);
  if (off.length) bm.unfaithful.push(`${b.where}: ${off.map(([k, n]) => `${k} ${d.counts[k]}/${n}`).join(', ')}`);
}

// mermaid in Chromium.
const withBrowser = !process.argv.includes('--no-browser') && existsSync(CHROMIUM);
const mm = { times: [] as number[], raw: [] as number[], gz: [] as number[], failed: [] as string[], texts: 0, foreign: 0, styles: 0, launch: 0, load: 0, first: 0 };
if (withBrowser) {
  t = performance.now();
  const browser = await launchBrowser();
  mm.launch = performance.now() - t;
  const page = await browser.newPage();
  await page.setContent('<!doctype html><html><body></body></html>');
  t = performance.now();
  await page.addScriptTag({ path: 'node_modules/mermaid/dist/mermaid.min.js' });
  await page.evaluate(() => (window as unknown as { mermaid: { initialize(c: object): void } }).mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'dark' }));
  mm.load = performance.now() - t;
  const render = (id: string, source: string) =>
    page.evaluate(
      async ([id, source]) => {
        const m = (window as unknown as { mermaid: { render(id: string, s: string): Promise<{ svg: string }> } }).mermaid;
        const t0 = performance.now();
        try {
          const { svg } = await m.render(id, source);
          return { svg, ms: performance.now() - t0 };
        } catch (e) {
          return { error: (e as Error).message, ms: performance.now() - t0 };
        }
      },
      [id, source],
    );
  mm.first = (await render('warm', 'flowchart LR\n  A --> B')).ms;
  for (const [i, b] of all.entries()) {
    const r = await render(`d${i}`, b.source);
    if (!r.svg) {
      mm.failed.push(`${b.where}: ${r.error}`);
      continue;
    }
    mm.times.push(r.ms);
    mm.raw.push(r.svg.length);
    mm.gz.push(gzipSync(r.svg).length);
    mm.texts += (r.svg.match(/<text\b/g) ?? []).length;
    mm.foreign += (r.svg.match(/<foreignObject\b/g) ?? []).length;
    mm.styles += (r.svg.match(/<style\b/g) ?? []).length;
  }
  await browser.close();
}

console.log('## Render time per diagram (warm) and bytes per diagram (as embedded)\n');
row(['renderer', 'diagrams drawn', 'median', 'p95', 'max', 'all diagrams', 'one-time start', 'bytes median (raw)', 'bytes median (gzip)', 'all diagrams (gzip)']);
row(['---', '---', '---', '---', '---', '---', '---', '---', '---', '---']);
const line = (name: string, r: { times: number[]; raw: number[]; gz: number[] }, start: string) => {
  const ts = stats(r.times);
  row([name, `${r.times.length} of ${all.length}`, ms(ts.median), ms(ts.p95), ms(ts.max), ms(ts.total), start, kb(stats(r.raw).median), kb(stats(r.gz).median), kb(stats(r.gz).total)]);
};
line(DIAGRAM_RENDERER, bm, `${ms(bmFirst)} (first diagram: ELK layout warm-up)`);
if (withBrowser) line('mermaid 11 in Chromium', mm, `${ms(mm.launch)} browser + ${ms(mm.load)} mermaid load + ${ms(mm.first)} first`);
else console.log(`| mermaid 11 in Chromium | not measured: ${existsSync(CHROMIUM) ? '--no-browser' : `no browser at ${CHROMIUM}`} |`);
const ps = stats(parseTimes);
console.log(`\nmermaid's parser in Node (the build's syntax check): ${ms(parserLoad)} to load once per thread (jsdom + mermaid), then median ${ms(ps.median)}, max ${ms(ps.max)} per diagram, ${ms(ps.total)} for all.`);

console.log('\n## What differs\n');
console.log(`- ${DIAGRAM_RENDERER}: ${bm.texts} <text> elements, ${bm.foreign} <foreignObject>; no <style> (stripped; colours are --diagram-* custom properties, one SVG for both modes).`);
console.log(`  Drawings that would leave out what mermaid reads (the build sends these to the browser): ${bm.unfaithful.length ? bm.unfaithful.join('; ') : 'none'} (with two workarounds in diagram-svg.ts: notes before the first message, arrows without blanks).`);
console.log(`  Types it cannot draw: ${bm.unsupported.length ? bm.unsupported.join(', ') : 'none in the content'} (it draws flowchart, sequence, state, class, ER).`);
if (withBrowser) {
  console.log(`- mermaid in Chromium: ${mm.texts} <text>, ${mm.foreign} <foreignObject> (flowchart labels are HTML inside the SVG unless htmlLabels is off), ${mm.styles} <style> elements (one per diagram, colours fixed per theme: a second drawing, or colour rewriting, for the other mode). Failed: ${mm.failed.length ? mm.failed.join('; ') : 'none'}.`);
}

const bmMed = stats(bm.times).median;
console.log('\n## Verdict\n');
console.log(
  `${DIAGRAM_RENDERER}: it runs wherever the build runs (npm ci && npm start, no browser), draws all ${bm.times.length - bm.unfaithful.length} of ${all.length} blocks faithfully at a median ${ms(bmMed)} each` +
    (withBrowser ? ` (mermaid in Chromium: ${ms(stats(mm.times).median)} each plus ${((mm.launch + mm.load) / 1000).toFixed(1)} s to start)` : '') +
    `, in ${kb(stats(bm.gz).median)} gzip per diagram` +
    (withBrowser ? ` (mermaid: ${kb(stats(mm.gz).median)})` : '') +
    ', with SVG text and theme variables. Mermaid in Chromium stays the reference look, and the browser fallback for types the library cannot draw.',
);

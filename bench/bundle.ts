/**
 * What the JS of a first visit is made of: builds the site with source maps into .bench-bundle/,
 * then, for the scripts a page's HTML loads before it is interactive, attributes every byte of
 * the minified code to the package (or our folder) it came from, through the source maps.
 * Prints raw bytes and, per group, the gzip size of that group's code on its own (groups compress
 * a little worse apart than together, so the column adds up to slightly more than the whole).
 * Usage: npx tsx bench/bundle.ts [route]   (default /docs/getting-started/)
 */
import { spawnSync } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';

const OUT = '.bench-bundle';
const route = process.argv[2] ?? '/docs/getting-started/';
const r = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit', env: { ...process.env, SOURCEMAP: '1', OUT_DIR: OUT, FORCE_BUILD: '1' } });
if (r.status !== 0) process.exit(r.status ?? 1);

/** node_modules/<pkg> (scoped too), or our top folder under src/. */
function groupOf(source: string): string {
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = source.slice(nm + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const src = source.indexOf('src/');
  if (src >= 0) return source.slice(src).split('/').slice(0, 2).join('/');
  return source.replace(/^(\.\.\/)+/, '');
}

const html = await readFile(path.join(OUT, route, 'index.html'), 'utf8');
const scripts = [...new Set([...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]))];
const code = new Map<string, string[]>();
let total = 0;
let totalGz = 0;
for (const file of scripts) {
  const js = await readFile(path.join(OUT, file), 'utf8');
  total += js.length;
  totalGz += gzipSync(js, { level: 9 }).length;
  const mapText = await readFile(path.join(OUT, `${file}.map`), 'utf8').catch(() => null);
  if (!mapText) {
    // The page bodies are compiled in the pages phase, without source maps: one group each.
    code.set(`page body ${file}`, [js]);
    continue;
  }
  const map = new SourceMapConsumer(JSON.parse(mapText));
  const lines = js.split('\n');
  const segments: { line: number; column: number; group: string }[] = [];
  map.eachMapping((m) => segments.push({ line: m.generatedLine, column: m.generatedColumn, group: m.source ? groupOf(m.source) : '(unmapped)' }));
  segments.sort((a, b) => a.line - b.line || a.column - b.column);
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    const next = segments[i + 1];
    const end = next && next.line === s.line ? next.column : lines[s.line - 1].length;
    const piece = lines[s.line - 1].slice(s.column, end);
    if (!code.has(s.group)) code.set(s.group, []);
    code.get(s.group)!.push(piece);
  }
}
const rows = [...code].map(([group, pieces]) => {
  const text = pieces.join('');
  return { group, raw: text.length, gz: gzipSync(text, { level: 9 }).length };
});
rows.sort((a, b) => b.raw - a.raw);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(`\n${route}: ${scripts.length} scripts before interactive, ${kb(total)} raw, ${kb(totalGz)} gzip\n`);
console.log('| from | raw | gzip alone | share of raw |');
console.log('|---|---|---|---|');
for (const row of rows.filter((x) => x.raw >= 512)) console.log(`| ${row.group} | ${kb(row.raw)} | ${kb(row.gz)} | ${((row.raw / total) * 100).toFixed(1)} % |`);
const small = rows.filter((x) => x.raw < 512);
if (small.length) console.log(`| ${small.length} smaller groups | ${kb(small.reduce((a, x) => a + x.raw, 0))} | | |`);
await rm(OUT, { recursive: true, force: true });

/**
 * The command guard's shell reader (src/builder/commands/shell-commands.ts) at another git revision against the
 * one in the working tree, over every code block of every docs version and every compose `command:` string: how
 * many blocks give other invocations or words, each difference, and the CPU each reader took on its first pass.
 * Usage: npx tsx bench/shell-readers.ts <git revision> [--out differences.md]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isMap, isScalar, parseDocument } from 'yaml';
import { codeFences, type CodeFence } from '../src/builder/commands/code-fences.ts';
import type { Invocation } from '../src/builder/commands/shell-commands.ts';

type Reader = typeof import('../src/builder/commands/shell-commands.ts');

const root = path.join(import.meta.dirname, '..');
const [rev] = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && all[i - 1] !== '--out');
const out = process.argv.includes('--out') ? process.argv[process.argv.indexOf('--out') + 1] : undefined;
if (!rev) {
  console.error('usage: npx tsx bench/shell-readers.ts <git revision> [--out differences.md]');
  process.exit(2);
}

/** The reader of `rev`: its src/ unpacked beside this checkout's node_modules. */
async function readerAt(revision: string): Promise<{ reader: Reader; cleanup: () => void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shell-reader-'));
  execFileSync('sh', ['-c', `git -C "${root}" archive "${revision}" src package.json | tar -x -C "${dir}"`]);
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  const reader = (await import(path.join(dir, 'src/builder/commands/shell-commands.ts'))) as Reader;
  return { reader, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

const pages = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => (e.isDirectory() ? pages(path.join(dir, e.name)) : /\.mdx?$/.test(e.name) ? [path.join(dir, e.name)] : []));

/** One line an invocation: line, program, words (a word on another line says which), DYNAMIC shown as $. */
const lines = (invocations: Invocation[]) =>
  invocations.map((i) => [`${i.line}`, i.program, ...i.args.map((a) => (a.line === i.line ? '' : `@${a.line}:`) + a.value)].join(' ').replaceAll('\u0001', '$')).sort();

/** The block's language, and the shell a text block's title names. */
const kind = (f: CodeFence) => `${f.lang || 'none'}${f.title && /powershell|command prompt/i.test(f.title) ? ` (${/powershell|command prompt/i.exec(f.title)![0]})` : ''}`;

const { reader: before, cleanup } = await readerAt(rev);
const after = await import('../src/builder/commands/shell-commands.ts');
const rows = new Map<string, { blocks: number; differ: number; before: number; after: number }>();
const differences: string[] = [];
const cpu = { before: 0, after: 0 };
const timed = <T>(side: 'before' | 'after', run: () => T): T => {
  const start = process.cpuUsage();
  const result = run();
  const used = process.cpuUsage(start);
  cpu[side] += (used.user + used.system) / 1000;
  return result;
};

for (const file of pages(path.join(root, 'content/docs'))) {
  const where = path.relative(root, file);
  for (const fence of codeFences(readFileSync(file, 'utf8'))) {
    const a = lines(timed('before', () => before.zrokInvocations(fence)));
    const b = lines(timed('after', () => after.zrokInvocations(fence)));
    const row = rows.get(kind(fence)) ?? { blocks: 0, differ: 0, before: 0, after: 0 };
    rows.set(kind(fence), row);
    row.blocks++;
    row.before += a.length;
    row.after += b.length;
    if (a.join('\n') === b.join('\n')) continue;
    row.differ++;
    differences.push(`${where}:${fence.fenceLine} (${kind(fence)})\n${a.filter((x) => !b.includes(x)).map((x) => `- ${x}\n`).join('')}${b.filter((x) => !a.includes(x)).map((x) => `+ ${x}\n`).join('')}`);
  }
  for (const fence of codeFences(readFileSync(file, 'utf8')).filter((f) => f.lang === 'yaml' || f.lang === 'yml')) {
    const services = parseDocument(fence.content.join('\n')).get('services');
    if (!isMap(services)) continue;
    for (const { value } of services.items) {
      const command = isMap(value) ? value.get('command', true) : undefined;
      if (!isScalar(command) || typeof command.value !== 'string') continue;
      const text = command.value;
      const row = rows.get('compose command:') ?? { blocks: 0, differ: 0, before: 0, after: 0 };
      rows.set('compose command:', row);
      row.blocks++;
      const a = JSON.stringify(timed('before', () => before.shellWords(text)));
      const b = JSON.stringify(timed('after', () => after.shellWords(text)));
      if (a !== b) {
        row.differ++;
        differences.push(`${where}:${fence.fenceLine} (compose command:)\n- ${a}\n+ ${b}\n`);
      }
    }
  }
}
cleanup();

console.log(`${rev} → working tree, every code block of content/docs/`);
console.table(Object.fromEntries([...rows].sort((x, y) => y[1].blocks - x[1].blocks).map(([k, r]) => [k, { blocks: r.blocks, 'blocks that differ': r.differ, [`invocations at ${rev}`]: r.before, 'invocations now': r.after }])));
console.log(`CPU of one pass: ${cpu.before.toFixed(0)} ms at ${rev}, ${cpu.after.toFixed(0)} ms now (the first pass: it includes compiling each reader)`);
if (out) writeFileSync(out, differences.join('\n'));
else console.log(differences.join('\n'));
console.log(`${differences.length} block(s) differ`);

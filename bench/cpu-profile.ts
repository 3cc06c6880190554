/**
 * Where a build's CPU goes: reads the profiles of `BUILD_CPU_PROF=<dir> npm run build` (one per process and
 * thread) and prints, for each, its busy time and its top packages and functions by self time.
 *
 *   BUILD_CPU_PROF=/tmp/prof npm run build && npx tsx bench/cpu-profile.ts /tmp/prof [--top 12]
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A script's package (or our own file), so that a profile reads as "shiki 1.0 s", not as 300 functions. */
function owner(url: string): string {
  if (!url) return '(native, GC, idle)';
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + '/node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return 'node';
  return path.basename(url.replace(/^file:\/\//, ''));
}

function addTo(totals: Map<string, number>, key: string, ms: number) {
  totals.set(key, (totals.get(key) ?? 0) + ms);
}

function top(totals: Map<string, number>, n: number): string {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, ms]) => `    ${(ms / 1000).toFixed(2).padStart(6)} s  ${k}`)
    .join('\n');
}

function summarise(file: string, n: number): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    if (frame.functionName === '(idle)') return;
    busy += ms;
    const who = frame.functionName === '(garbage collector)' ? '(garbage collector)' : owner(frame.url);
    addTo(byOwner, who, ms);
    addTo(byFunction, `${frame.functionName || '(anonymous)'} ${owner(frame.url)}:${frame.lineNumber + 1}`, ms);
  });
  return `${path.basename(file)}: busy ${(busy / 1000).toFixed(2)} s\n  by package:\n${top(byOwner, n)}\n  by function:\n${top(byFunction, n)}`;
}

const args = process.argv.slice(2);
const dir = args.find((a) => !a.startsWith('--'));
const topIndex = args.indexOf('--top');
const n = topIndex >= 0 ? Number(args[topIndex + 1]) : 12;
if (!dir) {
  console.error('usage: npx tsx bench/cpu-profile.ts <dir of .cpuprofile files> [--top N]');
  process.exit(2);
}
const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).sort();
for (const f of files) console.log(summarise(path.join(dir, f), n) + '\n');

/** Peak resident memory of a process and all its descendants, sampled from /proc (Linux). */
import { readdirSync, readFileSync } from 'node:fs';

function children(): Map<number, number[]> {
  const byParent = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      byParent.set(ppid, [...(byParent.get(ppid) ?? []), Number(name)]);
    } catch {
      // the process ended while we looked
    }
  }
  return byParent;
}

function rssBytes(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Sum of RSS over `pid` and its descendants right now. */
export function treeRss(pid: number): number {
  const byParent = children();
  let total = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    total += rssBytes(p);
    stack.push(...(byParent.get(p) ?? []));
  }
  return total;
}

/** Samples the tree every `everyMs`; stop() returns the peak seen. */
export function watchPeakRss(pid: number, everyMs = 250) {
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRss(pid));
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}

import { spawn } from 'node:child_process';
import { treeRss } from './process-tree.ts';
const cwd = process.argv[2];
const t0 = performance.now();
const child = spawn(`${cwd}/node_modules/.bin/tsx`, ['scripts/build.ts'], { cwd, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...(process.argv[3] ? { PRERENDER_WORKERS: process.argv[3] } : {}) } });
const samples: string[] = [];
const timer = setInterval(() => samples.push(`${((performance.now() - t0) / 1000).toFixed(0)}s:${(treeRss(child.pid!) / 2 ** 20).toFixed(0)}`), 1000);
child.on('close', () => { clearInterval(timer); console.log(samples.join(' ')); });

/**
 * `npm run build`: runs scripts/build.ts as plain JavaScript bundled by esbuild (see thread-bundle.mjs),
 * not under tsx, whose start alone cost 0.8 CPU-seconds of a build.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { threadBundle } from '../src/builder/threads/thread-bundle.mjs';

// Rolldown's allocator (mimalloc) asks the kernel for transparent huge pages by default, and each 2 MB page it
// touches is zeroed whole: on the real site that was about 0.5 CPU-s of the kernel's time and 150 MB more peak
// memory (6 alternating cold builds). It reads the setting when Vite first loads rolldown, in this process or a
// phase's own, which inherits it.
process.env.MIMALLOC_ALLOW_THP ??= '0';

// BUILD_CPU_PROF=<dir>: a CPU profile of every thread, this process's too, where a small site's phases run.
const profileDir = process.env.BUILD_CPU_PROF && path.resolve(process.env.BUILD_CPU_PROF);
if (profileDir && !process.execArgv.includes('--cpu-prof')) {
  const run = spawnSync(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}
const root = process.cwd();
// With the worker threads every build starts, which share much of the build's own code.
const workers = ['src/builder/pages/mdx-compile-worker.ts', 'src/builder/prerender/prerender-worker.ts'].map((f) => path.join(root, f));
const entry = await threadBundle(path.join(root, 'scripts/build.ts'), root, workers);
await import(pathToFileURL(entry).href);

/**
 * The build's stamp: a fingerprint of everything a build reads (the project's files, the locked
 * dependencies, the build's environment variables, Node's version) and of the dist/ it wrote. When
 * both match the stamp of the last successful build, the build has nothing to do and stops at once.
 * Any edit (a page, a style, a lockfile), any change to dist/ (a file added, removed or touched),
 * or FORCE_BUILD=1 makes it build as usual.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { statSnapshot, unchangedSince, type Snapshotted } from '../common/stat-snapshot.ts';

/** Folders under the root that a build never reads: tools, tests, outputs and caches. */
const NOT_INPUTS = new Set(['node_modules', '.git', '.build', '.cache', '.ci', 'bench', 'test', 'test-results', 'dist', 'dist.old']);

/** The environment a build reads (scripts, vite.config.ts, prerender.ts and Vite's VITE_ variables). */
const buildEnv = (env: NodeJS.ProcessEnv) =>
  Object.keys(env)
    .filter((k) => k.startsWith('VITE_') || ['BASE_URL', 'OUT_DIR', 'BROKEN_LINKS', 'PRERENDER_WORKERS', 'NODE_ENV', 'SOURCEMAP', 'NETLIFY'].includes(k))
    .sort()
    .map((k) => `${k}=${env[k]}`);

/**
 * Every file under dir, relative to it, sorted; skips the named top-level folders. Synchronous: a
 * site of ten thousand pages has tens of thousands of files, and the thread pool's round trips
 * would cost more than the calls.
 */
export function filesUnder(dir: string, skipTop: Set<string> = new Set()): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (!rel && skipTop.has(e.name)) continue;
      const isDir = e.isDirectory() || (e.isSymbolicLink() && statSync(path.join(dir, child)).isDirectory());
      if (isDir) walk(child);
      else out.push(child);
    }
  };
  walk('');
  return out.sort();
}

/**
 * A fingerprint of the build's inputs: file paths and contents, environment, Node. `alsoSkip`
 * leaves out more top-level folders (the bundles' fingerprint leaves out the content). `changed`
 * receives the files whose content is new since the last fingerprint (all of them the first time).
 */
export async function inputsFingerprint(root: string, outDir: string, env: NodeJS.ProcessEnv = process.env, alsoSkip: string[] = [], changed: string[] = []): Promise<string> {
  const skip = new Set([...NOT_INPUTS, ...alsoSkip, path.relative(root, outDir).split(path.sep)[0], `${path.basename(outDir)}.old`]);
  const h = createHash('sha256');
  h.update(`${process.version}\n${buildEnv(env).join('\n')}\n`);
  // A file with the size and time it had at the last build keeps the hash it had then: ten thousand reads
  // and hashes cost a build at ten thousand pages 0.3 s more than ten thousand stats (page-compiler.ts does the same).
  const snapshot = statSnapshot<HashedFile>(path.join(root, `.cache/inputs${alsoSkip.map((s) => `-${s}`).join('')}.json`), 'sha256');
  const before = snapshot.load();
  const after = new Map<string, HashedFile>();
  // Read synchronously: thousands of small files go several times faster than through the thread pool.
  for (const file of filesUnder(root, skip)) {
    const full = path.join(root, file);
    const stats = statSync(full);
    const known = before.get(file);
    const entry = unchangedSince(known, stats) ? known : { mtimeMs: stats.mtimeMs, size: stats.size, hash: createHash('sha256').update(readFileSync(full)).digest('hex') };
    if (entry.hash !== known?.hash) changed.push(file);
    after.set(file, entry);
    h.update(`${file}\0${entry.hash}`);
  }
  if (after.size !== before.size || [...after].some(([file, entry]) => before.get(file) !== entry)) await snapshot.save(after);
  return h.digest('hex');
}

interface HashedFile extends Snapshotted {
  hash: string;
}

/** A fingerprint of what dist/ holds: each file's path, size and modification time (reading them all would cost more). */
export async function outputFingerprint(outDir: string): Promise<string | null> {
  let files: string[];
  try {
    files = filesUnder(outDir);
  } catch {
    return null;
  }
  return fingerprintOf(files, (file) => statSync(path.join(outDir, file)));
}

/** outputFingerprint of `files` (sorted, relative to the folder) with their stats as `statOf` gives them. */
export function fingerprintOf(files: string[], statOf: (file: string) => { size: number; mtimeMs: number }): string {
  const h = createHash('sha256');
  for (const file of files) {
    const s = statOf(file);
    h.update(`${file}\0${s.size}\0${s.mtimeMs}\n`);
  }
  return h.digest('hex');
}

export interface BuildStamp {
  inputs: string;
  output: string;
}

const stampFile = (root: string) => path.join(root, '.cache/build-stamp.json');

export async function readStamp(root: string): Promise<BuildStamp | null> {
  try {
    return JSON.parse(await readFile(stampFile(root), 'utf8')) as BuildStamp;
  } catch {
    return null;
  }
}

export async function writeStamp(root: string, stamp: BuildStamp): Promise<void> {
  await mkdir(path.dirname(stampFile(root)), { recursive: true });
  await writeFile(stampFile(root), JSON.stringify(stamp));
}

/** Whether dist/ is what the last successful build of these same inputs left. */
export async function isUpToDate(root: string, outDir: string, inputs: string): Promise<boolean> {
  const stamp = await readStamp(root);
  if (!stamp || stamp.inputs !== inputs) return false;
  return stamp.output === (await outputFingerprint(outDir));
}

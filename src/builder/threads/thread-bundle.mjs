/**
 * A TypeScript entry (the build's, a build phase's, a worker thread's) as plain ES modules: our code
 * bundled by esbuild, every package left as an import, dynamic imports split into chunks so that a
 * phase still loads only what it uses. It then runs without tsx, whose loader answered each import
 * through a thread of its own (measured on the real site: about 2.5 s of CPU beside each compile
 * thread, and 0.8 s to start the build itself). Plain JavaScript, typed by thread-bundle.d.mts,
 * because scripts/build.mjs runs it before anything can load TypeScript.
 * Code in a bundle must not locate files by import.meta: the bundle lies in .cache/threads/.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Files that change what esbuild makes of any entry besides the entry's own sources: the compiler
 * options, and the packages (esbuild's version among them).
 */
const ALWAYS_INPUTS = ['tsconfig.json', 'package.json', 'package-lock.json'];

/**
 * Bundles `entry` into .cache/threads/<name>-<hash of the code>/, and gives the path of its entry module.
 * When every file the last bundle of this entry was made from has the size and time it had then, that
 * bundle is given without running esbuild (whose start is 0.1 s or more, in every build process that bundles).
 * `alongside`: entries the same run will ask for later (its worker threads), bundled in the same esbuild run
 * and recorded each, so that they share the work on the modules they have in common (the build's three entries:
 * 0.30 against 0.54 CPU-s, esbuild's own process included).
 */
export async function threadBundle(entry, root, alongside = []) {
  const name = nameOf(entry);
  const dir = path.join(root, '.cache/threads');
  // Paths in the record are relative to the project: a copied project does not take the original's bundle.
  const known = readRecord(recordFile(dir, entry));
  const at = (rel) => path.join(root, rel);
  if (known?.entry === path.relative(root, entry) && existsSync(at(known.module)) && known.inputs.every(([rel, size, mtimeMs]) => sameStats(at(rel), size, mtimeMs))) return at(known.module);
  const entries = [entry, ...alongside.filter((e) => nameOf(e) !== name)];
  const { build } = await import('esbuild');
  const started = Date.now();
  const result = await build({
    entryPoints: Object.fromEntries(entries.map((e) => [nameOf(e), e])),
    bundle: true,
    splitting: true,
    outdir: 'out',
    outExtension: { '.js': '.mjs' },
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
    metafile: true,
  });
  const files = result.outputFiles.map((f) => ({ rel: path.relative(path.resolve('out'), f.path), text: f.text }));
  const hash = createHash('sha256');
  for (const f of files) hash.update(f.rel).update(f.text);
  const folder = path.join(dir, `${name}-${hash.digest('hex').slice(0, 16)}`);
  // A file changed since esbuild started may have been read before the change: recorded as unknown, so the next build bundles again.
  const sources = [...Object.keys(result.metafile.inputs).map((f) => path.relative(root, path.resolve(f))), ...ALWAYS_INPUTS];
  const inputs = sources.map((rel) => {
    const [size, mtimeMs] = statsOf(at(rel));
    return [rel, ...(mtimeMs >= started ? [-1, -1] : [size, mtimeMs])];
  });
  if (!existsSync(folder)) {
    // Made whole aside and renamed: a build stopped half-way leaves no half bundle.
    const tmp = `${folder}.${process.pid}.tmp`;
    await mkdir(tmp, { recursive: true });
    await Promise.all(files.map((f) => writeFile(path.join(tmp, f.rel), f.text)));
    await rename(tmp, folder).catch(() => rm(tmp, { recursive: true, force: true })); // made meanwhile by another build
    // The bundles of older code are not needed again.
    const older = new RegExp(`^${name}-[0-9a-f]{16}$`); // not build-phase-… for build
    for (const old of await readdir(dir)) if (older.test(old) && path.join(dir, old) !== folder) await rm(path.join(dir, old), { recursive: true, force: true });
  }
  // Each entry's record names the same inputs: all of them are made again when any of them changed.
  for (const e of entries) {
    await writeFile(recordFile(dir, e), JSON.stringify({ entry: path.relative(root, e), module: path.relative(root, path.join(folder, `${nameOf(e)}.mjs`)), inputs }));
  }
  return path.join(folder, `${name}.mjs`);
}

const nameOf = (entry) => path.basename(entry, path.extname(entry));
const recordFile = (dir, entry) => path.join(dir, `${nameOf(entry)}.inputs.json`);

/** [size, mtimeMs] of a file, or [-1, -1] when there is none (a file that appears later changes the record too). */
function statsOf(file) {
  const s = statSync(file, { throwIfNoEntry: false });
  return s ? [s.size, s.mtimeMs] : [-1, -1];
}

function sameStats(file, size, mtimeMs) {
  const [s, m] = statsOf(file);
  return s === size && m === mtimeMs;
}

/** The last bundle of an entry and what it was made from; undefined when there is none or it is unreadable. */
function readRecord(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

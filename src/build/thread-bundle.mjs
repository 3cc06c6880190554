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
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

/** Bundles `entry` into .cache/threads/<name>-<hash of the code>/, and gives the path of its entry module. */
export async function threadBundle(entry, root) {
  const name = path.basename(entry, path.extname(entry));
  const result = await build({
    entryPoints: { [name]: entry },
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
  });
  const files = result.outputFiles.map((f) => ({ rel: path.relative(path.resolve('out'), f.path), text: f.text }));
  const hash = createHash('sha256');
  for (const f of files) hash.update(f.rel).update(f.text);
  const dir = path.join(root, '.cache/threads');
  const folder = path.join(dir, `${name}-${hash.digest('hex').slice(0, 16)}`);
  if (!existsSync(folder)) {
    // Made whole aside and renamed: a build stopped half-way leaves no half bundle.
    const tmp = `${folder}.${process.pid}.tmp`;
    await mkdir(tmp, { recursive: true });
    await Promise.all(files.map((f) => writeFile(path.join(tmp, f.rel), f.text)));
    await rename(tmp, folder).catch(() => rm(tmp, { recursive: true, force: true })); // made meanwhile by another build
    // The bundles of older code are not needed again.
    for (const old of await readdir(dir)) if (old.startsWith(`${name}-`) && path.join(dir, old) !== folder) await rm(path.join(dir, old), { recursive: true, force: true });
  }
  return path.join(folder, `${name}.mjs`);
}

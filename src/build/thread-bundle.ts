/**
 * A worker thread's TypeScript entry as one plain ES module: our code bundled by esbuild, every
 * package left as an import. The thread then starts without tsx, whose loader answered each import
 * of each thread through a thread of its own (measured on the real site: about 2.5 s of CPU beside
 * each compile thread, and 0.4 s of round trips in it).
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { sha256 } from './hash.ts';

/** Bundles `entry` into .cache/threads/ under the hash of its code, and gives the bundle's path. */
export async function threadBundle(entry: string, root: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].text;
  // Packages are found from the bundle's folder up: it lies inside the project, beside node_modules.
  const dir = path.join(root, '.cache/threads');
  const name = path.basename(entry, path.extname(entry));
  const file = path.join(dir, `${name}-${sha256(code).slice(0, 16)}.mjs`);
  if (!existsSync(file)) {
    await mkdir(dir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, code);
    await rename(tmp, file);
    // The bundles of older code are not needed again.
    for (const old of await readdir(dir)) if (old.startsWith(`${name}-`) && old.endsWith('.mjs') && old !== path.basename(file)) await rm(path.join(dir, old), { force: true });
  }
  return file;
}

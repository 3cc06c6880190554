/**
 * An installed package's package.json, found along Node's lookup folders (a package's exports need
 * not list it). Not import.meta's resolve(): a file the Vite config imports that names it makes Vite
 * start a module-loader thread on Node 20 (Module.register), which cost the bundles phase about 0.5 CPU-s.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export function packageJsonOf(name: string): string {
  for (const dir of createRequire(import.meta.url).resolve.paths(name) ?? []) {
    const file = path.join(dir, name, 'package.json');
    if (existsSync(file)) return file;
  }
  throw new Error(`${name} is not installed`);
}

/**
 * Which library draws diagrams at build time (diagram-svg.ts), by name and installed version:
 * part of the page cache's compiler fingerprint, so a new version redraws every diagram. Kept
 * apart from the renderer so that reading the cache does not load it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const PACKAGE = 'beautiful-mermaid';

/**
 * The installed package's package.json, found along Node's lookup folders (its exports do not list it). Not
 * import.meta's resolve(): a file the Vite config imports that names it makes Vite start a module-loader thread on Node 20
 * (Module.register), which cost the bundles phase about 0.5 CPU-s.
 */
function packageJsonOf(name: string): string {
  for (const dir of createRequire(import.meta.url).resolve.paths(name) ?? []) {
    const file = path.join(dir, name, 'package.json');
    if (existsSync(file)) return file;
  }
  throw new Error(`${name} is not installed`);
}

const version = (JSON.parse(readFileSync(packageJsonOf(PACKAGE), 'utf8')) as { version: string }).version;

export const DIAGRAM_RENDERER = `${PACKAGE}@${version}`;

/**
 * `npm run build`: runs scripts/build.ts as plain JavaScript bundled by esbuild (see thread-bundle.mjs),
 * not under tsx, whose start alone cost 0.8 CPU-seconds of a build.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { threadBundle } from '../src/build/thread-bundle.mjs';

const root = process.cwd();
const entry = await threadBundle(path.join(root, 'scripts/build.ts'), root);
await import(pathToFileURL(entry).href);

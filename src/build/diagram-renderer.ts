/**
 * Which library draws diagrams at build time (diagram-svg.ts), by name and installed version:
 * part of the page cache's compiler fingerprint, so a new version redraws every diagram. Kept
 * apart from the renderer so that reading the cache does not load it.
 */
import { readFileSync } from 'node:fs';

const version = (JSON.parse(readFileSync(new URL('../package.json', import.meta.resolve('beautiful-mermaid')), 'utf8')) as { version: string }).version;

export const DIAGRAM_RENDERER = `beautiful-mermaid@${version}`;

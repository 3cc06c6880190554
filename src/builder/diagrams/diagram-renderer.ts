/**
 * Which library draws diagrams at build time (diagram-svg.ts), by name, installed version and our
 * patch to it (renderer-patch.ts): part of the page cache's compiler fingerprint, so a new version
 * or patch redraws every diagram. Kept apart from the renderer so that reading the cache does not load it.
 */
import { readFileSync } from 'node:fs';
import { packageJsonOf } from '../common/package-json.ts';
import { RENDERER_PACKAGE, RENDERER_PATCH } from './renderer-patch.ts';

const version = (JSON.parse(readFileSync(packageJsonOf(RENDERER_PACKAGE), 'utf8')) as { version: string }).version;

/** The renderer as messages name it to a writer. */
export const DIAGRAM_RENDERER = `${RENDERER_PACKAGE}@${version}`;
/** The renderer and our patch to it, for the page cache. */
export const DIAGRAM_RENDERER_FINGERPRINT = `${DIAGRAM_RENDERER}+patch.${RENDERER_PATCH}`;

/**
 * Diagram layouts kept between builds, by the code that draws them and what was drawn: a build that compiles a page
 * again (an edit elsewhere than in its diagram) takes its layouts from here, and then never loads the renderer and
 * its layout engine (elkjs), about half a second of a compile thread's start, nor lays the diagram out again.
 * One file, a line per layout (keyed-log.ts), as mermaid-parse.ts keeps parses.
 */
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { sha256 } from '../common/hash.ts';
import { appendKeyedLog, readKeyedLog } from '../common/keyed-log.ts';
import { DIAGRAM_RENDERER_FINGERPRINT } from './diagram-renderer.ts';

const root = process.cwd();
const logFile = path.join(root, '.cache/diagram-layouts.log');
/** Past this, the log is started again: it only grows, by each layout a writer tried. */
const MAX_LOG_BYTES = 64 * 1024 ** 2;

let known: Map<string, string> | undefined;
let fingerprint: string | undefined;

/** The renderer's version and patch, every file of this folder and the packages: the code that makes a layout. */
function codeFingerprint(): string {
  if (fingerprint) return fingerprint;
  const dir = path.join(root, 'src/builder/diagrams');
  const names = readdirSync(dir).filter((n) => n.endsWith('.ts')).sort();
  let lock = '';
  try {
    lock = readFileSync(path.join(root, 'package-lock.json'), 'utf8');
  } catch {
    // a copy of the engine without it (the build tests): the sources still count
  }
  fingerprint = sha256(DIAGRAM_RENDERER_FINGERPRINT, lock, ...names.flatMap((n) => [n, readFileSync(path.join(dir, n))]));
  return fingerprint;
}

function keptLayouts(): Map<string, string> {
  if (known) return known;
  try {
    if (statSync(logFile).size > MAX_LOG_BYTES) rmSync(logFile, { force: true });
  } catch {
    // none yet
  }
  known = readKeyedLog<string>(logFile);
  return known;
}

const keyOf = (what: string) => sha256(codeFingerprint(), '\0', what).slice(0, 32);

/** The layout kept for `what` (its kind and source), if any. */
export function keptLayout(what: string): string | undefined {
  return keptLayouts().get(keyOf(what));
}

/** Keeps the layout `svg` of `what` for later builds. */
export async function keepLayout(what: string, svg: string): Promise<void> {
  const key = keyOf(what);
  keptLayouts().set(key, svg);
  await appendKeyedLog(logFile, key, svg);
}

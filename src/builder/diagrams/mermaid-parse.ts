/**
 * Mermaid's own parser, in Node, for the build: the reference for what is valid mermaid (the
 * drawing library forgives syntax errors) and for what a diagram contains, so the build can tell
 * when the drawing would leave something out. Loaded on the first diagram a process compiles.
 */

import { existsSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sha256 } from '../common/hash.ts';
import { appendKeyedLog, readKeyedLog } from '../common/keyed-log.ts';

type MermaidApi = {
  initialize(config: Record<string, unknown>): void;
  mermaidAPI: { getDiagramFromText(text: string): Promise<{ type: string; db: Record<string, (...a: unknown[]) => unknown> }> };
};

let loading: Promise<MermaidApi> | undefined;

/**
 * mermaid's browser build, the very file the site serves (mermaid-assets-plugin.ts). Its dependencies are bundled in
 * it, where mermaid's package entry imports lodash-es and es-toolkit as some thousand modules of their own: loading
 * and parsing two diagrams took 0.3 CPU-s against 1.2 (and 6.5k page faults against 21k).
 */
const BROWSER_BUILD = 'mermaid.esm.min.mjs';
const distDir = path.dirname(createRequire(import.meta.url).resolve('mermaid'));

type Purify = { isSupported: boolean; removed: unknown[]; version: string; sanitize?: (s: string) => string; addHook?: () => void };
function isPurify(x: unknown): x is Purify {
  const p = x as Partial<Purify>;
  return typeof x === 'function' && typeof p.isSupported === 'boolean' && Array.isArray(p.removed) && typeof p.version === 'string';
}

/**
 * mermaid cleans each label with DOMPurify, which works only with a DOM: in Node it has no sanitizer and no hooks,
 * and parsing a flowchart fails on them. The build reads only what a diagram contains (its type and counts), never a
 * label's text, so without a DOM the browser build's own DOMPurify (found among the exports of the chunks its entry
 * imports) gets a sanitizer that keeps the text and hooks that do nothing. A DOM (jsdom) cost 0.8 CPU-seconds to load
 * in every compile thread. Where there is a DOM (the unit tests), DOMPurify is left as it is.
 */
async function quietSanitizer(entry: string): Promise<void> {
  const chunks = [...(await readFile(entry, 'utf8')).matchAll(/from\s*"(\.\/chunks\/[^"]+\.mjs)"/g)].map((m) => m[1]);
  for (const chunk of chunks) {
    const purify = Object.values(await import(pathToFileURL(path.join(distDir, chunk)).href)).find(isPurify);
    if (!purify) continue;
    if (!purify.isSupported) {
      purify.sanitize ??= (text) => text;
      purify.addHook ??= () => {};
    }
    return;
  }
  throw new Error(`mermaid ${mermaidVersion}: no DOMPurify among the exports of the chunks ${BROWSER_BUILD} imports, so diagrams cannot be parsed without a DOM`);
}

function loadMermaid(): Promise<MermaidApi> {
  loading ??= (async () => {
    const entry = path.join(distDir, BROWSER_BUILD);
    await quietSanitizer(entry);
    const mermaid = ((await import(pathToFileURL(entry).href)) as { default: MermaidApi }).default;
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });
    return mermaid;
  })();
  return loading;
}

export class MermaidSyntaxError extends Error {}

export interface ParsedDiagram {
  /** mermaid's name for the type: 'flowchart-v2', 'sequence', 'gantt', … */
  type: string;
  /** What the drawing must show, counted (flowcharts and sequence diagrams): compared with the drawing library's own reading. */
  counts?: Record<string, number>;
}

/**
 * Valid diagrams already parsed, by mermaid's version and the source: loading mermaid takes a second or more in each
 * thread, so a page edited elsewhere than in its diagram, or a build with most pages cached, does not load it. Errors
 * are not kept: they are reported again. One file, each diagram a line appended to it (keyed-log.ts), not a file per
 * diagram: a cold build made some sixty files here.
 */
const parseCacheFile = path.join(process.cwd(), '.cache/diagram-parse.log');
const mermaidVersion = (createRequire(import.meta.url)('mermaid/package.json') as { version: string }).version;
let known: Map<string, ParsedDiagram> | undefined;

/** The diagrams the log holds, read once per thread. */
function knownDiagrams(): Map<string, ParsedDiagram> {
  if (known) return known;
  if (!existsSync(parseCacheFile)) {
    // None yet; the folder of a file per diagram, as builds before this one kept them, is not read any more.
    rmSync(path.join(path.dirname(parseCacheFile), 'diagram-parse'), { recursive: true, force: true });
  }
  known = readKeyedLog<ParsedDiagram>(parseCacheFile);
  return known;
}

/** Parses `source` as mermaid does in the browser; throws MermaidSyntaxError with mermaid's message when it is not valid. */
export async function parseMermaid(source: string): Promise<ParsedDiagram> {
  const diagrams = knownDiagrams();
  const key = sha256(mermaidVersion, '\0', source).slice(0, 32);
  const found = diagrams.get(key);
  if (found) return found;
  const parsed = await parseWithMermaid(source);
  diagrams.set(key, parsed);
  await appendKeyedLog(parseCacheFile, key, parsed);
  return parsed;
}

async function parseWithMermaid(source: string): Promise<ParsedDiagram> {
  const mermaid = await loadMermaid();
  let diagram;
  try {
    diagram = await mermaid.mermaidAPI.getDiagramFromText(source);
  } catch (e) {
    throw new MermaidSyntaxError((e as Error).message);
  }
  const db = diagram.db;
  const size = (x: unknown) => (x instanceof Map ? x.size : Array.isArray(x) ? x.length : Object.keys(x as object).length);
  if (diagram.type.startsWith('flowchart')) {
    // An edge to a subgraph makes mermaid list the subgraph's id as a vertex too.
    const subgraphs = db.getSubGraphs() as { id: string }[];
    const ids = new Set(subgraphs.map((s) => s.id));
    const vertices = db.getVertices() as Map<string, unknown>;
    return { type: diagram.type, counts: { nodes: [...vertices.keys()].filter((k) => !ids.has(k)).length, edges: size(db.getEdges()), subgraphs: subgraphs.length } };
  }
  if (diagram.type === 'sequence') {
    // Message types of mermaid's sequence db: 2 is a note, 10–33 open, divide and close blocks, 17/18 (de)activate.
    const messages = db.getMessages() as { type?: number; from?: string; to?: string }[];
    const signals = messages.filter((m) => m.from !== undefined && m.to !== undefined && m.type !== 2 && m.type !== 17 && m.type !== 18);
    return {
      type: diagram.type,
      counts: {
        actors: size(db.getActors()),
        messages: signals.length,
        notes: messages.filter((m) => m.type === 2).length,
        autonumber: db.showSequenceNumbers?.() ? 1 : 0,
        boxes: size(db.getBoxes?.() ?? []),
      },
    };
  }
  return { type: diagram.type };
}

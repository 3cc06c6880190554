/**
 * beautiful-mermaid 1.1.3 with small changes to its bundled build, applied here rather than by
 * an install script (npm runs none it is not allowed to, and CI may run none at all):
 * - a sequence diagram's layout goes through `adjustSequenceLayout` when the options give one, so
 *   that sequence-layout.ts can space it out before it is drawn, and a message's label is drawn
 *   at its `labelX` when the layout sets one (else halfway along its line, as before);
 * - fan-out and fan-in edges share a trunk only when their other ends lie in one layer: the
 *   renderer draws each branch straight from the trunk, so a branch to a farther node ran through
 *   the nearer one (a target below another target).
 * - a flowchart node named before its label is defined (`P --> Z`, then `Z["controller"]`) takes
 *   the label and shape of that later definition, as mermaid draws it; the renderer kept the bare
 *   id, so the box read "Z".
 * The patched build is written once into node_modules/.cache/ (named by its text's hash, its
 * imports pointed at the files the package itself loads) and imported from there. A hunk that no
 * longer matches fails the build.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { contentName } from '../common/hash.ts';
import { packageJsonOf } from '../common/package-json.ts';
import type { RenderOptions } from 'beautiful-mermaid';
import type { SequenceLayout, SequenceSource } from './sequence-layout.ts';

export const RENDERER_PACKAGE = 'beautiful-mermaid';

interface Hunk {
  find: string;
  replace: string;
  /** How many times `find` occurs in the build. */
  times: number;
}

/** The changes, as text of dist/index.js before and after. */
const HUNKS: Hunk[] = [
  {
    find: 'const positioned = layoutSequenceDiagram(diagram, options);',
    replace: 'const laidOut = layoutSequenceDiagram(diagram, options);\n      const positioned = options.adjustSequenceLayout ? options.adjustSequenceLayout(laidOut, diagram, lines) : laidOut;',
    times: 1,
  },
  {
    find: 'const midX = (msg.x1 + msg.x2) / 2;',
    replace: 'const midX = msg.labelX ?? (msg.x1 + msg.x2) / 2;',
    times: 1,
  },
  ...(['target', 'source'] as const).map((end) => ({
    find: `if (forward.length < 2) continue;\n    const ${end}s = forward.map(`,
    replace: `if (forward.length < 2) continue;\n    if (new Set(forward.map((e) => { const n = nodeMap.get(e.${end}); return isHorizontal ? n.x : n.y; })).size > 1) continue;\n    const ${end}s = forward.map(`,
    times: 1,
  })),
  {
    find: 'function registerNode(graph, subgraphStack, node) {\n  const isNew = !graph.nodes.has(node.id);\n  if (isNew) {\n    graph.nodes.set(node.id, node);\n  }',
    replace: 'function registerNode(graph, subgraphStack, node) {\n  const isNew = !graph.nodes.has(node.id);\n  if (isNew) {\n    graph.nodes.set(node.id, node);\n  } else {\n    Object.assign(graph.nodes.get(node.id), node);\n  }',
    times: 1,
  },
];

/** Names the patch in the renderer's fingerprint (diagram-renderer.ts), so a changed patch redraws every diagram. */
export const RENDERER_PATCH = contentName(JSON.stringify(HUNKS));

/** `text` with every hunk applied; throws, naming the hunk, when one does not match as expected. */
export function patched(text: string): string {
  for (const [i, hunk] of HUNKS.entries()) {
    const times = text.split(hunk.find).length - 1;
    if (times !== hunk.times) throw new Error(`beautiful-mermaid: hunk ${i + 1} of renderer-patch.ts matches ${times} times, not ${hunk.times}: has the package changed?`);
    text = text.split(hunk.find).join(hunk.replace);
  }
  return text;
}

export interface PatchedOptions extends RenderOptions {
  /** Given a sequence diagram's layout, its parse and its source lines; returns the layout to draw. */
  adjustSequenceLayout?: (layout: SequenceLayout, source: SequenceSource, lines: string[]) => SequenceLayout;
}

export interface PatchedRenderer {
  renderMermaidSVG(text: string, options: PatchedOptions): string;
}

let loading: Promise<PatchedRenderer> | undefined;

/** The patched renderer, written on first use and loaded once per thread. */
export function loadPatchedRenderer(): Promise<PatchedRenderer> {
  loading ??= (async () => {
    const packageJson = packageJsonOf(RENDERER_PACKAGE);
    const packageDir = path.dirname(packageJson);
    const fromPackage = createRequire(packageJson);
    const text = patched(readFileSync(path.join(packageDir, 'dist/index.js'), 'utf8'))
      // Its imports, as the files the package would load, since the copy lies elsewhere.
      .replace(/(\bfrom\s+")([^".][^"]*)"/g, (_m, head: string, name: string) => `${head}${pathToFileURL(fromPackage.resolve(name)).href}"`);
    const file = path.join(packageDir, '..', '.cache', 'zrok-docs', `${RENDERER_PACKAGE}-${contentName(text)}.mjs`);
    if (!existsSync(file)) {
      mkdirSync(path.dirname(file), { recursive: true });
      // Written aside and renamed: threads writing it at once never import half a file.
      const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
      writeFileSync(tmp, text);
      renameSync(tmp, file);
    }
    return (await import(pathToFileURL(file).href)) as PatchedRenderer;
  })();
  return loading;
}

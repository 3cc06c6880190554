/**
 * zrok invocations in Docker Compose files shown in YAML blocks: a service running the
 * openziti/zrok image (whose entrypoint is zrok) passes its `command:` to zrok as arguments.
 * Services that set their own `entrypoint:` run something else and are skipped. The services themselves,
 * with the page line of each node, are read here once for every check of a compose file.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node, type YAMLMap } from 'yaml';
import type { CodeFence } from './code-fences.ts';
import { DYNAMIC, isZrokImage, shellWords, type Invocation } from './shell-commands.ts';

/** ${VAR:-default} → default: compose's own interpolation, for the image name. */
const withDefaults = (v: string) => v.replace(/\$\{\w+:?-([^}]*)\}/g, '$1');

/** A service of a Docker Compose file shown in a YAML block. */
export interface ComposeService {
  service: YAMLMap;
  /** The page line of a node of the block. */
  lineOf: (node: Node | null | undefined) => number;
}

/** The services of a YAML block that is a Compose file (a top-level `services:` map); none otherwise. */
export function composeServices(fence: CodeFence): ComposeService[] {
  if (fence.lang !== 'yaml' && fence.lang !== 'yml') return [];
  const text = fence.content.join('\n');
  if (!/^services\s*:/m.test(text)) return [];
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  // A block YAML cannot read is not a compose file we can follow.
  if (doc.errors.length) return [];
  const services = doc.get('services', true);
  if (!isMap(services)) return [];
  const lineOf = (node: Node | null | undefined) => fence.fenceLine + lineCounter.linePos(node?.range?.[0] ?? 0).line;
  return services.items.flatMap(({ value }) => (isMap(value) ? [{ service: value, lineOf }] : []));
}

export function composeInvocations(fence: CodeFence): Invocation[] {
  const out: Invocation[] = [];
  for (const { service, lineOf } of composeServices(fence)) {
    if (service.has('entrypoint')) continue;
    const image = service.get('image');
    if (typeof image !== 'string' || !isZrokImage(withDefaults(image))) continue;
    const command = service.get('command', true);
    let words: string[];
    if (isScalar(command) && typeof command.value === 'string') words = shellWords(command.value);
    else if (isSeq(command)) words = command.items.map((item) => (isScalar(item) ? String(item.value).replace(/\$\{[^}]*\}|\$\w+/g, DYNAMIC) : DYNAMIC));
    else continue;
    const line = lineOf(command);
    out.push({ line, program: image, args: words.map((value) => ({ value, line })) });
  }
  return out;
}

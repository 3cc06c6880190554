/**
 * Reads which ZROK_* environment variables a zrok release reads, and where: its Go code (os.Getenv and
 * os.LookupEnv), the scripts it ships (nfpm/*.bash and the Docker projects' scripts), and the Docker
 * files that substitute variables (compose files, Dockerfiles, envsubst templates, Caddyfiles). A
 * variable a page sets that none of these reads changes nothing (src/builder/commands/env-check.ts).
 */
import type { Node } from 'web-tree-sitter';
import { parserFor } from '../src/builder/common/tree-sitter.ts';
import { GoFile, goQuery, goString, matchesIn } from './go-syntax.ts';

const bash = await parserFor('tree-sitter-bash');

const NAME = String.raw`ZROK_[A-Z0-9_]*[A-Z0-9]`;

export interface SourceFile {
  path: string;
  text: string;
}

/** Files whose `${VAR}` references are substitutions made by compose, docker build, envsubst or Caddy. */
const SUBSTITUTING = /(^|\/)(compose[\w.-]*\.ya?ml|[\w.-]*Dockerfile|[\w.-]*\.envsubst|[\w.-]*Caddyfile|[\w.-]*\.toml)$/;
const SHELL = /\.(ba)?sh$/;

/** True for a shipped file this module reads; everything else under nfpm/ and docker/ (READMEs, units, samples) sets or documents. */
export const readsEnvironment = (path: string) => SHELL.test(path) || SUBSTITUTING.test(path);

type Reads = Map<string, string>;

function record(reads: Reads, name: string, where: string) {
  if (!reads.has(name)) reads.set(name, where);
}

const lineAt = (text: string, pos: number) => text.slice(0, pos).split('\n').length;

/**
 * A shell script reads a variable from its environment when it refers to it and either never assigns
 * it or reads it with a default (`${X:-…}`, `${X:=…}`, `${X:+…}`): under `set -o nounset` that is how
 * these scripts read what the caller may leave unset. A variable the script assigns and then reads
 * plainly is its own (ZROK_CMD, ZROK_RESERVATION_FILE). Read as syntax (tree-sitter-bash): comments and
 * single-quoted text refer to nothing.
 */
function shellReads(file: SourceFile, reads: Reads) {
  const tree = bash.parse(file.text)!;
  const root = tree.rootNode;
  const zrok = (n: Node | null | undefined) => (n && new RegExp(`^${NAME}$`).test(n.text) ? [n.text] : []);
  const assigned = new Set([
    ...root.descendantsOfType('variable_assignment').flatMap((a) => zrok(a!.childForFieldName('name'))),
    ...root.descendantsOfType('for_statement').flatMap((f) => zrok(f!.childForFieldName('variable'))),
    ...root.descendantsOfType('command').flatMap((c) => (c!.childForFieldName('name')?.text === 'read' ? zrok(c!.childrenForFieldName('argument').find((a) => !a!.text.startsWith('-'))) : [])),
  ]);
  const references = root.descendantsOfType(['simple_expansion', 'expansion']).flatMap((e) => zrok(e!.namedChildren.find((c) => c!.type === 'variable_name')).map((name) => ({ name, e: e! })));
  // ${X:-…}, ${X-…}, ${X:=…}, ${X:+…}, ${X:?…}: the variable may come unset from the caller.
  const defaulted = new Set(references.filter(({ e }) => e.type === 'expansion' && /^\$\{\w+:?[-=+?]/.test(e.text)).map(({ name }) => name));
  for (const { name, e } of references) {
    if (!assigned.has(name) || defaulted.has(name)) record(reads, name, `${file.path}:${e.startPosition.row + 1}`);
  }
  tree.delete();
}

/** `${X}`, `$X`, Caddy's `{$X}`, and a Dockerfile's `ARG X` (a build argument the compose file passes). */
function substitutions(file: SourceFile, reads: Reads) {
  const text = file.text.replace(/^[ \t]*#.*$/gm, (c) => ' '.repeat(c.length));
  for (const m of text.matchAll(new RegExp(String.raw`\$\{?(${NAME})\b|^\s*ARG\s+(${NAME})\b`, 'gm'))) {
    record(reads, m[1] ?? m[2], `${file.path}:${lineAt(text, m.index)}`);
  }
}

/** `os.Getenv("…")` and `os.LookupEnv("…")`. */
const GETENV = goQuery(`
(call_expression
  function: (selector_expression operand: (identifier) @pkg field: (field_identifier) @fn (#eq? @pkg "os") (#any-of? @fn "Getenv" "LookupEnv"))
  arguments: (argument_list . [(interpreted_string_literal) (raw_string_literal)] @name)) @call`);

function goReads(file: SourceFile, reads: Reads) {
  const go = new GoFile(file.path, file.text);
  for (const m of matchesIn(GETENV, go.root)) {
    const name = goString(m.name);
    if (name && new RegExp(`^${NAME}$`).test(name)) record(reads, name, go.where(m.call));
  }
}

/**
 * `shipped`: the files under nfpm/ and docker/ (others are skipped); `goFiles`: non-test Go files.
 * Returns each variable read, sorted, with the first place that reads it.
 */
export function readEnvironmentFacts(shipped: SourceFile[], goFiles: SourceFile[]): Record<string, string> {
  const reads: Reads = new Map();
  for (const f of [...goFiles].sort((a, b) => a.path.localeCompare(b.path))) goReads(f, reads);
  for (const f of [...shipped].sort((a, b) => a.path.localeCompare(b.path))) {
    if (SHELL.test(f.path)) shellReads(f, reads);
    else if (SUBSTITUTING.test(f.path)) substitutions(f, reads);
  }
  return Object.fromEntries([...reads].sort(([a], [b]) => a.localeCompare(b)));
}

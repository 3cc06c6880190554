/**
 * Reads which ZROK_* environment variables a zrok release reads, and where: its Go code (os.Getenv and
 * os.LookupEnv), the scripts it ships (nfpm/*.bash and the Docker projects' scripts), and the Docker
 * files that substitute variables (compose files, Dockerfiles, envsubst templates, Caddyfiles). A
 * variable a page sets that none of these reads changes nothing (src/builder/commands/env-check.ts).
 */
import { GoFile, goQuery, goString, matchesIn } from './go-syntax.ts';

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
 * plainly is its own (ZROK_CMD, ZROK_RESERVATION_FILE).
 */
function shellReads(file: SourceFile, reads: Reads) {
  const text = file.text.replace(/^\s*#.*$/gm, (c) => ' '.repeat(c.length));
  const assigned = new Set(
    [...text.matchAll(new RegExp(String.raw`(?:^|[\s;&|(])(?:export\s+|local\s+|declare\s+(?:-\w+\s+)*)?(${NAME})\+?=|\bfor\s+(${NAME})\s+in\b|\bread\s+(?:-\w+\s+)*(${NAME})\b`, 'gm'))].map((m) => m[1] ?? m[2] ?? m[3]),
  );
  const defaulted = new Set([...text.matchAll(new RegExp(String.raw`\$\{(${NAME}):?[-=+?]`, 'g'))].map((m) => m[1]));
  for (const m of text.matchAll(new RegExp(String.raw`\$\{?(${NAME})\b`, 'g'))) {
    if (!assigned.has(m[1]) || defaulted.has(m[1])) record(reads, m[1], `${file.path}:${lineAt(text, m.index)}`);
  }
}

/** `${X}`, `$X`, Caddy's `{$X}`, and a Dockerfile's `ARG X` (a build argument the compose file passes). */
function substitutions(file: SourceFile, reads: Reads) {
  const text = file.text.replace(/^\s*#.*$/gm, (c) => ' '.repeat(c.length));
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

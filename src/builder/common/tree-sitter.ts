/**
 * tree-sitter grammars (WebAssembly, no native build), loaded once per process. Loading is async, parsing is not:
 * a module that reads source awaits its parser at the top level and parses synchronously from then on.
 * The grammars come from their npm packages' own .wasm; a missing one fails with the package's name.
 *
 * Grammars are compiled to V8's baseline code (Liftoff) only. Their lexer is one huge function (160 KB of
 * WebAssembly in tree-sitter-bash, 459 KB in tree-sitter-powershell) that V8 11 (Node 20) sends to its optimizing
 * compiler after the first parse: 1.5 s of CPU for bash and 20 to 75 s for PowerShell, on a background thread
 * that the process then waits for before it exits. In baseline code, reading every shell block of the docs takes
 * 0.1 to 0.4 s of CPU.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Language, Parser } from 'web-tree-sitter';
import { packageJsonOf } from './package-json.ts';

/** A grammar or runtime that is not installed as it should be: the message names the package. */
export class GrammarMissingError extends Error {}

/** The path of the .wasm a package ships at its root. */
function wasmOf(pkg: string, file: string): string {
  let where = `node_modules/${pkg}/${file}`;
  try {
    where = path.join(path.dirname(packageJsonOf(pkg)), file);
  } catch {
    // not installed: said below
  }
  if (!existsSync(where)) throw new GrammarMissingError(`${pkg}: ${where} is missing; the package is not installed as it should be (run npm ci)`);
  return where;
}

let runtime: Promise<void> | undefined;
const languages = new Map<string, Promise<Language>>();
/** The last load started: loads run one after the other, since the compiler flag they set is the process's. */
let loading: Promise<unknown> = Promise.resolve();

async function compile(pkg: string): Promise<Language> {
  runtime ??= Parser.init({ wasmBinary: readFileSync(wasmOf('web-tree-sitter', 'web-tree-sitter.wasm')) });
  await runtime;
  const wasm = wasmOf(pkg, `${pkg}.wasm`);
  // V8 reads the flag when it compiles a module: set for this one only, unless the process was started with it.
  const toggle = !process.execArgv.includes('--liftoff-only');
  if (toggle) setFlagsFromString('--liftoff-only');
  try {
    // A path, not bytes: under jsdom a Buffer is no instance of the environment's Uint8Array.
    return await Language.load(wasm);
  } finally {
    if (toggle) setFlagsFromString('--no-liftoff-only');
  }
}

/** The language of the grammar package `pkg` (tree-sitter-go, …), whose .wasm is `<pkg>.wasm`. */
export function loadLanguage(pkg: string): Promise<Language> {
  let language = languages.get(pkg);
  if (!language) {
    language = loading.then(() => compile(pkg));
    loading = language.catch(() => undefined);
    languages.set(pkg, language);
  }
  return language;
}

/** A parser for the grammar package `pkg`. One parser per module that reads source: parsing is synchronous. */
export async function parserFor(pkg: string): Promise<Parser> {
  const language = await loadLanguage(pkg);
  return new Parser().setLanguage(language);
}

/**
 * `load()`, which imports modules that read source; a grammar that is not installed ends the process with its
 * message (which says what to do) instead of a stack trace.
 */
export async function withGrammars<T>(program: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (e) {
    if (!(e instanceof GrammarMissingError)) throw e;
    console.error(`${program}: ${e.message}`);
    process.exit(1);
  }
}

/**
 * Reads, from a config loader's DefaultConfig(), the keys whose built-in value holds only while their stanza is
 * absent. zrok loads a YAML config by seeding DefaultConfig() and binding the file over it with
 * github.com/michaelquigley/cf (v0.0.13). cf sets a top-level scalar in place, but binds every nested struct that the
 * file names into a fresh, zero-valued struct that then replaces the seeded one. So a value DefaultConfig() seeds
 * inside a nested struct (`limits.cycle`) is gone as soon as the file has the stanza (`limits:`): a key left out of
 * it is zero, not its default.
 *
 * Nested seeds come as composite literals (`Maintenance: &MaintenanceConfig{…}`) or as calls to a function that
 * returns one (`Limits: limits.DefaultConfig()`), in the loader's package or in another package of the module.
 * Zero values (`false`, `0`, `""`, `nil`) are left out: a fresh struct holds them anyway. Any other way of seeding
 * a nested struct throws with file:line, so it is noticed rather than skipped.
 */
import type { Node } from 'web-tree-sitter';
import type { StanzaDefault } from '../src/builder/commands/cli-facts.ts';
import { snake } from './config-source.ts';
import { codeChildren, GoFile, goQuery, goString, keyedElements, matchesIn } from './go-syntax.ts';

type SourceFile = { path: string; text: string };

/** `func Name() … { … }` at the top of a file. */
const FUNCTIONS = goQuery(`(source_file (function_declaration name: (identifier) @name parameters: (parameter_list) @params body: (block) @body) @fn)`);
/** A composite literal of a named struct type: `Config{…}`, `store.Config{…}`. */
const STRUCT_LITERAL = goQuery(`(composite_literal type: [(type_identifier) (qualified_type)] @type) @literal`);
/** `import alias "path"` and `import "path"`. */
const IMPORTS = goQuery(`(import_spec path: (interpreted_string_literal) @path) @spec`);

const ZERO = new Set(['false', '0', '""', 'nil', '0.0']);

export interface PackageReader {
  /** Go module path from go.mod, e.g. github.com/openziti/zrok. */
  module: string;
  /** Non-test Go files of one package directory of the module, e.g. controller/limits. */
  files: (dir: string) => SourceFile[];
}

/** A parameterless function of a package, with the file it is in. */
function findFunction(files: SourceFile[], name: string): { file: GoFile; body: Node; fn: Node } | undefined {
  for (const f of files) {
    if (!f.text.includes(`func ${name}(`)) continue;
    const file: GoFile = new GoFile(f.path, f.text);
    const m = matchesIn(FUNCTIONS, file.root).find((x) => x.name.text === name && codeChildren(x.params).length === 0);
    if (m) return { file, body: m.body, fn: m.fn };
  }
  return undefined;
}

/** `&T{…}` or `T{…}` → the literal, when it is one of a named (struct) type. */
function structLiteral(node: Node): Node | undefined {
  const inner = node.type === 'unary_expression' && node.childForFieldName('operator')?.text === '&' ? node.childForFieldName('operand') : node;
  if (inner?.type !== 'composite_literal') return undefined;
  const type = inner.childForFieldName('type')?.type;
  return type === 'type_identifier' || type === 'qualified_type' ? inner : undefined;
}

/** The package directory an import name of `file` stands for, when it is a package of the module. */
function importedDir(file: GoFile, name: string, module: string): string | undefined {
  for (const m of matchesIn(IMPORTS, file.root)) {
    const path = goString(m.path) ?? '';
    const alias = m.spec.childForFieldName('name')?.text;
    if ((alias ?? path.split('/').pop()) === name && path.startsWith(`${module}/`)) return path.slice(module.length + 1);
  }
  return undefined;
}

/** The struct literal a seeding function returns: `return &T{…}`, or `x := &T{…}; …; return x`. */
function returnedLiteral(file: GoFile, body: Node, fn: Node): Node {
  const literal = matchesIn(STRUCT_LITERAL, body).map((m) => m.literal)[0];
  if (!literal) file.fail(fn, 'seeds a nested config struct without a struct literal the extractor can read');
  return literal;
}

/** One seeded field at `path`: a nested struct is followed, a non-zero value is recorded. */
function seedField(file: GoFile, path: string, value: Node, node: Node, reader: PackageReader, dir: string, out: StanzaDefault[]) {
  const nested = structLiteral(value);
  if (nested) return seedsOf(file, nested, path, reader, dir, out);
  if (value.type === 'call_expression' && codeChildren(value.childForFieldName('arguments')).length === 0) {
    const fn = value.childForFieldName('function')!;
    const [calleeDir, name] =
      fn.type === 'selector_expression' ? [importedDir(file, fn.childForFieldName('operand')!.text, reader.module), fn.childForFieldName('field')!.text] : [dir, fn.text];
    const found = calleeDir === undefined ? undefined : findFunction(reader.files(calleeDir), name);
    if (found) return seedsOf(found.file, returnedLiteral(found.file, found.body, found.fn), path, reader, calleeDir!, out);
    // A call into the module that seeds a struct must be followed, or its keys would be missed.
    if (calleeDir !== undefined) file.fail(node, `seeds ${path} with ${value.text}, which the extractor cannot follow`);
  }
  if (!ZERO.has(value.text)) out.push({ key: path, value: value.text.replace(/\s+/g, ' '), source: file.where(node) });
}

function seedsOf(file: GoFile, literal: Node, prefix: string, reader: PackageReader, dir: string, out: StanzaDefault[]) {
  for (const { key, value, node } of keyedElements(file, literal, (e) => `positional field "${e.text}" in a config literal`)) {
    seedField(file, `${prefix}.${snake(key)}`, value, node, reader, dir, out);
  }
}

/**
 * `loader`: the Go file that calls cf.BindYaml on a `Config` (it also holds `func DefaultConfig() *Config`, when
 * there is one). Returns every non-zero value DefaultConfig() seeds below the top level, as a dotted key path.
 */
export function readStanzaDefaults(loader: SourceFile, reader: PackageReader): StanzaDefault[] {
  const file: GoFile = new GoFile(loader.path, loader.text);
  const fn = matchesIn(FUNCTIONS, file.root).find((m) => m.name.text === 'DefaultConfig');
  if (!fn) return [];
  const root = matchesIn(STRUCT_LITERAL, fn.body).find((m) => m.type.text === 'Config');
  if (!root) file.fail(fn.fn, 'DefaultConfig() builds no Config literal');
  const dir = loader.path.replace(/\/[^/]+$/, '');
  const out: StanzaDefault[] = [];
  for (const { key, value, node } of keyedElements(file, root.literal, (e) => `positional field "${e.text}" in Config`)) {
    // A top-level scalar is bound in place and keeps its seed; only nested structs are replaced whole.
    if (structLiteral(value) || value.type === 'call_expression') seedField(file, snake(key), value, node, reader, dir, out);
  }
  // A top-level call that is no seeding function is a scalar seed, which cf keeps.
  return out.filter((d) => d.key.includes('.'));
}

/**
 * Reads, from zrok's Go sources, the version each YAML config must declare (`v:`) and its top-level
 * keys. Every config zrok loads goes through cf.BindYaml followed by a `x.V != <const>` check; a
 * loader in a package we do not know throws, so a new config kind is noticed rather than skipped.
 */
import type { ConfigKind } from '../src/builder/commands/cli-facts.ts';
import { codeChildren, GoFile, GoSourceError, goQuery, goString, matchesIn } from './go-syntax.ts';

/** Package directory of each config loader → the config kind the docs talk about. */
const KIND_BY_DIR: Record<string, ConfigKind> = {
  'controller/config': 'controller',
  'endpoints/publicProxy': 'frontend',
  canary: 'canary',
};

export interface ConfigFact {
  v: number;
  keys: string[];
  /** file:line of the version constant. */
  source: string;
}

/** `cf.BindYaml(cfg, …)`. */
const BIND_YAML = goQuery(`
(call_expression
  function: (selector_expression operand: (identifier) @pkg field: (field_identifier) @fn (#eq? @pkg "cf") (#eq? @fn "BindYaml"))
  arguments: (argument_list . (identifier) @config)) @call`);
/** `cfg.V != V`. */
const VERSION_CHECK = goQuery(`
(binary_expression
  left: (selector_expression operand: (identifier) @config field: (field_identifier) @v (#eq? @v "V"))
  operator: "!="
  right: (identifier) @constant)`);
/** A top-level `const V = 4`. */
const CONSTANTS = goQuery(`(source_file (const_declaration (const_spec name: (identifier) @name value: (expression_list . (int_literal) @value .)) @spec))`);
/** `type Config struct { … }`. */
const CONFIG_STRUCT = goQuery(`(source_file (type_declaration (type_spec name: (type_identifier) @name type: (struct_type (field_declaration_list) @fields)) @spec (#eq? @name "Config")))`);

/** cf's default field naming: HostMatch → host_match. */
export function snake(field: string): string {
  return field.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/** `files`: every non-test Go file that calls cf.BindYaml. */
export function readConfigFacts(files: { path: string; text: string }[]): Partial<Record<ConfigKind, ConfigFact>> {
  const out: Partial<Record<ConfigKind, ConfigFact>> = {};
  for (const f of files) {
    const file: GoFile = new GoFile(f.path, f.text);
    const bind = matchesIn(BIND_YAML, file.root)[0];
    if (!bind) continue;
    const dir = f.path.replace(/\/[^/]+$/, '');
    const kind = KIND_BY_DIR[dir];
    if (!kind) file.fail(bind.call, `YAML config loader in ${dir}, which the extractor does not know: add it to KIND_BY_DIR`);
    if (out[kind]) file.fail(bind.call, `second ${kind} config loader`);

    const config = bind.config.text;
    const check = matchesIn(VERSION_CHECK, file.root).find((m) => m.config.text === config);
    if (!check) file.fail(bind.call, `no "${config}.V != <const>" version check after cf.BindYaml`);
    const constant = matchesIn(CONSTANTS, file.root).find((m) => m.name.text === check.constant.text);
    if (!constant) file.fail(check.constant, `version constant ${check.constant.text} is not "const ${check.constant.text} = <number>" in this file`);

    const struct = matchesIn(CONFIG_STRUCT, file.root)[0];
    if (!struct) file.fail(bind.call, 'no "type Config struct" in the loader\'s file');
    const keys: string[] = [];
    for (const field of codeChildren(struct.fields)) {
      const names = field.childrenForFieldName('name');
      const name = names[0]?.text ?? '';
      if (names.length !== 1 || !/^[A-Z]/.test(name)) file.fail(field, `cannot read Config field "${field.text}"`);
      const tag = /cf:"([^"]*)"/.exec(goString(field.childForFieldName('tag')) ?? '');
      if (tag && tag[1].split(',').some((t) => t && !t.startsWith('+'))) file.fail(field, `field ${name} renames its key with a cf tag`);
      keys.push(snake(name));
    }
    if (!keys.includes('v')) file.fail(struct.spec, 'Config has no V field');
    out[kind] = { v: Number(constant.value.text), keys: keys.sort(), source: file.where(constant.spec) };
  }
  if (!out.controller || !out.frontend) {
    throw new GoSourceError(`controller and frontend config loaders not both found (found: ${Object.keys(out).join(', ') || 'none'})`);
  }
  return out;
}

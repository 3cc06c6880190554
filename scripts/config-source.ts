/**
 * Reads, from zrok's Go sources, the version each YAML config must declare (`v:`) and its top-level
 * keys. Every config zrok loads goes through cf.BindYaml followed by a `x.V != <const>` check; a
 * loader in a package we do not know throws, so a new config kind is noticed rather than skipped.
 */
import type { ConfigKind } from '../src/builder/commands/cli-facts.ts';
import { GoFile, GoSourceError } from './go-scan.ts';

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

/** cf's default field naming: HostMatch → host_match. */
function snake(field: string): string {
  return field.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/** `files`: every non-test Go file that calls cf.BindYaml. */
export function readConfigFacts(files: { path: string; text: string }[]): Partial<Record<ConfigKind, ConfigFact>> {
  const out: Partial<Record<ConfigKind, ConfigFact>> = {};
  for (const f of files) {
    const file: GoFile = new GoFile(f.path, f.text);
    const { code } = file;
    const bind = /\bcf\.BindYaml\s*\(\s*(\w+)/.exec(code);
    if (!bind) continue;
    const dir = f.path.replace(/\/[^/]+$/, '');
    const kind = KIND_BY_DIR[dir];
    if (!kind) file.fail(bind.index, `YAML config loader in ${dir}, which the extractor does not know: add it to KIND_BY_DIR`);
    if (out[kind]) file.fail(bind.index, `second ${kind} config loader`);

    const check = new RegExp(String.raw`\b${bind[1]}\.V\s*!=\s*(\w+)`).exec(code);
    if (!check) file.fail(bind.index, `no "${bind[1]}.V != <const>" version check after cf.BindYaml`);
    const constDecl = new RegExp(String.raw`^const\s+${check[1]}\s*=\s*(\d+)\s*$`, 'm').exec(code);
    if (!constDecl) file.fail(check.index, `version constant ${check[1]} is not "const ${check[1]} = <number>" in this file`);

    const struct = /^type\s+Config\s+struct\s*\{([^}]*)\}/m.exec(code);
    if (!struct) file.fail(bind.index, 'no "type Config struct" in the loader\'s file');
    const keys: string[] = [];
    let pos = struct.index + struct[0].indexOf('{') + 1;
    for (const line of struct[1].split('\n')) {
      const field = /^\s*([A-Z]\w*)\s+\S+(.*)$/.exec(line);
      if (field) {
        const tag = /cf:"([^"]*)"/.exec(field[2]);
        if (tag && tag[1].split(',').some((t) => t && !t.startsWith('+'))) file.fail(pos, `field ${field[1]} renames its key with a cf tag`);
        keys.push(snake(field[1]));
      } else if (line.trim()) file.fail(pos, `cannot read Config field "${line.trim()}"`);
      pos += line.length + 1;
    }
    if (!keys.includes('v')) file.fail(struct.index, 'Config has no V field');
    out[kind] = { v: Number(constDecl[1]), keys: keys.sort(), source: file.where(constDecl.index) };
  }
  if (!out.controller || !out.frontend) {
    throw new GoSourceError(`controller and frontend config loaders not both found (found: ${Object.keys(out).join(', ') || 'none'})`);
  }
  return out;
}

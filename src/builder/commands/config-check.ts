/**
 * Checks that a YAML block showing a zrok controller, frontend or canary config carries the `v:` the
 * release expects (content/cli/<version>.json, read from the loader's version constant).
 *
 * Which config a block shows:
 * - its title names the file: `ctrl.yml`, `controller.yml`, `zrok-ctrl.yaml` → controller; any
 *   `*frontend*.yml` → frontend; `*canary*.yml` → canary. Titles naming OpenZiti (`ziti-router.yaml`,
 *   "OpenZiti controller configuration") are OpenZiti's own configs and never count.
 * - without such a title, by its top-level keys: all of them are keys of exactly one kind's config,
 *   and at least one is found in no other kind (host_match → frontend, store → controller, …).
 * A `v:` that differs from the expected number is always an error. A missing `v:` is an error only in
 * a full config, one with at least two of the kind's core settings (below); a block showing one
 * section (`limits:`, `oauth:` …) is an excerpt and needs none.
 */
import type { CliFacts, ConfigKind } from './cli-facts.ts';
import type { CodeFence } from './code-fences.ts';

/** Settings a runnable config of each kind is built around; two of them make a block a full config. */
const CORE_KEYS: Record<ConfigKind, string[]> = {
  controller: ['endpoint', 'store', 'ziti', 'admin'],
  frontend: ['host_match', 'address', 'identity', 'template_path'],
  canary: ['influx'],
};
const CORE_NEEDED: Record<ConfigKind, number> = { controller: 2, frontend: 2, canary: 1 };

export interface ConfigProblem {
  line: number;
  message: string;
}

/** The kind a title names; null when it names OpenZiti's own config; undefined when it says nothing. */
function kindFromTitle(title: string | undefined): ConfigKind | null | undefined {
  if (!title) return undefined;
  if (/\bziti[-_ ]|openziti/i.test(title)) return null;
  const base = (title.split(/[\\/]/).pop() ?? '').toLowerCase();
  if (!/\.ya?ml$/.test(base)) return undefined;
  if (/^(zrok[-_])?(ctrl|controller)([-_.].*)?\.ya?ml$/.test(base)) return 'controller';
  if (base.includes('frontend')) return 'frontend';
  if (base.includes('canary')) return 'canary';
  return undefined;
}

function kindFromKeys(keys: string[], facts: CliFacts): ConfigKind | undefined {
  const own = keys.filter((k) => k !== 'v');
  if (!own.length) return undefined;
  const kinds = Object.entries(facts.configKeys) as [ConfigKind, string[]][];
  const fits = kinds.filter(([, known]) => own.every((k) => known.includes(k)));
  if (fits.length !== 1) return undefined;
  const [kind] = fits[0];
  const others = kinds.filter(([k]) => k !== kind).flatMap(([, known]) => known);
  return own.some((k) => !others.includes(k)) ? kind : undefined;
}

export function checkConfigBlock(fence: CodeFence, facts: CliFacts): ConfigProblem[] {
  if (fence.lang !== 'yaml' && fence.lang !== 'yml') return [];
  // Top-level keys sit at column 0 of the (un-indented) block.
  const keys: { key: string; value: string; line: number }[] = [];
  fence.content.forEach((text, i) => {
    const m = /^([A-Za-z_][\w.-]*)\s*:(?:\s+(.*?))?\s*$/.exec(text.replace(/\s+#.*$/, ''));
    if (m) keys.push({ key: m[1], value: m[2] ?? '', line: fence.fenceLine + 1 + i });
  });
  const names = keys.map((k) => k.key);
  const titled = kindFromTitle(fence.title);
  const kind = titled === null ? undefined : (titled ?? kindFromKeys(names, facts));
  if (!kind) return [];
  const expected = facts.configVersions[kind];
  if (expected === undefined) return [{ line: fence.fenceLine, message: `${fence.title ?? 'yaml block'} → ${kind} configs do not exist in ${facts.tag}` }];

  const v = keys.find((k) => k.key === 'v');
  if (v) {
    const given = v.value.replace(/^["']|["']$/g, '');
    return given === String(expected) ? [] : [{ line: v.line, message: `v: ${v.value} → ${kind} config expects v: ${expected} in ${facts.tag}` }];
  }
  const core = CORE_KEYS[kind].filter((k) => names.includes(k)).length;
  if (core >= CORE_NEEDED[kind]) {
    return [{ line: fence.fenceLine, message: `${fence.title ?? 'yaml block'} without v: → a full ${kind} config needs v: ${expected} in ${facts.tag}` }];
  }
  return [];
}

/**
 * Cutting a docs version: what `npm run docs:version -- <name>` (scripts/docs-version.ts) changes, as functions of
 * the project's files, so that each step is tested on its own. The new version is a copy of the current one and
 * becomes current at /docs/; the former current version moves to /docs/<its name>/.
 */
import type { VersionConfig } from '../site.config.ts';

/** A docs version is named like the zrok minor release it documents: '1.2', '2.0'. */
const VERSION_NAME = /^\d+\.\d+$/;

/** Why `name` cannot be cut from `versions` (with the folders that exist), or undefined when it can. */
export function cutRefusal(name: string | undefined, versions: readonly VersionConfig[], folderExists: (name: string) => boolean): string | undefined {
  if (!name) return 'name the new version: npm run docs:version -- <major.minor>, e.g. 1.2';
  if (!VERSION_NAME.test(name)) return `"${name}" is not a version: a version is named like its zrok minor release, <major>.<minor> (e.g. 1.2)`;
  if (versions.some((v) => v.name === name)) return `version ${name} exists already (site.config.ts)`;
  if (folderExists(name)) return `content/docs/${name} exists already: remove it or choose another name`;
  const current = currentOf(versions);
  if (compareVersions(name, current.name) <= 0) return `version ${name} is not newer than the current version ${current.name}`;
  return undefined;
}

export function currentOf(versions: readonly VersionConfig[]): VersionConfig {
  const current = versions.find((v) => v.current);
  if (!current) throw new Error('site.config.ts names no current version');
  return current;
}

function compareVersions(a: string, b: string): number {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

/** The search tag of the current version; an older version's is docs-default-<name>. */
export const CURRENT_TAG = 'docs-default-current';

/** The versions after the cut: the new one first and current, the former current one under its own prefix and tag. */
export function versionsAfterCut(versions: readonly VersionConfig[], name: string): VersionConfig[] {
  const current = currentOf(versions);
  const cut: VersionConfig = { ...current, name, label: name, pathPrefix: '', tag: CURRENT_TAG, current: true };
  const older = versions.map((v) => (v === current ? { ...v, pathPrefix: `${v.name}/`, tag: `docs-default-${v.name}`, current: false } : v));
  return [cut, ...older];
}

const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** site.config.ts with its `versions: [...]` list written anew, one version a line; the rest of the file as it was. */
export function configWithVersions(text: string, versions: readonly VersionConfig[]): string {
  const start = text.search(/^ *versions: \[/m);
  if (start < 0) throw new Error('site.config.ts: no `versions: [` list found');
  const open = text.indexOf('[', start);
  let depth = 0;
  let end = open;
  for (; end < text.length; end++) {
    if (text[end] === '[') depth++;
    else if (text[end] === ']' && --depth === 0) break;
  }
  if (depth !== 0) throw new Error('site.config.ts: the `versions` list does not end');
  const indent = /^ */.exec(text.slice(start))![0];
  const line = (v: VersionConfig) =>
    `${indent}  { name: ${quote(v.name)}, label: ${quote(v.label)}, pathPrefix: ${quote(v.pathPrefix)}, mainDoc: ${quote(v.mainDoc)}, tag: ${quote(v.tag)}, current: ${v.current} },`;
  return `${text.slice(0, open + 1)}\n${versions.map(line).join('\n')}\n${indent}${text.slice(end)}`;
}

/**
 * The expected routes of the former current version once it has moved under /docs/<name>/ (its list in
 * test/fixtures/routes/): the new version starts with the list as it was.
 */
export function movedRoutes(routes: string, name: string): string {
  return routes.replace(/^\/docs\//gm, `/docs/${name}/`);
}

/**
 * Writes content/cli/<version>.json — zrok's commands, flags, config versions and stanza defaults, default permission
 * modes and the environment variables it reads, at one release —
 * straight from a zrok git repository (bare or not), without a Go toolchain.
 * Usage: npx tsx scripts/extract-cli.ts <zrok git dir> <tag>      (tag e.g. v1.1.12)
 * The docs command guard (src/builder/commands/cli-check.ts, run by npm test) checks the pages against it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CliFacts, ConfigKind } from '../src/builder/commands/cli-facts.ts';
import { withGrammars } from '../src/builder/common/tree-sitter.ts';

const [{ readCobraCommands }, { readConfigFacts }, { readEnvironmentFacts, readsEnvironment }, { GoSourceError }, { readPermissionFacts }, { readStanzaDefaults }] = await withGrammars('extract-cli', () =>
  Promise.all([
    import('./cobra-source.ts'),
    import('./config-source.ts'),
    import('./env-source.ts'),
    import('./go-syntax.ts'),
    import('./permission-source.ts'),
    import('./stanza-defaults-source.ts'),
  ]),
);

const CMD_DIR = 'cmd/zrok';

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** v1.1.11 → 1.1: the docs keep one version folder per minor release. */
export function docsVersion(tag: string): string {
  const m = /^v(\d+)\.(\d+)\.\d+$/.exec(tag);
  if (!m) throw new Error(`tag ${tag} is not vMAJOR.MINOR.PATCH`);
  return `${m[1]}.${m[2]}`;
}

/** Go files of one package directory (not its subdirectories; tests excluded), as of `tag`. */
function packageFiles(dir: string, tag: string, pkg: string): { path: string; text: string }[] {
  let tree: string;
  try {
    tree = git(dir, 'ls-tree', `${tag}:${pkg}`);
  } catch {
    // zrok 2 moved its command to cmd/zrok2, a different program than the one these docs describe.
    throw new GoSourceError(`${tag} has no ${pkg} directory`);
  }
  return tree
    .split('\n')
    .map((line) => /^\d+ blob \w+\t(.+\.go)$/.exec(line)?.[1])
    .filter((name): name is string => !!name && !name.endsWith('_test.go'))
    .map((name) => ({ path: `${pkg}/${name}`, text: git(dir, 'show', `${tag}:${pkg}/${name}`) }));
}

/** Non-test, non-vendored files of `tag` that `git grep` finds `pattern` in, with their text. */
function grepFiles(dir: string, tag: string, pattern: string, ...paths: string[]): { path: string; text: string }[] {
  let grep = '';
  try {
    grep = git(dir, 'grep', '-l', '-e', pattern, tag, '--', ...paths);
  } catch {
    // git grep exits 1 when nothing matches.
  }
  return grep
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(tag.length + 1))
    .filter((p) => !p.endsWith('_test.go') && !p.startsWith('vendor/'))
    .map((p) => ({ path: p, text: git(dir, 'show', `${tag}:${p}`) }));
}

/** The files under nfpm/ and docker/ that read variables: scripts and the Docker files that substitute them. */
function shippedFiles(dir: string, tag: string): { path: string; text: string }[] {
  return git(dir, 'ls-tree', '-r', '--name-only', tag, '--', 'nfpm', 'docker')
    .split('\n')
    .filter((p) => p && readsEnvironment(p))
    .map((p) => ({ path: p, text: git(dir, 'show', `${tag}:${p}`) }));
}

function main() {
  const [dir, tag] = process.argv.slice(2);
  if (!dir || !tag) {
    console.error('usage: npx tsx scripts/extract-cli.ts <zrok git dir> <tag>');
    process.exit(2);
  }
  const version = docsVersion(tag);
  let commit: string;
  try {
    commit = git(dir, 'rev-parse', '--verify', '--quiet', `${tag}^{commit}`).trim();
  } catch {
    throw new GoSourceError(`${dir} has no tag ${tag}`);
  }

  const cmdFiles = packageFiles(dir, tag, CMD_DIR);
  const goMod = git(dir, 'show', `${tag}:go.mod`);
  const commands = readCobraCommands({ files: cmdFiles, goMod });
  // Every Go file that loads a YAML config; readConfigFacts says which loaders are missing.
  const loaders = grepFiles(dir, tag, 'cf.BindYaml', '*.go');
  const configs = readConfigFacts(loaders);
  const shareGo = 'controller/share.go';
  const permissionModes = readPermissionFacts(cmdFiles, commands, { path: shareGo, text: git(dir, 'show', `${tag}:${shareGo}`) });
  const environment = readEnvironmentFacts(shippedFiles(dir, tag), grepFiles(dir, tag, 'ZROK_', '*.go'));

  const kinds = Object.keys(configs).sort() as ConfigKind[];
  const reader = { module: /^module\s+(\S+)/m.exec(goMod)?.[1] ?? '', files: (pkg: string) => packageFiles(dir, tag, pkg) };
  // The version constant sits in the loader's own file (readConfigFacts checks), so its source names the loader.
  const loaderOf = (k: ConfigKind) => loaders.find((f) => f.path === configs[k]!.source.replace(/:\d+$/, ''))!;
  const facts: CliFacts = {
    version,
    tag,
    commit,
    configVersions: Object.fromEntries(kinds.map((k) => [k, configs[k]!.v])),
    configKeys: Object.fromEntries(kinds.map((k) => [k, configs[k]!.keys])),
    configSources: Object.fromEntries(kinds.map((k) => [k, configs[k]!.source])),
    stanzaDefaults: Object.fromEntries(kinds.map((k) => [k, readStanzaDefaults(loaderOf(k), reader)])),
    commands,
    permissionModes,
    environment,
  };
  const outDir = path.join(import.meta.dirname, '..', 'content', 'cli');
  mkdirSync(outDir, { recursive: true });
  const out = path.join(outDir, `${version}.json`);
  writeFileSync(out, `${JSON.stringify(facts, null, 2)}\n`);
  const flags = commands.reduce((n, c) => n + c.flags.length + c.persistentFlags.length, 0);
  console.log(`${path.relative(process.cwd(), out)}: ${tag} (${commit.slice(0, 10)}), ${commands.length} commands, ${flags} flags, config versions ${kinds.map((k) => `${k} ${configs[k]!.v}`).join(', ')}, ${kinds.reduce((n, k) => n + (facts.stanzaDefaults?.[k]?.length ?? 0), 0)} stanza defaults, permission modes ${permissionModes.map((p) => `${p.command.slice(5)} ${p.default}`).join(', ')}, ${Object.keys(environment).length} ZROK_ variables read`);
}

try {
  main();
} catch (e) {
  // Source the extractor cannot follow: say where, and write nothing.
  if (e instanceof GoSourceError) {
    console.error(`extract-cli: ${e.message}`);
    process.exit(1);
  }
  throw e;
}

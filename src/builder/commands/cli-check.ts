/**
 * The docs fact guard: every zrok invocation in a shell code block (or a compose service running
 * the zrok image) of content/docs/<version>/ must name a real command of that version's release, with flags that command accepts, and every
 * zrok config shown in YAML must carry the release's `v:`. What a page says about who may access a private
 * share must match the mode the command beside it gives (permission-check.ts), it may promise no default for a key
 * that keeps its default only while its whole stanza is absent (stanza-default-check.ts), its examples may set only
 * ZROK_* variables the release reads (env-check.ts), and the pages of one version must state the default
 * permission mode and the hosted share domain one way (one-story.ts). Facts come from
 * content/cli/<version>.json (scripts/extract-cli.ts). Errors read `file:line: <what> → <why>`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { HELP_FLAG, NO_VALUE_TYPES, type CliFacts, type CommandFact, type FlagFact } from './cli-facts.ts';
import { codeFences } from './code-fences.ts';
import { composeInvocations } from './compose-commands.ts';
import { checkConfigBlock } from './config-check.ts';
import { environmentProblems } from './env-check.ts';
import { forOlderReleasesOnly } from './older-releases.ts';
import { oneStoryProblems, pageStatements, type Statement } from './one-story.ts';
import { permissionClaimProblems, privateShareMode, type ShareCreation } from './permission-check.ts';
import { pageProse } from './prose.ts';
import { DYNAMIC, zrokInvocations, type Invocation, type Word } from './shell-commands.ts';
import { stanzaDefaultProblems } from './stanza-default-check.ts';

export const DOCS_DIR = 'content/docs';
export const CLI_DIR = 'content/cli';

export interface CliError {
  /** Path relative to the repository root, with forward slashes. */
  file: string;
  line: number;
  message: string;
}

export const formatError = (e: CliError) => `${e.file}:${e.line}: ${e.message}`;

export interface Node {
  fact: CommandFact;
  /** Subcommands by name and by alias. */
  children: Map<string, Node>;
  names: string[];
  parent?: Node;
}

/** One release's command tree, for lookups by name/alias and flag. */
export class CommandTree {
  readonly root: Node;

  constructor(readonly facts: CliFacts) {
    const byPath = new Map<string, Node>();
    for (const fact of facts.commands) {
      const node: Node = { fact, children: new Map(), names: [] };
      byPath.set(fact.path, node);
      const parentPath = fact.path.slice(0, fact.path.lastIndexOf(' '));
      const parent = byPath.get(parentPath);
      if (fact.path.includes(' ')) {
        if (!parent) throw new Error(`${facts.version}.json: ${fact.path} listed before its parent`);
        node.parent = parent;
        const name = fact.path.slice(parentPath.length + 1);
        parent.names.push(name);
        for (const n of [name, ...fact.aliases]) parent.children.set(n, node);
      }
    }
    const root = byPath.get('zrok');
    if (!root) throw new Error(`${facts.version}.json has no zrok root command`);
    this.root = root;
  }

  /** Flags a command accepts: its own, persistent ones of itself and its ancestors, and --help. */
  flagsOf(node: Node): FlagFact[] {
    const flags = [...node.fact.flags, HELP_FLAG];
    for (let n: Node | undefined = node; n; n = n.parent) flags.push(...n.fact.persistentFlags);
    return flags;
  }
}

/** A word that stands for something the reader fills in: <token>, [flags], …, $VAR. */
const isPlaceholder = (v: string) => v.includes(DYNAMIC) || /^[<[{]/.test(v) || /^(\.\.\.|…)$/.test(v) || v === '';

/** Which command an invocation runs, as far as its words tell. */
export interface ResolvedInvocation {
  node: Node;
  path: string;
  /** Stopped at a placeholder where a subcommand belongs: the flags belong to a command we cannot know. */
  unresolved: boolean;
  /** Arguments that are neither subcommand names nor flags (nor flag values). */
  positionals: string[];
  flagWords: { word: Word; next?: Word }[];
  /** A word naming no subcommand where one is needed. */
  unknown?: string;
}

export function resolveInvocation(inv: Invocation, tree: CommandTree): ResolvedInvocation {
  const r: ResolvedInvocation = { node: tree.root, path: 'zrok', unresolved: false, positionals: [], flagWords: [] };
  let resolving = true; // still reading subcommand names
  const args = inv.args;

  for (let i = 0; i < args.length; i++) {
    const v = args[i].value;
    if (v === '--') break;
    if (v.startsWith('-') && v.length > 1) {
      r.flagWords.push({ word: args[i], next: args[i + 1] });
      // A value given as the next word must not be read as a subcommand.
      if (takesSeparateValue(v, tree.flagsOf(r.node))) i++;
      continue;
    }
    if (!resolving) {
      r.positionals.push(v);
      continue;
    }
    const child = r.node.children.get(v);
    if (child) {
      r.node = child;
      r.path = child.fact.path;
      continue;
    }
    resolving = false;
    r.positionals.push(v);
    if (isPlaceholder(v)) {
      if (r.node.children.size && !r.node.fact.group) continue; // a runnable command's argument
      r.unresolved = r.node.children.size > 0;
      continue;
    }
    if (r.node.children.size && (r.node.fact.group || r.node === tree.root)) {
      r.unknown = v;
      return r;
    }
  }
  return r;
}

/** Problems of one invocation, as `<what> → <why>` (without file:line and tag). */
export function invocationProblems(inv: Invocation, tree: CommandTree): string[] {
  const problems: string[] = [];
  const { node, path, unresolved, positionals, flagWords, unknown } = resolveInvocation(inv, tree);
  const args = inv.args;
  if (unknown !== undefined) return [`${path} ${unknown} → unknown command "${unknown}" for "${path}"`];

  if (unresolved) return problems; // flags belong to a subcommand we cannot know
  const flags = tree.flagsOf(node);
  const help = flagWords.some(({ word }) => /^(--help|-h)(=|$)/.test(word.value));
  if (node.fact.group && !positionals.length && !help) {
    problems.push(`${path} → command group with no subcommand (one of: ${[...new Set(node.names)].join(', ')})`);
  }
  if (node.fact.path === 'zrok help') {
    // `zrok help <command path>` must name a command.
    let topic = tree.root;
    for (const w of args.slice(args.findIndex((a) => a.value === 'help') + 1)) {
      if (w.value.startsWith('-')) continue;
      if (isPlaceholder(w.value)) break;
      const next = topic.children.get(w.value);
      if (!next) {
        problems.push(`zrok help ${w.value} → unknown help topic "${w.value}" under "${topic.fact.path}"`);
        break;
      }
      topic = next;
    }
  }
  for (const { word, next } of flagWords) {
    const problem = flagProblem(word.value, next?.value, flags);
    if (problem) problems.push(`${path} ${word.value} → ${problem} for "${path}"`);
  }
  return problems;
}

function lookup(flags: FlagFact[], v: string): FlagFact | undefined {
  return v.startsWith('--') ? flags.find((f) => f.name === v.slice(2)) : flags.find((f) => f.short === v.slice(1, 2));
}

/** `--name value` / `-n value`: the next word is the flag's value. */
function takesSeparateValue(v: string, flags: FlagFact[]): boolean {
  if (v.includes('=') || (!v.startsWith('--') && v.length > 2)) return false;
  const flag = lookup(flags, v);
  return !!flag && !NO_VALUE_TYPES.has(flag.type);
}

function flagProblem(token: string, next: string | undefined, flags: FlagFact[]): string | undefined {
  if (isPlaceholder(token.replace(/^-+/, ''))) return undefined;
  if (token.startsWith('--')) {
    const name = token.slice(2).split('=')[0];
    if (name.includes(DYNAMIC) || name.includes('<')) return undefined;
    const flag = flags.find((f) => f.name === name);
    if (!flag) return 'unknown flag';
    if (!token.includes('=') && !NO_VALUE_TYPES.has(flag.type) && next === undefined) return 'flag needs a value';
    return undefined;
  }
  // -x, -xyz (bool shorthands combined), -xVALUE, -x=VALUE
  const letters = token.slice(1);
  for (let i = 0; i < letters.length; i++) {
    const c = letters[i];
    if (c === DYNAMIC || c === '<') return undefined;
    const flag = flags.find((f) => f.short === c);
    if (!flag) return letters.length === 1 ? 'unknown flag' : `unknown shorthand flag "-${c}" in ${token}`;
    if (!NO_VALUE_TYPES.has(flag.type)) {
      if (i === letters.length - 1 && next === undefined) return 'flag needs a value';
      return undefined; // the rest of the word (or the next word) is its value
    }
  }
  return undefined;
}

/** Errors of one page against one release, and the facts it states for the version-wide check. */
export function checkPage(file: string, text: string, tree: CommandTree, statements: Statement[] = []): CliError[] {
  const errors: CliError[] = [];
  const { tag } = tree.facts;
  const shares: ShareCreation[] = [];
  const fences = codeFences(text);
  for (const fence of fences) {
    if (forOlderReleasesOnly(fence.title, tag)) continue;
    for (const inv of [...zrokInvocations(fence), ...composeInvocations(fence)]) {
      for (const p of invocationProblems(inv, tree)) errors.push({ file, line: inv.line, message: `${p} in ${tag}` });
      const r = resolveInvocation(inv, tree);
      const share = r.unresolved || r.unknown ? undefined : privateShareMode(r.path, r.positionals, r.flagWords.map((f) => f.word.value), tree.facts);
      if (share) shares.push({ line: inv.line, ...share });
    }
    for (const p of [...checkConfigBlock(fence, tree.facts), ...environmentProblems(fence, tree.facts)]) errors.push({ file, line: p.line, message: p.message });
  }
  const prose = pageProse(text);
  for (const p of [...permissionClaimProblems(prose, shares, tag), ...stanzaDefaultProblems(text, fences, prose, tree.facts)]) errors.push({ file, line: p.line, message: p.message });
  statements.push(...pageStatements(file, text, prose, tag));
  return errors.sort((a, b) => a.line - b.line);
}

/** Every .md/.mdx file under `dir`, relative to `root`, sorted. */
function pageFiles(root: string, dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of readdirSync(path.join(root, rel), { withFileTypes: true })) {
      if (e.name.startsWith('.')) continue;
      const child = `${rel}/${e.name}`;
      if (e.isDirectory()) walk(child);
      else if (/\.mdx?$/.test(e.name)) out.push(child);
    }
  };
  walk(dir);
  return out.sort();
}

/**
 * What `npm run docs:version` writes for a version whose release's facts are not read yet: the version it was cut from,
 * whose facts it is checked against until scripts/extract-cli.ts replaces the file.
 */
export interface BorrowedFacts {
  factsOf: string;
}

function readFacts(root: string, version: string): CliFacts | BorrowedFacts {
  return JSON.parse(readFileSync(path.join(root, CLI_DIR, `${version}.json`), 'utf8')) as CliFacts | BorrowedFacts;
}

export function loadFacts(root: string, version: string, seen = new Set<string>()): CliFacts {
  const facts = readFacts(root, version);
  if (!('factsOf' in facts)) return facts;
  if (seen.has(facts.factsOf)) throw new Error(`${CLI_DIR}/${version}.json: "factsOf" goes round in a circle through ${facts.factsOf}`);
  return loadFacts(root, facts.factsOf, seen.add(version));
}

/** One line when a version is checked against the facts of another release (see BorrowedFacts), else undefined. */
export function borrowedFactsNotice(root: string, version: string): string | undefined {
  if (!existsSync(path.join(root, CLI_DIR, `${version}.json`))) return undefined;
  const facts = readFacts(root, version);
  if (!('factsOf' in facts)) return undefined;
  return `${version}: checked against ${facts.factsOf}'s release (${loadFacts(root, version).tag}) until you run npx tsx scripts/extract-cli.ts <zrok git dir> <v${version}.x tag>`;
}

/** The docs versions (folders of content/docs). */
export function docsVersions(root: string): string[] {
  return readdirSync(path.join(root, DOCS_DIR), { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('.') && !e.name.startsWith('_'))
    .map((e) => e.name)
    .sort();
}

/** Checks every page of one docs version against its release facts. */
export function checkVersion(root: string, version: string): CliError[] {
  const factsFile = `${CLI_DIR}/${version}.json`;
  if (!existsSync(path.join(root, factsFile))) {
    return [{ file: factsFile, line: 1, message: `missing → run npx tsx scripts/extract-cli.ts <zrok git dir> <tag> for docs version ${version}` }];
  }
  const tree = new CommandTree(loadFacts(root, version));
  const statements: Statement[] = [];
  const errors = pageFiles(root, `${DOCS_DIR}/${version}`).flatMap((file) => checkPage(file, readFileSync(path.join(root, file), 'utf8'), tree, statements));
  return [...errors, ...oneStoryProblems(statements, tree.facts)];
}

/**
 * Finds the zrok invocations in one code block of a page: commands whose program is `zrok`
 * (`zrok.exe`, `/usr/bin/zrok`, …) or the `openziti/zrok` container image, wherever a shell would run
 * them — after prompts, env assignments, sudo/env, `docker (compose) exec|run`, `kubectl exec --`,
 * `bash -c '…'`, and after &&, ||, ;, |, & or inside $(…). Only the words are returned: checking them
 * against a release's commands is cli-check.ts's job.
 *
 * POSIX blocks are read by tree-sitter-bash and PowerShell blocks by tree-sitter-powershell; cmd blocks, which no
 * grammar covers, by batchCommands below. A prepass first makes of a block what a grammar can read, line for line
 * and column for column: prompts and output lines become blanks, and each docs `<placeholder>` one word.
 *
 * The grammars replaced a lexer of our own after a comparison over every code block of every docs version
 * (bench/shell-readers.ts): of 812 bash, 235 text, 32 PowerShell and 3 Command Prompt blocks and 24 compose
 * `command:` strings, none gives other invocations or words. Of 52 harder lines tried beside them, the grammars
 * read 2 as the shells do where the lexer did not (a `$(…)` in an unquoted heredoc runs; PowerShell's `'it''s'`
 * is `it's`), and 6 worse, from four slips mended below: tree-sitter-bash takes the words after a redirection's
 * target for more targets and drops a line break inside "…"; tree-sitter-powershell reads no `--flag=value` and
 * takes a redirection for words (test/unit/shell-commands.test.ts holds them). The price is CPU: reading every
 * block takes 0.15 to 0.25 s more than the lexer did, and loading the grammars about 0.2 s (../common/tree-sitter.ts).
 */
import type { Node } from 'web-tree-sitter';
import { parserFor } from '../common/tree-sitter.ts';
import type { CodeFence } from './code-fences.ts';

const bash = await parserFor('tree-sitter-bash');
const powershell = await parserFor('tree-sitter-powershell');

export interface Word {
  /** Quotes and escapes removed; every expansion ($X, $(…), `…`, %X%) becomes DYNAMIC. */
  value: string;
  /** 1-based line of the page where the word starts. */
  line: number;
}

export interface Invocation {
  /** Line of the page where the program word (zrok, or the zrok image) stands. */
  line: number;
  /** The program as written after quote removal: zrok, zrok.exe, ./zrok, openziti/zrok:latest, … */
  program: string;
  args: Word[];
}

/** Stands for text only known when the command runs. */
export const DYNAMIC = '\u0001';

type Dialect = 'posix' | 'powershell' | 'batch';
/** script: every line is a command. prompted: only lines after a prompt. zrok-lines: only lines that start with zrok or a prompt. */
type Mode = 'script' | 'prompted' | 'zrok-lines';

const POSIX_LANGS = new Set(['bash', 'sh', 'shell', 'zsh', 'ksh', 'fish', 'console', 'shell-session', 'shellsession', 'sh-session', 'terminal']);
const SESSION_LANGS = new Set(['console', 'shell-session', 'shellsession', 'sh-session', 'terminal']);
const PS_LANGS = new Set(['powershell', 'ps1', 'pwsh', 'ps', 'posh']);
const BATCH_LANGS = new Set(['bat', 'batch', 'cmd', 'dos', 'dosbatch', 'winbatch']);
const TEXT_LANGS = new Set(['', 'text', 'txt', 'plaintext', 'plain']);
/** A text block is treated as a terminal only without a title or with a title like these (not "Output", "Caddyfile", …). */
const TERMINAL_TITLE = /terminal|command|shell|prompt|console|powershell|bash|cli\b/i;
const NOT_COMMANDS_TITLE = /output|log\b|result/i;

const PROMPT: Record<Dialect, RegExp> = {
  posix: /^(?:[\w.-]+@[\w.-]+(?::\S*)?\s*)?[$%]\s+/,
  powershell: /^PS(?:\s[^>]*)?>\s*/,
  batch: /^[A-Za-z]:\\[^>]*>\s*/,
};
const CONTINUATION: Record<Dialect, RegExp> = { posix: /\\$/, powershell: /\s`$/, batch: /\s\^$/ };

/** How a block is read, or null when its language is not a shell (yaml, json, …) or it is output. */
function blockDialect(fence: CodeFence): { dialect: Dialect; mode: Mode } | null {
  const { lang, title = '' } = fence;
  if (POSIX_LANGS.has(lang) || PS_LANGS.has(lang) || BATCH_LANGS.has(lang)) {
    const dialect: Dialect = PS_LANGS.has(lang) ? 'powershell' : BATCH_LANGS.has(lang) ? 'batch' : 'posix';
    // A block that shows a prompt anywhere mixes commands with their output.
    const prompted = SESSION_LANGS.has(lang) || fence.content.some((l) => PROMPT[dialect].test(l));
    return { dialect, mode: prompted ? 'prompted' : 'script' };
  }
  if (TEXT_LANGS.has(lang) && (!title || (TERMINAL_TITLE.test(title) && !NOT_COMMANDS_TITLE.test(title)))) {
    const dialect: Dialect = /powershell/i.test(title) ? 'powershell' : /command prompt|cmd/i.test(title) ? 'batch' : 'posix';
    return { dialect, mode: 'zrok-lines' };
  }
  return null;
}

/** A word of a command, with the 0-based row of the block it starts on. */
interface ShellWord {
  value: string;
  row: number;
}

export function zrokInvocations(fence: CodeFence): Invocation[] {
  const how = blockDialect(fence);
  // Without the word zrok in it, no command of a block can run zrok.
  if (!how || !fence.content.some((l) => /zrok/i.test(l))) return [];
  const { dialect } = how;
  const text = commandText(fence.content, dialect, how.mode);
  const commands = dialect === 'batch' ? batchCommands(text) : grammarCommands(dialect, text);
  const lineOf = (row: number) => fence.fenceLine + 1 + row;
  return commands.flatMap((words) => findZrok(words, dialect, lineOf) ?? []);
}

/**
 * The block as a shell would see it, with the same lines and columns: prompts become spaces, lines that are not
 * commands (a session's output, a text block's prose) become empty, and each `<placeholder>` is hidden from the
 * grammar as one word (see PLACEHOLDER).
 */
function commandText(lines: string[], dialect: Dialect, mode: Mode): string {
  let continuing = false;
  return lines
    .map((raw) => {
      const line = raw.trimEnd();
      const indent = line.length - line.trimStart().length;
      const prompt = PROMPT[dialect].exec(line.slice(indent));
      const command = prompt ? line.slice(indent + prompt[0].length) : line;
      const keep = continuing || mode === 'script' || !!prompt || (mode === 'zrok-lines' && isZrokProgram(command.trim().split(/\s+/)[0]));
      continuing = keep && CONTINUATION[dialect].test(line);
      if (!keep) return '';
      return hideFromGrammar(prompt ? ' '.repeat(indent + prompt[0].length) + command : line, dialect);
    })
    .join('\n');
}

/** A docs placeholder such as `<target>` or `<your token>` (not `<<EOF`, `< file`, `<=`). */
const PLACEHOLDER = /(?<!<)<[^\s<>=&|;][^<>\n]*>/g;
/** A PowerShell word that starts like a parameter: tree-sitter-powershell reads only `-name` and `-name:value`. */
const PS_DASH_WORD = /(?<![^\s(])-[^\s;|&(){}]*/g;
/** Each ASCII character of hidden text is shifted into the private-use area, where no grammar sees an operator. */
const HIDDEN = 0xe000;
const hide = (text: string) => text.replace(/[\0-\x7f]/g, (c) => String.fromCharCode(HIDDEN + c.charCodeAt(0)));
const showHidden = (value: string) => value.replace(/[\ue000-\ue07f]/g, (c) => String.fromCharCode(c.charCodeAt(0) - HIDDEN));

/** Placeholders, and PowerShell's GNU-style flags (`--backend-mode=web`), become words the grammar reads as one. */
function hideFromGrammar(line: string, dialect: Dialect): string {
  const hidden = line.replace(PLACEHOLDER, hide);
  return dialect === 'powershell' ? hidden.replace(PS_DASH_WORD, (w) => (/^-+[A-Za-z_?`-]*(:|$)/.test(w) ? w : hide(w))) : hidden;
}

/** The commands of `text` as the dialect's grammar reads them (the syntax tree is freed after). */
function grammarCommands(dialect: 'posix' | 'powershell', text: string): ShellWord[][] {
  const tree = (dialect === 'posix' ? bash : powershell).parse(text)!;
  try {
    return dialect === 'posix' ? bashCommands(tree.rootNode) : powershellCommands(tree.rootNode);
  } finally {
    tree.delete();
  }
}

const word = (node: Node, value: string): ShellWord => ({ value: showHidden(value), row: node.startPosition.row });

/** tree-sitter-bash: every simple command, those in $(…) and `…` included; assignments and redirections are not words. */
function bashCommands(root: Node): ShellWord[][] {
  return root.descendantsOfType('command').flatMap((command) => {
    const name = command!.childForFieldName('name');
    if (!name) return [];
    // The grammar reads words after a redirection's target as more targets; bash passes them to the command.
    const statement = command!.parent?.type === 'redirected_statement' && command!.parent.childForFieldName('body')?.id === command!.id ? command!.parent : undefined;
    const after = (statement?.childrenForFieldName('redirect') ?? []).flatMap((r) => (r!.type === 'file_redirect' ? r!.childrenForFieldName('destination').slice(1) : []));
    return [[name, ...command!.childrenForFieldName('argument'), ...after].map((n) => word(n!, bashValue(n!)))];
  });
}

/** A word after quote removal, each expansion standing as DYNAMIC. */
function bashValue(node: Node): string {
  switch (node.type) {
    case 'command_name':
    case 'concatenation':
      return node.namedChildren.map((c) => bashValue(c!)).join('');
    case 'word':
      return node.text.replace(/\\(.)/gs, '$1');
    case 'string':
    case 'translated_string':
      return quoted(node, (c) => c.type === 'string_content').replace(/\\([$`"\\\n])/g, '$1');
    case 'raw_string':
      return node.text.slice(1, -1);
    case 'ansi_c_string':
      return node.text.slice(2, -1);
    case 'number':
      return node.text;
    default:
      return DYNAMIC; // $X, ${X}, $(…), `…`, $((…)), <(…)
  }
}

/** The text of a quoted node between its quotes, with each child that is not text standing as DYNAMIC. */
function quoted(node: Node, isText: (child: Node) => boolean): string {
  let value = node.text;
  for (const c of [...node.namedChildren].reverse()) {
    if (!isText(c!)) value = value.slice(0, c!.startIndex - node.startIndex) + DYNAMIC + value.slice(c!.endIndex - node.startIndex);
  }
  return value.slice(value.indexOf('"') + 1, value.lastIndexOf('"'));
}

/** tree-sitter-powershell: every command, those in $(…) and script blocks included. */
function powershellCommands(root: Node): ShellWord[][] {
  return root.descendantsOfType('command').flatMap((command) => {
    const name = command!.childForFieldName('command_name');
    if (!name) return [];
    const args = command!.childForFieldName('command_elements')?.namedChildren.filter((n) => n!.type !== 'command_argument_sep' && n!.type !== 'redirection') ?? [];
    return [[name, ...args].map((n) => word(n!, powershellValue(n!)))];
  });
}

function powershellValue(node: Node): string {
  switch (node.type) {
    case 'expandable_string_literal':
      return quoted(node, () => false).replace(/`(.)/g, '$1');
    case 'verbatim_string_characters':
      return node.text.slice(1, -1).replace(/''/g, "'");
    case 'variable':
    case 'sub_expression':
    case 'parenthesized_expression':
    case 'script_block_expression':
    case 'expandable_here_string_literal': // a text of its own, as an argument
    case 'verbatim_here_string_characters':
      return DYNAMIC;
    case 'generic_token':
      // A bare word expands the variables in it.
      return showHidden(node.text).replace(/`(.)/g, '$1').replace(/\$(?:\{[^}]*\}|[A-Za-z_]\w*(?::[A-Za-z_]\w*)?)/g, DYNAMIC);
    default:
      if (node.namedChildCount === 1) return powershellValue(node.firstNamedChild!);
      return node.text.replace(/`(.)/g, '$1');
  }
}

/**
 * cmd.exe, which no grammar covers: commands split at &, &&, | and ||, words at blanks outside "…", ^ escapes
 * (and continues a line), %VAR% is DYNAMIC, a redirection and its target are no words.
 */
function batchCommands(text: string): ShellWord[][] {
  const commands: ShellWord[][] = [];
  let words: ShellWord[] = [];
  let current: ShellWord | undefined;
  let row = 0;
  let redirect = false;
  const add = (s: string) => ((current ??= { value: '', row }).value += s);
  const endWord = () => {
    if (current && !redirect) words.push({ ...current, value: showHidden(current.value) });
    if (current) redirect = false;
    current = undefined;
  };
  const endCommand = () => {
    endWord();
    if (words.length) commands.push(words);
    words = [];
  };
  for (let i = 0, quoted = false; i < text.length; i++) {
    const c = text[i];
    const variable = c === '%' ? /^%\w+%/.exec(text.slice(i)) : null;
    if (c === '\n') row++;
    if (variable) {
      add(DYNAMIC);
      i += variable[0].length - 1;
    } else if (c === '"') {
      quoted = !quoted;
      add('');
    } else if (c === '^' && !quoted) {
      if (text[++i] === '\n') row++;
      else add(text[i] ?? '');
    } else if (c === '\n') {
      quoted = false;
      endCommand();
    } else if (quoted) add(c);
    else if (c === ' ' || c === '\t') endWord();
    else if (c === '&' || c === '|' || c === '(' || c === ')') endCommand();
    else if (c === '<' || c === '>') {
      if (c === '>' && current && /^\d$/.test(current.value)) current = undefined; // 2>…: the fd is no word
      endWord();
      while (text[i + 1] === '>' || text[i + 1] === '&') i++;
      if (text[i] === '&' && /\d/.test(text[i + 1] ?? '')) i++; // 2>&1: no target follows
      else redirect = true;
    } else add(c);
  }
  endCommand();
  return commands;
}

const basename = (v: string) => v.split(/[\\/]/).pop() ?? '';

export function isZrokProgram(value: string): boolean {
  const base = basename(value);
  return base === 'zrok' || base.toLowerCase() === 'zrok.exe';
}

const ZROK_IMAGE = /^(?:[\w.-]+(?::\d+)?\/)*openziti\/zrok(?::[\w.-]+)?(?:@sha256:[0-9a-f]+)?$/;

/** openziti/zrok[:tag], with any registry in front: its entrypoint is zrok. */
export const isZrokImage = (image: string) => ZROK_IMAGE.test(image);

/** The words of a command line as a POSIX shell splits them (how compose splits a string `command:`). */
export function shellWords(text: string): string[] {
  return grammarCommands('posix', hideFromGrammar(text, 'posix'))
    .flat()
    .map((w) => w.value);
}

/** Words that may stand before the program without changing which program runs. */
const PREFIX_WORDS = new Set(['time', 'exec', 'nohup', 'command', 'builtin', 'doas']);
/** Options of sudo / env / docker / kubectl that take a separate value. */
const SUDO_VALUE = new Set(['-u', '-g', '-C', '-D', '-h', '-p', '-r', '-t', '-U', '-T', '--user', '--group', '--chdir', '--host', '--prompt', '--role', '--type', '--other-user', '--command-timeout', '--close-from']);
const ENV_VALUE = new Set(['-u', '--unset', '-C', '--chdir', '-S', '--split-string']);
const DOCKER_EXEC_VALUE = new Set(['-u', '--user', '-w', '--workdir', '-e', '--env', '--env-file', '--detach-keys', '--index']);
const DOCKER_RUN_VALUE = new Set([
  '-v', '--volume', '-e', '--env', '--env-file', '--network', '--net', '-u', '--user', '-p', '--publish', '--name', '-w', '--workdir',
  '--entrypoint', '--mount', '--platform', '-h', '--hostname', '--add-host', '-l', '--label', '--restart', '--pull', '--cap-add',
  '--cap-drop', '--device', '--dns', '--log-driver', '--log-opt', '-m', '--memory', '--cpus', '--security-opt', '--tmpfs', '--ulimit',
  '--volumes-from', '--expose', '--link', '--ip', '--stop-signal', '--label-file', '--group-add', '--userns', '--pid', '--ipc',
]);
const COMPOSE_GLOBAL_VALUE = new Set(['-f', '--file', '-p', '--project-name', '--profile', '--env-file', '--project-directory', '--ansi', '--parallel']);

/** Index of the first word after options (and their values, for the options in `withValue`) from `k`. */
function skipOptions(words: ShellWord[], k: number, withValue: Set<string>): number {
  while (k < words.length && words[k].value.startsWith('-') && words[k].value !== '--') {
    k += !words[k].value.includes('=') && withValue.has(words[k].value) ? 2 : 1;
  }
  return k;
}

function findZrok(words: ShellWord[], dialect: Dialect, lineOf: (row: number) => number): Invocation | null {
  let k = 0;
  for (;;) {
    const v = words[k]?.value;
    if (v === undefined) return null;
    if (PREFIX_WORDS.has(v)) k++;
    else if (dialect === 'posix' && /^[A-Za-z_]\w*=/.test(v)) k++; // VAR=value after sudo or env
    else if (v === 'sudo') k = skipOptions(words, k + 1, SUDO_VALUE);
    else if (v === 'env') k = skipOptions(words, k + 1, ENV_VALUE);
    else break;
  }
  const program = words[k];
  const invocation = (at: number): Invocation => ({
    line: lineOf(words[at].row),
    program: words[at].value,
    args: words.slice(at + 1).map((w) => ({ value: w.value, line: lineOf(w.row) })),
  });
  if (isZrokProgram(program.value)) return invocation(k);

  const tool = basename(program.value).toLowerCase().replace(/\.exe$/, '');
  const sub = words[k + 1]?.value;
  if (tool === 'docker' || tool === 'podman' || tool === 'docker-compose') {
    let j = k + 1;
    if (tool === 'docker' && sub === 'compose') j = skipOptions(words, k + 2, COMPOSE_GLOBAL_VALUE);
    else if (tool === 'docker-compose') j = skipOptions(words, k + 1, COMPOSE_GLOBAL_VALUE);
    else if (sub === 'container') j = k + 2;
    const verb = words[j]?.value;
    const compose = tool === 'docker-compose' || sub === 'compose';
    if (verb === 'exec' || (compose && verb === 'run')) {
      // The container/service, then the command it runs (which may be sudo, bash -c, …).
      const target = skipOptions(words, j + 1, verb === 'exec' ? DOCKER_EXEC_VALUE : DOCKER_RUN_VALUE);
      return findZrok(words.slice(target + 1), dialect, lineOf);
    } else if (verb === 'run' || verb === 'create') {
      // The zrok image's entrypoint is zrok: the words after the image are zrok's arguments.
      const image = skipOptions(words, j + 1, DOCKER_RUN_VALUE);
      if (words[image] && isZrokImage(words[image].value)) return invocation(image);
      return findZrok(words.slice(image + 1), dialect, lineOf);
    }
    return null;
  }
  if ((tool === 'kubectl' || tool === 'oc') && sub === 'exec') {
    const dashes = words.findIndex((w, at) => at > k && w.value === '--');
    return dashes > 0 ? findZrok(words.slice(dashes + 1), dialect, lineOf) : null;
  }
  // nssm install <service> <program> [arguments]: the service runs that program.
  if (tool === 'nssm' && sub === 'install' && words[k + 3] && isZrokProgram(words[k + 3].value)) return invocation(k + 3);
  // bash -c 'zrok …', bash -xc '…', su -c '…': the string is a command line of its own.
  if (/^(ba|z|k|da)?sh$/.test(tool) || tool === 'su') {
    const c = words.findIndex((w, at) => at > k && /^-[a-z]*c[a-z]*$/.test(w.value));
    const script = words[c + 1];
    if (c > 0 && script && !script.value.includes(DYNAMIC)) {
      // The script's words keep the line of the quoted string.
      for (const cmd of grammarCommands('posix', hideFromGrammar(script.value, 'posix'))) {
        const found = findZrok(
          cmd.map((w) => ({ ...w, row: script.row })),
          'posix',
          lineOf,
        );
        if (found) return found;
      }
    }
  }
  return null;
}

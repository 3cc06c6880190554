/**
 * Finds the zrok invocations in one code block of a page: commands whose program is `zrok`
 * (`zrok.exe`, `/usr/bin/zrok`, …) or the `openziti/zrok` container image, wherever a shell would run
 * them — after prompts, env assignments, sudo/env, `docker (compose) exec|run`, `kubectl exec --`,
 * `bash -c '…'`, and after &&, ||, ;, |, & or inside $(…). Continuation lines are joined; heredoc
 * bodies, comments and program output are skipped. Only the words are returned: checking them
 * against a release's commands is cli-check.ts's job.
 *
 * Why a lexer of our own, tried against the docs' shell blocks:
 * - shell-quote keeps no positions (a bad flag on a continuation line must be reported on its own
 *   line), reads the docs' `<placeholder>` words as redirections, joins lines into one command and
 *   does not look inside $(…): it lost words in 81 of 799 POSIX blocks.
 * - sh-syntax (mvdan/sh as WebAssembly) fails on 59 of them for the placeholders, and parses them all
 *   once those are rewritten, but it is async, and the PowerShell and cmd blocks would still need
 *   this lexer: two readers to keep in step instead of one.
 */
import type { CodeFence } from './code-fences.ts';

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
const CONTINUATION: Record<Dialect, RegExp> = { posix: /\\\s*$/, powershell: /\s`\s*$/, batch: /\s\^\s*$/ };

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

export function zrokInvocations(fence: CodeFence): Invocation[] {
  const how = blockDialect(fence);
  if (!how) return [];
  const { dialect, mode } = how;
  const lines = fence.content;
  const out: Invocation[] = [];
  for (let i = 0; i < lines.length; i++) {
    let first = lines[i].trim();
    const prompt = PROMPT[dialect].exec(first);
    if (prompt) first = first.slice(prompt[0].length);
    else if (mode === 'prompted') continue;
    if (mode === 'zrok-lines' && !prompt && !isZrokProgram(first.split(/\s+/)[0] ?? '')) continue;

    // One logical line: continuations joined, and more lines while a quote or here-string is open.
    const segments: { start: number; line: number }[] = [{ start: 0, line: fence.fenceLine + 1 + i }];
    let text = first;
    while (CONTINUATION[dialect].test(text) && i + 1 < lines.length) {
      text = text.replace(CONTINUATION[dialect], ' ');
      i++;
      segments.push({ start: text.length, line: fence.fenceLine + 1 + i });
      text += lines[i].trim();
    }
    let lexed = lex(text, dialect);
    for (let extra = 0; lexed.unterminated && extra < 50 && i + 1 < lines.length; extra++) {
      i++;
      text += '\n';
      segments.push({ start: text.length, line: fence.fenceLine + 1 + i });
      text += lines[i];
      lexed = lex(text, dialect);
    }
    // Heredoc bodies are data, not commands.
    for (const delimiter of lexed.heredocs) {
      while (i + 1 < lines.length && lines[i + 1].trim() !== delimiter) i++;
      i++;
    }
    const lineAt = (offset: number) => {
      let line = segments[0].line;
      for (const s of segments) if (s.start <= offset) line = s.line;
      return line;
    };
    for (const cmd of lexed.commands) {
      const inv = findZrok(cmd, dialect, lineAt);
      if (inv) out.push(inv);
    }
  }
  return out;
}

interface LexWord {
  value: string;
  start: number;
}

interface Lexed {
  /** Simple commands: their words, redirections removed. */
  commands: LexWord[][];
  heredocs: string[];
  unterminated: boolean;
}

const OPS = ['&&', '||', ';;', '|&', '|', '&', ';', '(', ')'];

/**
 * Splits a logical line into simple commands (at &&, ||, |, ;, &, parentheses, unquoted newlines
 * and, in PowerShell, braces), with command substitutions lexed as commands of their own.
 */
function lex(s: string, dialect: Dialect, base = 0): Lexed {
  const escape = dialect === 'posix' ? '\\' : dialect === 'powershell' ? '`' : '^';
  const commands: LexWord[][] = [];
  const heredocs: string[] = [];
  let current: LexWord[] = [];
  let word: LexWord | null = null;
  let redirect = false; // the next word is a redirection target
  let unterminated = false;

  const add = (text: string, at: number) => {
    if (!word) word = { value: '', start: base + at };
    word.value += text;
  };
  const endWord = () => {
    if (word) {
      if (!redirect) current.push(word);
      redirect = false;
      word = null;
    }
  };
  const endCommand = () => {
    endWord();
    if (current.length) commands.push(current);
    current = [];
  };
  /** `$(…)` / `` `…` ``: lexed as commands of their own; the word only knows it is dynamic. */
  const substitute = (inner: string, innerStart: number, at: number) => {
    const sub = lex(inner, dialect, base + innerStart);
    commands.push(...sub.commands);
    add(DYNAMIC, at);
  };

  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (c === ' ' || c === '\t' || c === '\r') {
      endWord();
      i++;
    } else if (c === '\n') {
      endCommand();
      i++;
    } else if (c === '#' && !word && dialect !== 'batch') {
      const nl = s.indexOf('\n', i);
      i = nl < 0 ? s.length : nl;
    } else if (c === escape) {
      if (s[i + 1] === '\n') i += 2;
      else {
        add(s[i + 1] ?? '', i);
        i += 2;
      }
    } else if (c === "'" && dialect !== 'batch') {
      const end = s.indexOf("'", i + 1);
      if (end < 0) {
        unterminated = true;
        break;
      }
      add(s.slice(i + 1, end), i);
      i = end + 1;
    } else if (c === '@' && dialect === 'powershell' && (s[i + 1] === '"' || s[i + 1] === "'")) {
      const end = s.indexOf(`\n${s[i + 1]}@`, i + 2);
      if (end < 0) {
        unterminated = true;
        break;
      }
      add(DYNAMIC, i);
      i = end + 3;
    } else if (c === '"') {
      let j = i + 1;
      add('', i);
      while (j < s.length && s[j] !== '"') {
        if (s[j] === escape && dialect !== 'batch') {
          add(s[j + 1] ?? '', j);
          j += 2;
        } else if (s[j] === '$' && dialect !== 'batch') {
          j = expansion(j);
        } else if (s[j] === '`' && dialect === 'posix') {
          j = backtick(j);
        } else if (s[j] === '%' && dialect === 'batch' && /^%\w+%/.test(s.slice(j))) {
          add(DYNAMIC, j);
          j = s.indexOf('%', j + 1) + 1;
        } else add(s[j++], j - 1);
        if (unterminated) break;
      }
      if (j >= s.length) {
        unterminated = true;
        break;
      }
      i = j + 1;
    } else if (c === '$' && dialect !== 'batch') {
      i = expansion(i);
      if (unterminated) break;
    } else if (c === '`' && dialect === 'posix') {
      i = backtick(i);
      if (unterminated) break;
    } else if (c === '%' && dialect === 'batch' && /^%\w+%/.test(s.slice(i))) {
      add(DYNAMIC, i);
      i = s.indexOf('%', i + 1) + 1;
    } else if (c === '<' && /^<[^\s<>=&|;][^<>\n]*>/.test(s.slice(i))) {
      // <placeholder> in docs, not a redirection
      const end = s.indexOf('>', i);
      add(s.slice(i, end + 1), i);
      i = end + 1;
    } else if (c === '<' || c === '>') {
      if (c === '>' && word && /^\d$/.test((word as LexWord).value)) word = null; // 2>…: the fd is no word
      endWord();
      if (s.startsWith('<<<', i)) i += 3;
      else if (s.startsWith('<<', i) && dialect === 'posix') {
        const h = /^<<-?\s*(['"]?)([\w.-]+)\1/.exec(s.slice(i));
        if (h) {
          heredocs.push(h[2]);
          i += h[0].length;
          continue;
        }
        i += 2;
      } else {
        i++;
        while (s[i] === '>' || s[i] === '&' || s[i] === '|') i++;
        if (/\d/.test(s[i] ?? '') && s[i - 1] === '&') {
          while (/\d/.test(s[i] ?? '')) i++;
          continue; // >&2: no target word follows
        }
      }
      redirect = true;
    } else if (dialect === 'powershell' && (c === '{' || c === '}')) {
      endCommand();
      i++;
    } else {
      const op = OPS.find((o) => s.startsWith(o, i));
      if (op) {
        endCommand();
        i += op.length;
      } else add(c, i++);
    }
  }
  endCommand();
  return { commands, heredocs, unterminated };

  /** $(…), $((…)), ${…}, $name at `j`; returns the index after it. */
  function expansion(j: number): number {
    const next = s[j + 1];
    if (next === '(') {
      const close = matchParen(s, j + 1);
      if (close < 0) {
        unterminated = true;
        return s.length;
      }
      if (s[j + 2] === '(') add(DYNAMIC, j);
      else substitute(s.slice(j + 2, close), j + 2, j);
      return close + 1;
    }
    if (next === '{') {
      const close = s.indexOf('}', j);
      if (close < 0) {
        unterminated = true;
        return s.length;
      }
      add(DYNAMIC, j);
      return close + 1;
    }
    const name = /^[A-Za-z_][\w]*(?::[A-Za-z_]\w*)?|^[0-9@*#?$!-]/.exec(s.slice(j + 1));
    if (name) {
      add(DYNAMIC, j);
      return j + 1 + name[0].length;
    }
    add('$', j);
    return j + 1;
  }

  function backtick(j: number): number {
    const end = s.indexOf('`', j + 1);
    if (end < 0) {
      unterminated = true;
      return s.length;
    }
    substitute(s.slice(j + 1, end), j + 1, j);
    return end + 1;
  }
}

/** Index of the `)` closing the `(` at `open`, skipping quoted text; -1 when there is none. */
function matchParen(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') i++;
    else if (c === "'") {
      const end = s.indexOf("'", i + 1);
      if (end < 0) return -1;
      i = end;
    } else if (c === '"') {
      let j = i + 1;
      while (j < s.length && s[j] !== '"') j += s[j] === '\\' ? 2 : 1;
      i = j;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return -1;
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
  return lex(text, 'posix').commands.flat().map((w) => w.value);
}

/** Words that may stand before the program without changing which program runs. */
const PREFIX_WORDS = new Set(['if', 'then', 'else', 'elif', 'do', 'while', 'until', '!', '{', 'time', 'exec', 'nohup', 'command', 'builtin', 'doas']);
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
function skipOptions(words: LexWord[], k: number, withValue: Set<string>): number {
  while (k < words.length && words[k].value.startsWith('-') && words[k].value !== '--') {
    k += !words[k].value.includes('=') && withValue.has(words[k].value) ? 2 : 1;
  }
  return k;
}

function findZrok(words: LexWord[], dialect: Dialect, lineAt: (offset: number) => number): Invocation | null {
  let k = 0;
  for (;;) {
    const v = words[k]?.value;
    if (v === undefined) return null;
    if (PREFIX_WORDS.has(v)) k++;
    else if (dialect === 'posix' && /^[A-Za-z_]\w*=/.test(v)) k++; // VAR=value before the program
    else if (v === 'sudo') k = skipOptions(words, k + 1, SUDO_VALUE);
    else if (v === 'env') k = skipOptions(words, k + 1, ENV_VALUE);
    else break;
  }
  const program = words[k];
  const invocation = (at: number): Invocation => ({
    line: lineAt(words[at].start),
    program: words[at].value,
    args: words.slice(at + 1).map((w) => ({ value: w.value, line: lineAt(w.start) })),
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
      return findZrok(words.slice(target + 1), dialect, lineAt);
    } else if (verb === 'run' || verb === 'create') {
      // The zrok image's entrypoint is zrok: the words after the image are zrok's arguments.
      const image = skipOptions(words, j + 1, DOCKER_RUN_VALUE);
      if (words[image] && isZrokImage(words[image].value)) return invocation(image);
      return findZrok(words.slice(image + 1), dialect, lineAt);
    }
    return null;
  }
  if ((tool === 'kubectl' || tool === 'oc') && sub === 'exec') {
    const dashes = words.findIndex((w, at) => at > k && w.value === '--');
    return dashes > 0 ? findZrok(words.slice(dashes + 1), dialect, lineAt) : null;
  }
  // nssm install <service> <program> [arguments]: the service runs that program.
  if (tool === 'nssm' && sub === 'install' && words[k + 3] && isZrokProgram(words[k + 3].value)) return invocation(k + 3);
  // bash -c 'zrok …', bash -xc '…', su -c '…': the string is a command line of its own.
  if (/^(ba|z|k|da)?sh$/.test(tool) || tool === 'su') {
    const c = words.findIndex((w, at) => at > k && /^-[a-z]*c[a-z]*$/.test(w.value));
    const script = words[c + 1];
    if (c > 0 && script && !script.value.includes(DYNAMIC)) {
      const inner = lex(script.value, 'posix');
      // The script's words keep the line of the quoted string.
      for (const cmd of inner.commands) {
        const found = findZrok(cmd.map((w) => ({ ...w, start: script.start })), 'posix', lineAt);
        if (found) return found;
      }
    }
  }
  return null;
}

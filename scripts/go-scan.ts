/**
 * Lexical helpers for reading gofmt'd Go source without a Go toolchain: comments blanked out (so a
 * commented-out flag never counts), bracket matching that skips strings, and file:line positions.
 */

/** Thrown whenever the source does something the extractor cannot follow; the message starts with file:line. */
export class GoSourceError extends Error {}

export class GoFile {
  /** The source with comments replaced by spaces; same length and line breaks as `text`. */
  readonly code: string;
  private readonly lineStarts: number[] = [0];

  constructor(
    readonly path: string,
    readonly text: string,
  ) {
    this.code = blankComments(text);
    for (let i = 0; i < text.length; i++) if (text[i] === '\n') this.lineStarts.push(i + 1);
  }

  line(pos: number): number {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  where(pos: number): string {
    return `${this.path}:${this.line(pos)}`;
  }

  fail(pos: number, reason: string): never {
    throw new GoSourceError(`${this.where(pos)}: ${reason}`);
  }
}

/** Index just past a string/rune literal starting at `i`, or `i` when there is none. */
function skipLiteral(src: string, i: number): number {
  const q = src[i];
  if (q === '`') {
    const end = src.indexOf('`', i + 1);
    return end < 0 ? src.length : end + 1;
  }
  if (q === '"' || q === "'") {
    let j = i + 1;
    while (j < src.length && src[j] !== q && src[j] !== '\n') j += src[j] === '\\' ? 2 : 1;
    return j + 1;
  }
  return i;
}

export function blankComments(src: string): string {
  let out = '';
  let i = 0;
  while (i < src.length) {
    const end = skipLiteral(src, i);
    if (end > i) {
      out += src.slice(i, end);
      i = end;
    } else if (src.startsWith('//', i)) {
      const nl = src.indexOf('\n', i);
      const stop = nl < 0 ? src.length : nl;
      out += ' '.repeat(stop - i);
      i = stop;
    } else if (src.startsWith('/*', i)) {
      const close = src.indexOf('*/', i + 2);
      const stop = close < 0 ? src.length : close + 2;
      out += src.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else out += src[i++];
  }
  return out;
}

/** `code` with the contents of string literals replaced by spaces (quotes kept), for searching names. */
export function blankStrings(code: string): string {
  let out = '';
  let i = 0;
  while (i < code.length) {
    const end = skipLiteral(code, i);
    if (end > i) {
      out += code[i] + code.slice(i + 1, end - 1).replace(/[^\n]/g, ' ') + code[end - 1];
      i = end;
    } else out += code[i++];
  }
  return out;
}

const CLOSE: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** Index of the bracket that closes the one at `open`, skipping strings; -1 when unbalanced. */
export function matchClose(code: string, open: number): number {
  const stack: string[] = [];
  let i = open;
  while (i < code.length) {
    const end = skipLiteral(code, i);
    if (end > i) {
      i = end;
      continue;
    }
    const c = code[i];
    if (CLOSE[c]) stack.push(CLOSE[c]);
    else if (c === ')' || c === ']' || c === '}') {
      if (stack.pop() !== c) return -1;
      if (stack.length === 0) return i;
    }
    i++;
  }
  return -1;
}

/** Splits code[start, end) at top-level separators; each part is trimmed and keeps its start offset. */
export function splitTopLevel(code: string, start: number, end: number, sep = ','): { text: string; pos: number }[] {
  const parts: { text: string; pos: number }[] = [];
  let depth = 0;
  let from = start;
  const push = (to: number) => {
    const raw = code.slice(from, to);
    const lead = raw.length - raw.trimStart().length;
    if (raw.trim()) parts.push({ text: raw.trim(), pos: from + lead });
  };
  let i = start;
  while (i < end) {
    const skip = skipLiteral(code, i);
    if (skip > i) {
      i = skip;
      continue;
    }
    const c = code[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (depth === 0 && code.startsWith(sep, i)) {
      push(i);
      from = i + sep.length;
    }
    i++;
  }
  push(end);
  return parts;
}

/** The value of a Go string literal ("…" or `…`), or undefined when `expr` is anything else. */
export function goString(expr: string): string | undefined {
  const e = expr.trim();
  if (/^`[^`]*`$/.test(e)) return e.slice(1, -1);
  if (/^"(?:[^"\\\n]|\\.)*"$/.test(e)) return JSON.parse(e) as string;
  return undefined;
}

/** A top-level declaration of a gofmt'd file (they start at column 0). */
export interface GoDecl {
  kind: 'func' | 'var';
  name: string;
  /** Receiver type for methods. */
  receiver?: string;
  /** Declaration start. */
  pos: number;
  /** For funcs: body between the braces (exclusive). For vars: the initializer expression, if any. */
  bodyStart: number;
  bodyEnd: number;
}

/** Top-level `func` and single `var` declarations; a `var (…)` block mentioning cobra is refused. */
export function topLevelDecls(file: GoFile): GoDecl[] {
  const { code } = file;
  const decls: GoDecl[] = [];
  for (const m of code.matchAll(/^(func|var)\b/gm)) {
    const pos = m.index;
    if (m[1] === 'func') {
      const head = /^func\s*(?:\(\s*\w*\s*\*?\s*(\w+)[^)]*\)\s*)?(\w+)\s*(?:\[[^\]]*\])?\s*\(/.exec(code.slice(pos));
      if (!head) file.fail(pos, 'cannot read this func declaration');
      const paramsOpen = pos + head[0].length - 1;
      const paramsClose = matchClose(code, paramsOpen);
      // The body opens on the signature line (after the results, which may hold interface{}/struct{})
      // and closes with "}" at column 0, or on the same line for a one-line func.
      const eol = code.indexOf('\n', paramsClose);
      const sigLine = code.slice(paramsClose, eol < 0 ? code.length : eol).replace(/\b(interface|struct)\s*\{\s*\}/g, (x) => ' '.repeat(x.length));
      const brace = sigLine.indexOf('{');
      if (paramsClose < 0 || brace < 0) file.fail(pos, `cannot find the body of func ${head[2]}`);
      const open = paramsClose + brace;
      const close = matchClose(code, open);
      const oneLine = close > 0 && !code.slice(open, close).includes('\n');
      if (close < 0 || (!oneLine && code[close - 1] !== '\n')) file.fail(pos, `cannot find the end of func ${head[2]}`);
      decls.push({ kind: 'func', name: head[2], receiver: head[1], pos, bodyStart: open + 1, bodyEnd: close });
    } else {
      const rest = code.slice(pos);
      if (/^var\s*\(/.test(rest)) {
        const open = pos + rest.indexOf('(');
        const close = matchClose(code, open);
        if (/cobra\./.test(code.slice(open, close))) file.fail(pos, 'var ( … ) block with cobra values: not supported');
        continue;
      }
      const v = /^var\s+(\w+)(?:\s+[^=\n]+)?(?:\s*=\s*)?/.exec(rest);
      if (!v) file.fail(pos, 'cannot read this var declaration');
      const start = pos + v[0].length;
      let end: number;
      if (!v[0].includes('=')) end = start;
      else {
        // The initializer runs to the end of the line, or past a bracket opened on it.
        end = start;
        while (end < code.length && code[end] !== '\n') {
          if ('({['.includes(code[end])) {
            const close = matchClose(code, end);
            if (close < 0) file.fail(pos, 'unbalanced brackets in var initializer');
            end = close + 1;
          } else end = skipLiteral(code, end) > end ? skipLiteral(code, end) : end + 1;
        }
      }
      decls.push({ kind: 'var', name: v[1], pos, bodyStart: start, bodyEnd: end });
    }
  }
  return decls;
}

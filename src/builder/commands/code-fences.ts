/**
 * Fenced code blocks of a Markdown/MDX page, read from the raw text so every line keeps its number in
 * the file. Fences may be indented (inside list items and JSX such as <TabItem>); the content is
 * un-indented by the fence's own indentation, as CommonMark does.
 */

export interface CodeFence {
  /** Lower-cased first word of the info string ('' when there is none). */
  lang: string;
  /** The rest of the info string, e.g. `title="ctrl.yml" {4-15}`. */
  meta: string;
  /** `title="…"` from the meta, if any. */
  title?: string;
  /** 1-based line of the opening fence. */
  fenceLine: number;
  /** Content lines, without the fence's indentation; content[i] is on line fenceLine + 1 + i. */
  content: string[];
}

const OPEN = /^(\s*)(`{3,}|~{3,})\s*([^`\s]*)\s*(.*)$/;

export function codeFences(text: string): CodeFence[] {
  const lines = text.split(/\r?\n/);
  const fences: CodeFence[] = [];
  let i = 0;
  // Front matter is YAML, not a page's code.
  if (lines[0] === '---') {
    const end = lines.indexOf('---', 1);
    if (end > 0) i = end + 1;
  }
  for (; i < lines.length; i++) {
    const open = OPEN.exec(lines[i]);
    if (!open) continue;
    const [, indent, marker, lang, meta] = open;
    if (marker[0] === '`' && meta.includes('`')) continue; // an inline code span, not a fence
    const close = new RegExp(`^\\s*${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`);
    const content: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !close.test(lines[j]); j++) content.push(stripIndent(lines[j], indent.length));
    const title = /\btitle=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta);
    fences.push({ lang: lang.toLowerCase(), meta, title: title ? (title[1] ?? title[2] ?? title[3]) : undefined, fenceLine: i + 1, content });
    i = j;
  }
  return fences;
}

function stripIndent(line: string, width: number): string {
  let n = 0;
  while (n < width && line[n] === ' ') n++;
  return line.slice(n);
}

/**
 * The sentences a reader reads on a Markdown/MDX page, from the raw text so each keeps its line: front
 * matter, fenced code, JSX tags and admonition markers are left out. Each sentence knows the section
 * (the part between two headings) it is in, so a claim can be read next to the commands it speaks of.
 */
import { codeFences } from './code-fences.ts';

export interface Sentence {
  text: string;
  /** Section number: 0 before the first heading, then one more at each heading. */
  section: number;
  /** Line of the sentence's first character. */
  line: number;
  /** Offsets in `text` where each following line starts (a paragraph's lines are joined by spaces). */
  breaks: number[];
  /** The label of the <TabItem> the sentence is in, if any (a tab may be for some releases only). */
  tab?: string;
}

/** The line of the character at `index` of the sentence. */
export const lineOf = (s: Sentence, index: number) => s.line + s.breaks.filter((b) => b <= index).length;

/** Starts a paragraph of its own: list items, table rows, block quotes. */
const BLOCK_START = /^\s*([-*+]\s|\d+\.\s|\||>)/;
/** Lines that are markup, not text. */
const MARKUP = /^\s*(:::|<\/?[A-Za-z][^>]*>?\s*$|import\s|export\s|\{\/\*|[-|:\s]+$)/;
/** A sentence ends at . ! or ? before a space and a capital, a code span, a link or a bracket. */
const SENTENCE_END = /(?<=[.!?])\s+(?=[A-Z`*_[(])/g;

export interface PageProse {
  sentences: Sentence[];
  /** The section of a 1-based line of the page. */
  sectionOf: (line: number) => number;
}

export function pageProse(text: string): PageProse {
  const lines = text.split(/\r?\n/);
  const skip = new Set<number>(); // 0-based lines that are not prose
  if (lines[0] === '---') {
    const end = lines.indexOf('---', 1);
    for (let i = 0; i <= end; i++) skip.add(i);
  }
  for (const f of codeFences(text)) for (let i = f.fenceLine - 1; i <= f.fenceLine + f.content.length; i++) skip.add(i);

  const sectionAt: number[] = [];
  const sentences: Sentence[] = [];
  let section = 0;
  let para: { text: string; line: number; breaks: number[] } | undefined;
  let tab: string | undefined;
  const flush = () => {
    if (para) sentences.push(...splitSentences(para, section).map((s) => (tab === undefined ? s : { ...s, tab })));
    para = undefined;
  };
  lines.forEach((raw, i) => {
    // A tab's label is known from its opening tag to its closing one; the paragraph before is not in it.
    if (!skip.has(i) && /<TabItem\b/.test(raw)) {
      flush();
      tab = /\blabel=(?:"([^"]*)"|'([^']*)')/.exec(raw)?.slice(1).find((x) => x !== undefined) ?? '';
    }
    if (!skip.has(i) && /<\/TabItem>/.test(raw)) {
      flush();
      tab = undefined;
    }
    const isHeading = !skip.has(i) && /^#{1,6}\s/.test(raw);
    if (isHeading) {
      flush();
      section++;
    }
    sectionAt[i] = section;
    if (isHeading || skip.has(i) || !raw.trim() || MARKUP.test(raw)) return flush();
    if (BLOCK_START.test(raw)) flush();
    const t = raw.trim();
    if (!para) para = { text: t, line: i + 1, breaks: [] };
    else {
      para.text += ' ';
      para.breaks.push(para.text.length);
      para.text += t;
    }
  });
  flush();
  return { sentences, sectionOf: (line) => sectionAt[line - 1] ?? section };
}

function splitSentences(para: { text: string; line: number; breaks: number[] }, section: number): Sentence[] {
  const out: Sentence[] = [];
  let from = 0;
  const push = (to: number) => {
    const text = para.text.slice(from, to);
    const line = para.line + para.breaks.filter((b) => b <= from).length;
    const breaks = para.breaks.filter((b) => b > from && b < to).map((b) => b - from);
    if (text.trim()) out.push({ text, section, line, breaks });
  };
  for (const m of para.text.matchAll(SENTENCE_END)) {
    push(m.index);
    from = m.index + m[0].length;
  }
  push(para.text.length);
  return out;
}

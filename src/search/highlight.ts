/** Highlighting and snippets built from escaped text: page text and queries can never inject HTML. */

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

export interface HighlightResult {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

export interface HighlightTags {
  pre: string;
  post: string;
}

const WORD = /[\p{L}\p{N}_][\p{L}\p{N}_'.-]*[\p{L}\p{N}_]|[\p{L}\p{N}_]/gu;

import { processTerm } from './query.ts';

/** Query words, lower-cased, as the index tokenizes them. */
export function queryTerms(query: string): string[] {
  return [...new Set((query.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).filter(Boolean))];
}

interface Token {
  text: string;
  match: string | null;
}

function tokenize(text: string, terms: string[]): Token[] {
  const out: Token[] = [];
  // A word also matches by its stem: "sharing" marks "share" and "shares".
  const stems = terms.map((t) => processTerm(t) || t);
  let last = 0;
  for (const m of text.matchAll(WORD)) {
    if (m.index! > last) out.push({ text: text.slice(last, m.index), match: null });
    const lower = m[0].toLowerCase();
    const term = terms.find((t, i) => lower.includes(t) || lower.includes(stems[i])) ?? null;
    out.push({ text: m[0], match: term });
    last = m.index! + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last), match: null });
  return out;
}

function render(tokens: Token[], tags: HighlightTags): string {
  return tokens.map((t) => (t.match ? `${tags.pre}${escapeHtml(t.text)}${tags.post}` : escapeHtml(t.text))).join('');
}

function level(tokens: Token[], terms: string[]): Pick<HighlightResult, 'matchLevel' | 'matchedWords'> {
  const matched = [...new Set(tokens.filter((t) => t.match).map((t) => t.match!))];
  const matchLevel = matched.length === 0 ? 'none' : matched.length >= terms.length ? 'full' : 'partial';
  return { matchLevel, matchedWords: matched };
}

export function highlight(text: string, terms: string[], tags: HighlightTags): HighlightResult {
  const tokens = tokenize(text, terms);
  return { value: render(tokens, tags), ...level(tokens, terms) };
}

/** A window of `words` words around the first match (the start when nothing matches), with ellipses. */
export function snippet(text: string, terms: string[], words: number, tags: HighlightTags, ellipsis = '…'): HighlightResult {
  const tokens = tokenize(text, terms);
  const wordIdx = tokens.map((t, i) => (/[\p{L}\p{N}_]/u.test(t.text) ? i : -1)).filter((i) => i >= 0);
  const firstMatch = wordIdx.findIndex((i) => tokens[i].match);
  const startWord = Math.max(0, (firstMatch < 0 ? 0 : firstMatch) - Math.floor((words - 1) / 2));
  const fromWord = Math.min(startWord, Math.max(0, wordIdx.length - words));
  const start = wordIdx.length ? wordIdx[fromWord] : 0;
  const endWord = Math.min(wordIdx.length - 1, fromWord + words - 1);
  const end = wordIdx.length ? wordIdx[endWord] + 1 : tokens.length;
  const slice = tokens.slice(start, end);
  const value = (fromWord > 0 ? ellipsis : '') + render(slice, tags) + (endWord < wordIdx.length - 1 ? ellipsis : '');
  return { value, ...level(slice, terms) };
}

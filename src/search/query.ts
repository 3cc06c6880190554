/**
 * How a reader's query becomes a MiniSearch query, the same for every caller (modal, /search/
 * page, bench, tests). The reasons for each rule are in README.md beside this file.
 */
import MiniSearch, { type Query, type SearchOptions, type SearchResult } from 'minisearch';
import { stemmer } from 'stemmer';

/** The index field holding a page's keyword phrases as whole terms (index-format.ts). */
export const PHRASE_FIELD = 'phrases';

/** English words that say nothing about which page is meant ("how do I …", "why is my …"). */
export const STOP_WORDS = new Set(
  // NLTK's English list, plus words of wanting ("i want to …", "the way to …"), plus the product's name.
  ('i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself ' +
    'it its itself they them their theirs themselves what which who whom this that these those am is are was were be ' +
    'been being have has had having do does did doing a an the and but if or because as until while of at by for with ' +
    'about against between into through during before after above below to from up in out on off over under again ' +
    'further then once here there when where why how all any both each few more most other some such no nor not only ' +
    'own same so than too very s t can will just don should now want need way like can\'t don\'t ' +
    // Porter stems "one" to "on", which every page holds as a preposition.
    'one ' +
    // The product's own name is on nearly every page: like DocSearch's optionalWords, it never decides between pages.
    'zrok').split(' '),
);

/**
 * Words readers use for something the docs name differently. Each entry is one-way (the reader's
 * word also finds the docs' word) and only where the docs never use the reader's word for
 * something else. Keys and values are written unstemmed.
 */
export const SYNONYMS: Record<string, string[]> = {
  login: ['oauth', 'authentication'],
  signin: ['sign', 'oauth'],
  sso: ['oauth', 'oidc'],
  password: ['authentication'],
  auth: ['authentication', 'oauth'],
  permanent: ['reserved'],
  persistent: ['reserved'],
  static: ['reserved'],
  daemon: ['service', 'agent'],
  background: ['agent', 'service'],
  systemd: ['service'],
  autostart: ['service'],
  boot: ['service'],
  startup: ['service'],
  k8s: ['kubernetes'],
  helm: ['kubernetes'],
  mac: ['macos'],
  osx: ['macos'],
  brew: ['homebrew'],
  win: ['windows'],
  slow: ['bandwidth', 'limits'],
  throttled: ['limits'],
  quota: ['limits'],
  cap: ['limits'],
  team: ['organization'],
  company: ['organization'],
  domain: ['dns'],
  certificate: ['tls'],
  https: ['tls'],
  ssl: ['tls'],
  warning: ['interstitial'],
  p2p: ['private'],
  webdav: ['drive'],
  folder: ['files'],
  website: ['web'],
  port: ['tcp'],
  uninstall: ['disable'],
  remove: ['delete', 'disable'],
  migrate: ['upgrading', 'upgrade'],
  plan: ['upgrade', 'limits'],
  pricing: ['limits'],
  monitoring: ['metrics'],
  stats: ['metrics'],
  grafana: ['metrics', 'influxdb'],
  invite: ['invitation'],
  signup: ['sign', 'invitation', 'invite'],
  signon: ['sign', 'oauth', 'oidc'],
  register: ['invitation'],
};

/** A word as the index holds it: lower case, English stem ("sharing", "shares" → "share"). */
export function processTerm(term: string): string | null {
  const lower = term.toLowerCase();
  return lower ? stemmer(lower) : null;
}

/** Words are runs of letters, digits and _: "<script>" is the word "script", "zrok.io" two words. */
export const tokenize = (text: string): string[] => text.split(/[^\p{L}\p{N}_]+/u).filter(Boolean);

/**
 * A word with its camelCase parts after it ("tcpTunnel" → tcpTunnel, tcp, Tunnel): the docs name a
 * backend mode or a setting as one word, a reader searches for its parts ("tunnel", "endpoint").
 */
export function withCamelParts(word: string): string[] {
  const parts = word.split(/(?<=[a-z0-9])(?=[A-Z])/);
  return parts.length > 1 ? [word, ...parts] : [word];
}

/** Whether a word has camelCase parts: a plain test first, as most words have none (the split is a lookbehind). */
const CAMEL = /[a-z0-9][A-Z]/;

/** The words the index holds for a text: its words and their camelCase parts. A query is lower case, so it is never split. */
export function indexTokens(text: string): string[] {
  const out: string[] = [];
  for (const word of tokenize(text)) {
    if (CAMEL.test(word)) out.push(...withCamelParts(word));
    else out.push(word);
  }
  return out;
}

/** The index terms of a text, as the index derives them. */
export function indexTerms(text: string): string[] {
  return indexTokens(text).flatMap((t) => processTerm(t) ?? []);
}

/** Two-word verbs readers type apart, joined so SYNONYMS can see them ("sign up" → "signup"). */
const PHRASES: [RegExp, string][] = [
  [/\bsign(?:ing|s|ed)?\s+(up|in|on)\b/g, 'sign$1'],
  [/\blog(?:ging|s|ged)?\s+in\b/g, 'login'],
];

/** A text in lower case with its two-word verbs joined. */
const joinVerbs = (text: string) => PHRASES.reduce((q, [re, to]) => q.replace(re, to), text.toLowerCase());

/**
 * Light verbs: in a question they only carry the verb of the task ("how do I get a url that …",
 * "let users sign up"), but a short query may be about them ("getting started").
 */
export const LIGHT_VERBS = new Set('get gets getting got let lets letting'.split(' '));

/**
 * The words of a query that carry meaning: stop words go, unless nothing else is left; light verbs
 * go when two or more other words are left.
 */
export function queryWords(query: string): string[] {
  const words = [...new Set(tokenize(joinVerbs(query)))];
  const meaningful = words.filter((w) => !STOP_WORDS.has(w));
  const topical = meaningful.filter((w) => !LIGHT_VERBS.has(w));
  if (topical.length >= 2) return topical;
  return meaningful.length ? meaningful : words;
}

/**
 * A negated word's base ("unhealthy" → "healthy", "unreachable" → "reachable"): a symptom is
 * written up under its feature (a health check, not "unhealthiness"). No stemmer strips prefixes.
 * The base must keep 5 letters, so "unit", "unique" or "until" are left alone.
 */
const NEGATED = /^un([a-z]{5,})$/;

/** Each query word with the words that stand for it (itself first): its synonyms, else a negated word's base. */
function alternatives(word: string): string[] {
  const synonyms = SYNONYMS[word] ?? SYNONYMS[processTerm(word) ?? ''];
  if (synonyms) return [word, ...synonyms];
  const base = NEGATED.exec(word)?.[1];
  return base ? [word, base] : [word];
}

/**
 * Words that only join the words of a keyword phrase ("run my own zrok", "log in with github"):
 * articles, pronouns, forms of be/do/have, linking prepositions, and the product's name. Unlike
 * STOP_WORDS, words such as "own", "same", "after", "without" or "only" stay: in a phrase they
 * carry its sense ("my own server", "same url after restart", "run without login").
 */
const GLUE_WORDS = new Set(
  ('a an the i me my mine myself we us our ours you your yours it its they them their he him his she her ' +
    'this that these those am is are was were be been being do does did have has had to of for with in on at by from and or zrok').split(' '),
);

/** The most words a keyword phrase may hold besides glue words: a query is checked for every set of up to this many of its words. */
export const MAX_PHRASE_WORDS = 4;

/**
 * A word without its plural ending (Harman's S-stemmer: "ies" → "y", "es" → "e", "s" → ""): a
 * phrase keeps its words' other forms apart, as Porter would not ("shared folder" is not "share a folder").
 */
export function withoutPlural(word: string): string {
  if (/[^ae]ies$/.test(word)) return word.slice(0, -3) + 'y';
  if (/[^aeo]es$/.test(word)) return word.slice(0, -1);
  if (/[^us]s$/.test(word)) return word.slice(0, -1);
  return word;
}

/** A text's phrase words: its words without glue words and plural endings, each once, in sorted order ("run my own zrok" → own, run). */
export function phraseWords(text: string): string[] {
  return [...new Set(tokenize(joinVerbs(text)).filter((w) => !GLUE_WORDS.has(w)).map(withoutPlural))].sort();
}

/**
 * The index term of a keyword phrase: its phrase words joined by spaces, which no word holds, so
 * it never meets a word's term; none for a one-word keyword (the keywords field finds it).
 */
export function phraseTerm(keyword: string): string | undefined {
  const words = phraseWords(keyword);
  return words.length >= 2 ? words.join(' ') : undefined;
}

/** The phrase terms a query holds all the words of, in any order: each set of 2 to MAX_PHRASE_WORDS of its phrase words. */
export function queryPhraseTerms(query: string): string[] {
  const words = phraseWords(query);
  const out: string[] = [];
  const grow = (from: number, picked: string[]) => {
    if (picked.length >= 2) out.push(picked.join(' '));
    if (picked.length === MAX_PHRASE_WORDS) return;
    for (let i = from; i < words.length; i++) grow(i + 1, [...picked, words[i]]);
  };
  grow(0, []);
  return out;
}

/** Every index term a query may look up (its words, their stems and synonyms, its phrases): which term parts to load. */
export function lookupTerms(query: string): string[] {
  return [...new Set([...queryWords(query).flatMap(alternatives).flatMap(indexTerms), ...queryPhraseTerms(query)])];
}


/**
 * Search options of every query:
 * - fuzzy: one typo in words of 4–7 letters, two from 8 (MiniSearch rounds 0.25 × length);
 * - prefix: only the last word, the one the reader may still be typing;
 * - a synonym counts for less than the reader's own word.
 */
const FUZZY = 0.25;
const SYNONYM_WEIGHT = 0.6;
const wordOptions = (last: boolean): SearchOptions => ({
  fuzzy: (term) => (term.length >= 4 ? FUZZY : false),
  // Not a one-letter word: in a split index its part holds only that term (index-format.ts).
  prefix: (term) => last && term.length >= 2,
});

function wordQuery(word: string, last: boolean): Query {
  const [own, ...others] = alternatives(word);
  const queries: Query[] = [{ queries: [own], ...wordOptions(last) }];
  for (const other of others) queries.push({ queries: [other], ...wordOptions(false), boostTerm: () => SYNONYM_WEIGHT } as Query);
  return { combineWith: 'OR', queries };
}

/** From this many sections holding every word, sections holding fewer words must outscore the weakest of them. */
export const FEW_HITS = 5;

export interface RankedResult {
  /** The MiniSearch id: the short document number in a split index. */
  id: number;
  /** The section's score: the sum of its words' scores × words held × (words held / words asked) × (their rarity / the query's). */
  score: number;
  /** How many of the query's meaningful words the section holds. */
  words: number;
  /** Whether it holds every word. */
  complete: boolean;
}

/**
 * Runs a query. Every section holding at least one meaningful word (or a synonym of it) is a
 * candidate; its score is multiplied by the share of the words it holds (the classic coordination
 * factor) and by the share of the query's rarity it holds (each word weighted by log(1 + sections /
 * sections holding it)), so a section holding more of the words ranks above one holding fewer
 * unless the fewer words are much rarer ("auth0" against "public share") or more telling (a word
 * in a page title or description against common words in body text). Nothing ranks a section first merely for holding
 * every word: a word matched by a typo or in passing says less than a title. When at least
 * FEW_HITS sections hold every word, a section holding fewer is kept only if it scores above the
 * weakest of them, so a precise query does not list every section with one of its words; with
 * fewer, no word is required (the hosted provider's removeWordsIfNoResults: 'allOptional').
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function runQuery(mini: MiniSearch<any>, query: string): RankedResult[] {
  const words = queryWords(query);
  if (!words.length) return [];
  const perWord = words.map((w, i) => wordQuery(w, i === words.length - 1));
  const termsOfWord = words.map((w) => new Set(alternatives(w).flatMap(indexTerms)));
  const raw = mini.search({ combineWith: 'OR', queries: perWord });
  const held = raw.map((r) => {
    const matched = new Set(r.queryTerms);
    return termsOfWord.map((terms) => [...terms].some((t) => matched.has(t)));
  });
  // Each word's rarity among the sections (an inverse document frequency).
  const n = mini.documentCount;
  const weight = words.map((_, i) => Math.log(1 + n / Math.max(1, held.filter((h) => h[i]).length)));
  const total = weight.reduce((a, b) => a + b, 0);
  const sections = raw.map((r: SearchResult, k): RankedResult => {
    const count = held[k].filter(Boolean).length;
    const share = held[k].reduce((a, h, i) => a + (h ? weight[i] : 0), 0) / total;
    // MiniSearch multiplies the sum by the number of query terms matched, synonyms included; count words instead.
    const sum = r.score / Math.max(1, r.queryTerms.length);
    return { id: r.id as number, score: sum * count * (count / words.length) * share, words: count, complete: count === words.length };
  });
  const phrases = phrasesHeld(mini, query);
  for (const s of sections) s.score *= PHRASE_BOOST ** (phrases.get(s.id) ?? 0);
  const complete = sections.filter((s) => s.complete);
  const weakest = complete.length >= FEW_HITS ? Math.min(...complete.map((s) => s.score)) : 0;
  return sections.filter((s) => s.complete || s.score >= weakest).sort(byRank);
}

/** A section's score is multiplied by this for each keyword phrase of its page the query holds whole. */
export const PHRASE_BOOST = 1.25;

/** How many keyword phrases of each section the query holds all the words of (only sections with one). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function phrasesHeld(mini: MiniSearch<any>, query: string): Map<number, number> {
  const terms = queryPhraseTerms(query);
  if (!terms.length) return new Map();
  // Exact look-ups of whole phrase terms in their own field: no stemming, typos or prefixes.
  const found = mini.search(terms.join('\n'), { fields: [PHRASE_FIELD], tokenize: (t) => t.split('\n'), processTerm: (t) => t, fuzzy: false, prefix: false, combineWith: 'OR' });
  return new Map(found.map((r) => [r.id as number, r.terms.length]));
}

/** By score, best first. */
export const byRank = (a: { score: number }, b: { score: number }) => b.score - a.score;

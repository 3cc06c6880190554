/**
 * The local search index as the build publishes it and the browser reads it, split so that a
 * first search downloads only what it needs:
 * - a small **core** per version (`search-index/<tag>.json`, revalidated): document count, field
 *   lengths (for ranking) and the names of the parts;
 * - **term parts**: the inverted index, one file per term key (a term's first `keyLength`
 *   characters); a query loads the parts of its own terms;
 * - **record parts**: the records (titles, text, URL) in runs of consecutive documents; a query
 *   loads only the parts holding the hits it shows.
 * Parts live under `assets/search/<tag>/`, each named by its own content, so they are cached as
 * immutable, and a page edited changes the names of the few parts it is in, not of every part.
 * The index is MiniSearch's own, cut into files; this module holds what both sides must agree on.
 */
import { type Options } from 'minisearch';
import { indexTerms, indexTokens, PHRASE_FIELD, phraseTerm, processTerm } from './query.ts';
import { LEVELS, type Hierarchy, type SearchRecord } from './types.ts';

/** 7: stemmed terms and camelCase parts, the page/description/keywords/heading/path/content fields, keyword phrases as whole terms, parts named by their content. */
export const INDEX_FORMAT = 7;

export interface SearchIndexCore {
  format: typeof INDEX_FORMAT;
  /** Folder of the parts, relative to the base URL. */
  dir: string;
  documentCount: number;
  fieldIds: Record<string, number>;
  averageFieldLength: number[];
  /** Every document's field lengths, in field-id order, document after document. */
  fieldLength: number[];
  /** How many leading characters of a term name its part (0: one part holds every term). */
  keyLength: number;
  /** The keys that have a term part, as `partName` writes them. */
  termParts: string[];
  /** Each term part's file in `dir`, in termParts' order: named by its content. */
  termFiles: string[];
  /** The first document of each record part, ascending from 0. */
  recordParts: number[];
  /** Each record part's file in `dir`, in recordParts' order. */
  recordFiles: string[];
  /** Facet values every record of this index shares (one index per version and language). */
  facets: { language: string; docusaurus_tag: string };
}

/**
 * One term of a term part: the term, then for each field holding it, its id and
 * [document, frequency, …] in ascending document order, each document given as the gap from the one before.
 */
export type TermEntry = [term: string, ...fields: (number | number[])[]];

/**
 * The fields of a section, best first: the page's title (lvl1, on every section of the page: a
 * page about the topic beats a passing mention), the page's description and keywords (front
 * matter, on its first section only), the section's own heading, the headings above it and the
 * category (lvl0), and the section's text. Then the keyword phrases, each one term (query.ts
 * `phraseTerm`): a query never searches them as words, only as whole phrases.
 */
const WORD_FIELDS = ['page', 'description', 'keywords', 'heading', 'path', 'content'];
const FIELDS = [...WORD_FIELDS, PHRASE_FIELD];
const ownHeading = (r: SearchRecord) => (r.type === 'content' || r.type === 'lvl1' ? '' : (r.hierarchy[r.type as keyof Hierarchy] ?? ''));
const pathOf = (r: SearchRecord) =>
  [r.hierarchy.lvl0, ...LEVELS.slice(2).filter((l) => l !== r.type).map((l) => r.hierarchy[l])].filter(Boolean).join(' ');

/** Field boosts: page title above description above keywords and section heading above body text above the path (README.md). */
export const BOOST = { page: 5, description: 3, keywords: 2, heading: 2, path: 0.5, content: 1 };

/**
 * The index options, the same when the build indexes and when the browser searches: both stem
 * with processTerm. How a query is matched (AND, word dropping, prefix, typos, synonyms) is
 * query.ts. A fuzzy match only finds terms of the same part: a typo in a term's first
 * `keyLength` letters is missed.
 */
export function indexOptions(_keyLength: number): Options<SearchRecord> {
  return {
    idField: 'objectID',
    fields: FIELDS,
    // A phrase term is already whole and folded (query.ts phraseTerm); the build passes the field, a search does not.
    tokenize: (text, field) => (field === PHRASE_FIELD ? text.split('\n') : indexTokens(text)),
    processTerm: (term, field) => (field === PHRASE_FIELD ? term : processTerm(term)),
    extractField: (doc, field) => {
      if (field === 'page') return doc.hierarchy.lvl1 ?? '';
      if (field === 'heading') return ownHeading(doc);
      if (field === 'path') return pathOf(doc);
      // Absent rather than empty on the other sections: the average description length (BM25's
      // length normalisation) is then that of the descriptions, not diluted by every section.
      if (field === 'description') return doc.description;
      if (field === 'keywords') return doc.keywords?.join(' ');
      if (field === PHRASE_FIELD) return doc.keywords?.flatMap((k) => phraseTerm(k) ?? []).join('\n') || undefined;
      return (doc as unknown as Record<string, string>)[field];
    },
    searchOptions: {
      fields: WORD_FIELDS,
      boost: BOOST,
      combineWith: 'AND',
    },
  };
}

export { indexTerms };

/** The file-safe name of a term key: its UTF-16 code units in hex. */
export function partName(term: string, keyLength: number): string {
  let name = '';
  for (let i = 0; i < Math.min(keyLength, term.length); i++) name += term.charCodeAt(i).toString(16).padStart(4, '0');
  return name;
}

export const termPartPath = (core: SearchIndexCore, name: string) => `${core.dir}/${core.termFiles[core.termParts.indexOf(name)]}`;
export const recordPartPath = (core: SearchIndexCore, index: number) => `${core.dir}/${core.recordFiles[index]}`;

/** A term part's entries in the shape MiniSearch serialises its index to. */
export function expandTermEntries(entries: TermEntry[]): [string, Record<number, Record<number, number>>][] {
  return entries.map(([term, ...fields]) => {
    const data: Record<number, Record<number, number>> = {};
    for (let i = 0; i < fields.length; i += 2) {
      const pairs = fields[i + 1] as number[];
      const freqs: Record<number, number> = {};
      for (let j = 0, doc = 0; j < pairs.length; j += 2) freqs[(doc += pairs[j])] = pairs[j + 1];
      data[fields[i] as number] = freqs;
    }
    return [term, data];
  });
}

/**
 * The inverted index of a version's search records: what MiniSearch's `addAll` + `toJSON` give,
 * term for term and in the same order, made about three times faster for the build. MiniSearch
 * updates its radix tree once per word of the text (1.6 million times for 23,000 sections) and
 * stems every word again; here each field's words are counted in a plain map first, each distinct
 * word is stemmed once, and the tree only receives each distinct term once, to give the order MiniSearch
 * lists terms in. A unit test holds the output equal to MiniSearch's own.
 */
import SearchableMap from 'minisearch/SearchableMap';
import type { Options } from 'minisearch';
import type { TermEntry } from '../../search/index-format.ts';

export interface InvertedIndex {
  documentCount: number;
  fieldIds: Record<string, number>;
  /** Per document, the number of distinct words of each field (a hole where the field is absent). */
  fieldLength: number[][];
  /** MiniSearch's running average, in its arithmetic, so rankings match the browser's expectations bit for bit. */
  averageFieldLength: number[];
  /** In MiniSearch's term order; each field's postings gap-coded as index-format.ts describes. */
  entries: TermEntry[];
  /** What MiniSearch's order depends on, kept so that an edit can update the index (index-update.ts). */
  arrival: Arrival;
}

/**
 * The order terms first arrived in: document after document, in field order, each field's words in order. `starts[d]`
 * is where the terms document d brought first begin.
 */
export interface Arrival {
  terms: string[];
  starts: number[];
}

/** One document's terms, as the index takes them: per field, its count of distinct words and its [term, count] pairs. */
export interface DocTerms {
  id: unknown;
  /** A hole where the field is absent. */
  lengths: number[];
  /** Per field, term and count after term, in the order the words came (a hole where the field is absent). */
  terms: (string | number)[][];
}

/**
 * Cuts documents into terms, each document once (kept by the document object): the part of indexing that does not
 * depend on the other documents, so it can run before every document is known (search-thread.ts reads a large
 * version's unchanged pages ahead and counts their terms while the changed pages render).
 */
export function termCounter<T>(options: Options<T>) {
  const { fields, idField = 'id' } = options;
  const extractField = options.extractField ?? ((doc: T, field: string) => (doc as Record<string, unknown>)[field]);
  const tokenize = options.tokenize!;
  const processTerm = options.processTerm!;
  const stems = fields.map(() => new Map<string, string[]>());
  const counted = new WeakMap<object, DocTerms>();
  return {
    count(doc: T): DocTerms {
      let out = counted.get(doc as object);
      if (out) return out;
      out = { id: extractField(doc, idField), lengths: [], terms: [] };
      for (const [f, field] of fields.entries()) {
        const value = extractField(doc, field);
        if (value == null) continue;
        // Counted per document first: the index then sees each distinct word once per field.
        const counts = new Map<string, number>();
        for (const token of tokenize(String(value), field)) counts.set(token, (counts.get(token) ?? 0) + 1);
        out.lengths[f] = counts.size;
        const pairs: (string | number)[] = [];
        for (const [token, count] of counts) {
          let processed = stems[f].get(token);
          if (!processed) {
            const p = processTerm(token, field);
            processed = Array.isArray(p) ? p : p ? [p] : [];
            stems[f].set(token, processed);
          }
          for (const term of processed) pairs.push(term, count);
        }
        out.terms[f] = pairs;
      }
      counted.set(doc as object, out);
      return out;
    },
  };
}

/**
 * Indexes `docs` as a MiniSearch built with `options` would; document i gets the short id i. `counter`: one made
 * with the same options that may have counted some of the documents already.
 */
export function invertedIndex<T>(docs: T[], options: Options<T>, counter = termCounter(options)): InvertedIndex {
  const { fields, idField = 'id' } = options;
  const fieldIds = Object.fromEntries(fields.map((f, i) => [f, i]));
  // term → field id → [document, frequency, document, frequency, …]: the map keeps first-seen order, and
  // documents come in ascending order, so a posting list only ever grows at its end (flat arrays, not maps:
  // millions of updates at ten thousand pages).
  const terms = new Map<string, number[][]>();
  const seenIds = new Set<unknown>();
  const fieldLength: number[][] = [];
  const averageFieldLength: number[] = [];
  const starts: number[] = [];
  docs.forEach((doc, d) => {
    starts.push(terms.size);
    const { id, lengths, terms: byField } = counter.count(doc);
    if (id == null) throw new Error(`search index: document ${d} has no ${idField}`);
    if (seenIds.has(id)) throw new Error(`search index: duplicate ID ${String(id)}`);
    seenIds.add(id);
    fieldLength.push(lengths);
    byField.forEach((pairs, f) => {
      averageFieldLength[f] = ((averageFieldLength[f] || 0) * d + lengths[f]) / (d + 1);
      for (let i = 0; i < pairs.length; i += 2) {
        const term = pairs[i] as string;
        const count = pairs[i + 1] as number;
        let termFields = terms.get(term);
        if (!termFields) terms.set(term, (termFields = []));
        const postings = (termFields[f] ??= []);
        // Two words of this field can make the same term ("shares", "sharing"): one posting, their counts added.
        if (postings[postings.length - 2] === d) postings[postings.length - 1] += count;
        else postings.push(d, count);
      }
    });
  });
  const arrival = [...terms.keys()];
  const entries = radixOrder(arrival).map((term) => termEntry(term, terms.get(term)!));
  return { documentCount: docs.length, fieldIds, fieldLength, averageFieldLength, entries, arrival: { terms: arrival, starts } };
}

/**
 * MiniSearch lists terms in its radix tree's order, which depends only on the terms and the order they arrived in.
 * Of the terms sharing a prefix, the order depends only on the order those arrived in (a term elsewhere only moves
 * edges above them): a term part is ordered by itself (index-update.ts).
 */
export function radixOrder(arrived: Iterable<string>): string[] {
  const order = new SearchableMap<true>();
  for (const term of arrived) order.set(term, true);
  return [...order.keys()];
}

/** A term's entry from its postings per field ([document, frequency, …], a hole where the field has none). */
export function termEntry(term: string, byField: number[][]): TermEntry {
  const entry: TermEntry = [term];
  byField.forEach((postings, f) => entry.push(f, gapCoded(postings))); // in field order; forEach skips the holes
  return entry;
}

/** [document, frequency, …] with each document as the gap from the one before: small numbers compress well. */
export function gapCoded(postings: number[]): number[] {
  const out = postings.slice();
  for (let i = out.length - 2; i > 0; i -= 2) out[i] -= postings[i - 2];
  return out;
}

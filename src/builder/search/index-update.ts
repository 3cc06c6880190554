/**
 * Updates a version's search index in place after an edit, instead of making it again from every record: the edited
 * documents' postings out, their new ones in, and only the term parts holding their terms and the record parts
 * holding their records written again. The result is the file makeSearchIndex would give for the new records, byte
 * for byte; where it could not be (a page's sections came or went, so documents would be numbered anew, or the parts
 * would now be cut at another key length), it gives nothing and the index is made whole.
 *
 * MiniSearch's term order is its radix tree's, which depends on the order terms first arrived in: the last index's
 * arrival order is kept (inverted-index.ts `Arrival`), updated here, and each part written again is ordered by its
 * own terms' arrival (inverted-index.ts `radixOrder`).
 */
import { radixOrder, termEntry, type Arrival, type DocTerms } from './inverted-index.ts';
import { checkRecord, counter, indexCore, LIMITS, MAX_KEY_LENGTH, part, recordPartText, recordStarts, shownText, type IndexLimits, type IndexPart, type MadeIndex } from './search-index.ts';
import { partName, type SearchIndexCore, type TermEntry } from '../../search/index-format.ts';
import type { SearchRecord } from '../../search/types.ts';

/** What the last index was cut from (MadeIndex without its parts' texts). */
export type IndexBasis = Omit<MadeIndex, 'termParts' | 'recordParts'>;

/** A document whose record changed: its number in the index, its record before and after. */
export interface DocChange {
  doc: number;
  before: SearchRecord;
  after: SearchRecord;
}

export interface UpdateSources {
  /** The text of one of the last index's parts, by its file name; undefined when it is gone. */
  partText(file: string): string | undefined;
  /** The record of an unchanged document, read when a term it holds now first arrives there. */
  recordOf(doc: number): SearchRecord | undefined;
}

/** Thrown where the update cannot give the index makeSearchIndex would: it is made whole. */
class CannotUpdate extends Error {}

/** The index for the last one's records with `changes` applied; undefined when it must be made whole. */
export function updateSearchIndex(last: IndexBasis, changes: DocChange[], sources: UpdateSources, limits: IndexLimits = LIMITS): MadeIndex | undefined {
  try {
    return update(last, changes, sources, limits);
  } catch (e) {
    if (e instanceof CannotUpdate) return undefined;
    throw e;
  }
}

function update(last: IndexBasis, changes: DocChange[], sources: UpdateSources, limits: IndexLimits): MadeIndex {
  const { core } = last;
  const fieldCount = Object.keys(core.fieldIds).length;
  const changed = new Map<number, DocTerms>();
  const affected = new Set<string>();
  for (const { doc, before, after } of changes) {
    checkRecord(after, core.facets);
    // Another URL could sort elsewhere: the documents would be numbered anew.
    if (after.objectID !== before.objectID || after.url !== before.url) throw new CannotUpdate();
    for (const terms of [counter.count(before), counter.count(after)]) for (const pairs of terms.terms) if (pairs) for (let i = 0; i < pairs.length; i += 2) affected.add(pairs[i] as string);
    changed.set(doc, counter.count(after));
  }
  const docs = [...changed.keys()].sort((a, b) => a - b);

  // The parts holding an affected term, as they were.
  const partIndex = new Map(core.termParts.map((name, i) => [name, i]));
  const oldParts = new Map<string, Map<string, TermEntry>>();
  for (const term of affected) {
    const name = partName(term, core.keyLength);
    if (oldParts.has(name)) continue;
    const i = partIndex.get(name);
    const text = i === undefined ? '[]' : sources.partText(core.termFiles[i]);
    if (text === undefined) throw new CannotUpdate();
    oldParts.set(name, new Map((JSON.parse(text) as TermEntry[]).map((entry) => [entry[0], entry])));
  }

  // Each affected term's postings: the changed documents' taken out, their new ones put in; undefined when none is left.
  const postings = new Map<string, number[][] | undefined>();
  for (const term of affected) postings.set(term, newPostings(oldParts.get(partName(term, core.keyLength))!.get(term), term, docs, changed));

  const lengths = last.lengths.slice();
  for (const [doc, terms] of changed) for (let f = 0; f < fieldCount; f++) lengths[doc * fieldCount + f] = terms.lengths[f] ?? -1;
  const arrival = newArrival(last.arrival, changed, postings, core.documentCount, sources);

  // The parts of the affected terms, each in its own terms' arrival order; the others are as they were.
  const rewritten = new Map<string, string[]>([...oldParts.keys()].map((name) => [name, []]));
  for (const term of arrival.terms) rewritten.get(partName(term, core.keyLength))?.push(term);
  const termParts = new Map<string, IndexPart>(core.termParts.map((name, i) => [name, { file: core.termFiles[i] }]));
  const termLengths = { ...last.termLengths };
  for (const [name, terms] of rewritten) {
    const old = oldParts.get(name)!;
    const entries = radixOrder(terms).map((term) => (postings.has(term) ? termEntry(term, postings.get(term)!) : old.get(term)!));
    if (!entries.length) {
      termParts.delete(name);
      delete termLengths[name];
      continue;
    }
    const text = JSON.stringify(entries);
    termParts.set(name, part('t', text));
    termLengths[name] = text.length;
  }
  if (!sameKeyLength(termLengths, core.keyLength, limits)) throw new CannotUpdate();

  const shownLengths = last.shownLengths.slice();
  const shown = new Map<number, string>();
  for (const { doc, after } of changes) {
    const text = shownText(after);
    shown.set(doc, text);
    shownLengths[doc] = text.length;
  }
  const starts = recordStarts(shownLengths, limits);
  const recordParts = newRecordParts(core, starts, shown, sources);

  const averageFieldLength: number[] = [];
  // In MiniSearch's arithmetic, document after document, as invertedIndex keeps it.
  for (let d = 0; d < core.documentCount; d++) {
    for (let f = 0; f < fieldCount; f++) {
      const length = lengths[d * fieldCount + f];
      if (length >= 0) averageFieldLength[f] = ((averageFieldLength[f] || 0) * d + length) / (d + 1);
    }
  }
  const newCore = indexCore({ ...core, averageFieldLength, recordParts: starts }, lengths, termParts, recordParts);
  return { core: newCore, termParts, recordParts, termLengths, lengths, shownLengths, arrival };
}

/** A term's postings per field ([document, frequency, …]) with the changed documents' as they are now. */
function newPostings(old: TermEntry | undefined, term: string, docs: number[], changed: Map<number, DocTerms>): number[][] | undefined {
  const byField: number[][] = [];
  if (old) {
    for (let i = 1; i < old.length; i += 2) {
      const list: number[] = [];
      const gaps = old[i + 1] as number[];
      for (let j = 0, doc = 0; j < gaps.length; j += 2) {
        doc += gaps[j];
        if (!changed.has(doc)) list.push(doc, gaps[j + 1]);
      }
      byField[old[i] as number] = list;
    }
  }
  for (const doc of docs) {
    changed.get(doc)!.terms.forEach((pairs, f) => {
      let count = 0;
      // Two words of a field can make the same term: their counts are added, as invertedIndex does.
      for (let i = 0; i < pairs.length; i += 2) if (pairs[i] === term) count += pairs[i + 1] as number;
      if (count) insertPosting((byField[f] ??= []), doc, count);
    });
  }
  let any = false;
  byField.forEach((list, f) => {
    if (list.length) any = true;
    else delete byField[f]; // a hole, as a field without the term has
  });
  return any ? byField : undefined;
}

/** Puts [doc, count] into a posting list in document order. */
function insertPosting(list: number[], doc: number, count: number) {
  let low = 0;
  let high = list.length / 2;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (list[mid * 2] < doc) low = mid + 1;
    else high = mid;
  }
  list.splice(low * 2, 0, doc, count);
}

/**
 * The order terms now first arrive in. A document that did not change brings first what it brought before, less what
 * came earlier now; a changed one, and one that now brings first a term a changed one no longer holds, are read anew.
 */
function newArrival(last: Arrival, changed: Map<number, DocTerms>, postings: Map<string, number[][] | undefined>, documentCount: number, sources: UpdateSources): Arrival {
  const segment = (d: number) => last.terms.slice(last.starts[d], last.starts[d + 1] ?? last.terms.length);
  const readAgain = new Map<number, DocTerms>(changed);
  for (const d of changed.keys()) {
    for (const term of segment(d)) {
      const byField = postings.get(term);
      if (!byField) continue; // gone from the index
      const first = Math.min(...byField.filter(Boolean).map((list) => list[0]));
      if (readAgain.has(first)) continue;
      const record = sources.recordOf(first);
      if (!record) throw new CannotUpdate();
      readAgain.set(first, counter.count(record));
    }
  }
  const terms: string[] = [];
  const starts: number[] = [];
  const seen = new Set<string>();
  const bring = (term: string) => {
    if (!seen.has(term)) seen.add(term), terms.push(term);
  };
  for (let d = 0; d < documentCount; d++) {
    starts.push(terms.length);
    const read = readAgain.get(d);
    if (!read) {
      for (const term of segment(d)) if (postings.get(term) !== undefined || !postings.has(term)) bring(term);
      continue;
    }
    for (const pairs of read.terms) if (pairs) for (let i = 0; i < pairs.length; i += 2) bring(pairs[i] as string);
  }
  return { terms, starts };
}

/**
 * Whether makeSearchIndex would cut these parts at `keyLength`: every shorter key gives a part over the limit, and
 * this one none (unless it is the longest). A shorter key's part is the concatenation of this one's parts it covers.
 */
function sameKeyLength(termLengths: Record<string, number>, keyLength: number, limits: IndexLimits): boolean {
  const largest = (k: number) => {
    const sizes = new Map<string, number>();
    for (const [name, length] of Object.entries(termLengths)) {
      const key = name.slice(0, 4 * k);
      // "[a,b]" and "[c]" make "[a,b,c]": one bracket pair less, one comma more.
      sizes.set(key, sizes.has(key) ? sizes.get(key)! + length - 1 : length);
    }
    return Math.max(...sizes.values());
  };
  for (let k = 0; k < keyLength; k++) if (largest(k) <= limits.termPart) return false;
  return keyLength === MAX_KEY_LENGTH || largest(keyLength) <= limits.termPart;
}

/** The record parts: those covering the same documents as before, none of them changed, keep their file. */
function newRecordParts(core: SearchIndexCore, starts: number[], shown: Map<number, string>, sources: UpdateSources): IndexPart[] {
  const end = (list: number[], p: number) => list[p + 1] ?? core.documentCount;
  const before = new Map(core.recordParts.map((start, p) => [`${start}-${end(core.recordParts, p)}`, p]));
  const parsed = new Map<number, unknown[]>();
  const oldText = (doc: number) => {
    let p = core.recordParts.length - 1;
    while (core.recordParts[p] > doc) p--;
    if (!parsed.has(p)) {
      const text = sources.partText(core.recordFiles[p]);
      if (text === undefined) throw new CannotUpdate();
      parsed.set(p, JSON.parse(text) as unknown[]);
    }
    return JSON.stringify(parsed.get(p)![doc - core.recordParts[p]]);
  };
  return starts.map((start, p) => {
    const stop = end(starts, p);
    const same = before.get(`${start}-${stop}`);
    if (same !== undefined && ![...shown.keys()].some((d) => d >= start && d < stop)) return { file: core.recordFiles[same] };
    return part('r', recordPartText(start, stop, (d) => shown.get(d) ?? oldText(d)));
  });
}


/**
 * Builds one version's local search index and cuts it into the files of index-format.ts.
 * The key length grows with the index (none, one letter, two letters) until no term part is
 * over TERM_PART_BYTES; record parts are cut every RECORD_PART_BYTES of records.
 */
import { invertedIndex, termCounter, type Arrival } from './inverted-index.ts';
import { contentName } from '../common/hash.ts';
import { INDEX_FORMAT, indexOptions, partName, recordPartPath, termPartPath, type SearchIndexCore, type TermEntry } from '../../search/index-format.ts';
import { searchIndexPath, type SearchRecord } from '../../search/types.ts';

export const TERM_PART_BYTES = 64 * 1024;
export const RECORD_PART_BYTES = 16 * 1024;
export const MAX_KEY_LENGTH = 2;

export interface SearchIndexFile {
  /** Relative to the site root. */
  path: string;
  text: string;
}

export type IndexLimits = { termPart: number; recordPart: number };
export const LIMITS: IndexLimits = { termPart: TERM_PART_BYTES, recordPart: RECORD_PART_BYTES };

/** A part of an index: its file's name, and its text unless it is the file of the last build's index (index-update.ts). */
export interface IndexPart {
  file: string;
  text?: string;
}

/** A version's index with what it was cut from: what an edit needs to update it (index-update.ts). */
export interface MadeIndex {
  core: SearchIndexCore;
  /** Each term part by name; the record parts in order. */
  termParts: Map<string, IndexPart>;
  recordParts: IndexPart[];
  /** Each term part's length in characters, as the key length is chosen. */
  termLengths: Record<string, number>;
  /** Per document and field, its count of distinct words, -1 where the field is absent. */
  lengths: number[];
  /** Per document, the length of its shown JSON (shownText). */
  shownLengths: number[];
  arrival: Arrival;
}

export const options = indexOptions(0);
export const counter = termCounter(options);

// A record as the parts the browser loads for hits have it, as JSON: the description and keywords are searched, never
// shown, so they are left out.
const shownTexts = new WeakMap<SearchRecord, string>();
export function shownText(record: SearchRecord): string {
  let text = shownTexts.get(record);
  if (text === undefined) {
    const { description: _d, keywords: _k, ...shown } = record;
    shownTexts.set(record, (text = JSON.stringify(shown)));
  }
  return text;
}

/**
 * Cuts records into their terms and their shown text now, so that buildSearchIndex only merges and joins them (each
 * record object is cut once).
 */
export function countTerms(records: SearchRecord[]): void {
  for (const r of records) counter.count(r), shownText(r);
}

/** The files of one version's index. `records` must all carry this version's tag and one language. */
export function buildSearchIndex(tag: string, records: SearchRecord[], limits = LIMITS): SearchIndexFile[] {
  return indexFiles(makeSearchIndex(tag, records, limits)) as SearchIndexFile[];
}

/** Throws unless the record carries the version's tag and language. */
export function checkRecord(r: SearchRecord, facets: SearchIndexCore['facets']): void {
  if (r.language !== facets.language || r.docusaurus_tag !== facets.docusaurus_tag) throw new Error(`search index ${facets.docusaurus_tag}: record ${r.objectID} is ${r.language}/${r.docusaurus_tag}, not ${facets.language}/${facets.docusaurus_tag}`);
}

/** One version's index, whole (buildSearchIndex). */
export function makeSearchIndex(tag: string, records: SearchRecord[], limits = LIMITS): MadeIndex {
  const facets = { language: records[0]?.language ?? 'en', docusaurus_tag: tag };
  for (const r of records) checkRecord(r, facets);
  const js = invertedIndex(records, options, counter);
  const entries = js.entries;
  let keyLength = 0;
  let termTexts = groupTerms(entries, 0);
  while (keyLength < MAX_KEY_LENGTH && Math.max(...[...termTexts.values()].map((t) => t.length)) > limits.termPart) termTexts = groupTerms(entries, ++keyLength);
  const shown = records.map(shownText);
  const shownLengths = shown.map((text) => text.length);
  const starts = recordStarts(shownLengths, limits);
  const fieldCount = Object.keys(js.fieldIds).length;
  const lengths = records.flatMap((_, i) => Array.from({ length: fieldCount }, (_, f) => js.fieldLength[i]?.[f] ?? -1));
  const termParts = new Map([...termTexts].map(([key, text]) => [key, part('t', text)]));
  const recordParts = starts.map((start, p) => part('r', recordPartText(start, starts[p + 1] ?? records.length, (i) => shown[i])));
  const core: SearchIndexCore = {
    format: INDEX_FORMAT,
    dir: `assets/search/${tag}`,
    documentCount: js.documentCount,
    fieldIds: js.fieldIds,
    averageFieldLength: js.averageFieldLength,
    fieldLength: [],
    keyLength,
    termParts: [],
    termFiles: [],
    recordParts: starts,
    recordFiles: [],
    facets,
  };
  const termLengths = Object.fromEntries([...termTexts].map(([key, text]) => [key, text.length]));
  return { core: indexCore(core, lengths, termParts, recordParts), termParts, recordParts, termLengths, lengths, shownLengths, arrival: js.arrival };
}

// Each part named by its own content: a new deployment never mixes with a cached old part, and an edit renames only the parts it changed.
export const part = (kind: 't' | 'r', text: string): IndexPart => ({ file: `${kind}${contentName(text)}.json`, text });

/** The core of an index from its lengths and parts (the rest as `core` has it). */
export function indexCore(core: SearchIndexCore, lengths: number[], termParts: Map<string, IndexPart>, recordParts: IndexPart[]): SearchIndexCore {
  const keys = [...termParts.keys()].sort();
  return {
    ...core,
    fieldLength: lengths.map((n) => Math.max(n, 0)),
    termParts: keys,
    termFiles: keys.map((key) => termParts.get(key)!.file),
    recordFiles: recordParts.map((p) => p.file),
  };
}

/** The files of an index, the core first; a part without text is the last build's file (index-update.ts). */
export function indexFiles({ core, termParts, recordParts }: Pick<MadeIndex, 'core' | 'termParts' | 'recordParts'>): { path: string; text?: string }[] {
  return [
    { path: searchIndexPath(core.facets.docusaurus_tag), text: JSON.stringify(core) },
    ...core.termParts.map((key) => ({ path: termPartPath(core, key), text: termParts.get(key)!.text })),
    ...recordParts.map((p, i) => ({ path: recordPartPath(core, i), text: p.text })),
  ];
}

/** Where each record part starts: a part is cut before the record that would take it over the limit. */
export function recordStarts(shownLengths: number[], limits: IndexLimits): number[] {
  const starts: number[] = [];
  let size = Infinity;
  shownLengths.forEach((length, i) => {
    if (size + length > limits.recordPart) starts.push(i), (size = 0);
    size += length;
  });
  return starts;
}

/** A record part: the JSON array of its records' shown texts. */
export function recordPartText(start: number, end: number, textOf: (i: number) => string): string {
  const texts: string[] = [];
  for (let i = start; i < end; i++) texts.push(textOf(i));
  return `[${texts.join(',')}]`;
}

/** The term parts for one key length: part name → JSON text. */
export function groupTerms(entries: TermEntry[], keyLength: number): Map<string, string> {
  const groups = new Map<string, TermEntry[]>();
  for (const e of entries) {
    const name = partName(e[0], keyLength);
    let list = groups.get(name);
    if (!list) groups.set(name, (list = []));
    list.push(e);
  }
  return new Map([...groups].map(([name, list]) => [name, JSON.stringify(list)]));
}

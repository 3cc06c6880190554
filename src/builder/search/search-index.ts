/**
 * Builds one version's local search index and cuts it into the files of index-format.ts.
 * The key length grows with the index (none, one letter, two letters) until no term part is
 * over TERM_PART_BYTES; record parts are cut every RECORD_PART_BYTES of records.
 */
import { invertedIndex, termCounter } from './inverted-index.ts';
import { contentName } from '../common/hash.ts';
import { INDEX_FORMAT, indexOptions, partName, recordPartPath, termPartPath, type SearchIndexCore, type TermEntry } from '../../search/index-format.ts';
import { searchIndexPath, type SearchRecord } from '../../search/types.ts';

export const TERM_PART_BYTES = 64 * 1024;
export const RECORD_PART_BYTES = 16 * 1024;
const MAX_KEY_LENGTH = 2;

export interface SearchIndexFile {
  /** Relative to the site root. */
  path: string;
  text: string;
}

const options = indexOptions(0);
const counter = termCounter(options);

// A record as the parts the browser loads for hits have it, as JSON: the description and keywords are searched, never
// shown, so they are left out.
const shownTexts = new WeakMap<SearchRecord, string>();
function shownText(record: SearchRecord): string {
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
export function buildSearchIndex(tag: string, records: SearchRecord[], limits = { termPart: TERM_PART_BYTES, recordPart: RECORD_PART_BYTES }): SearchIndexFile[] {
  const facets = { language: records[0]?.language ?? 'en', docusaurus_tag: tag };
  for (const r of records) {
    if (r.language !== facets.language || r.docusaurus_tag !== tag) throw new Error(`search index ${tag}: record ${r.objectID} is ${r.language}/${r.docusaurus_tag}, not ${facets.language}/${tag}`);
  }
  const js = invertedIndex(records, options, counter);
  const entries = js.entries;
  let keyLength = 0;
  let termParts = groupTerms(entries, 0);
  while (keyLength < MAX_KEY_LENGTH && Math.max(...[...termParts.values()].map((t) => t.length)) > limits.termPart) termParts = groupTerms(entries, ++keyLength);

  // Each part is the JSON array of its records' shown texts.
  const recordParts: string[][] = [];
  const recordStarts: number[] = [];
  let size = Infinity;
  records.forEach((record, i) => {
    const text = shownText(record);
    if (size + text.length > limits.recordPart) recordParts.push([]), recordStarts.push(i), (size = 0);
    recordParts.at(-1)!.push(text);
    size += text.length;
  });
  const recordTexts = recordParts.map((part) => `[${part.join(',')}]`);

  const fieldCount = Object.keys(js.fieldIds).length;
  const keys = [...termParts.keys()].sort();
  // Each part named by its own content: a new deployment never mixes with a cached old part, and an edit renames only the parts it changed.
  const fileOf = (kind: 't' | 'r', text: string) => `${kind}${contentName(text)}.json`;
  const core: SearchIndexCore = {
    format: INDEX_FORMAT,
    dir: `assets/search/${tag}`,
    documentCount: js.documentCount,
    fieldIds: js.fieldIds,
    averageFieldLength: js.averageFieldLength,
    fieldLength: records.flatMap((_, i) => Array.from({ length: fieldCount }, (_, f) => js.fieldLength[i]?.[f] ?? 0)),
    keyLength,
    termParts: keys,
    termFiles: keys.map((key) => fileOf('t', termParts.get(key)!)),
    recordParts: recordStarts,
    recordFiles: recordTexts.map((text) => fileOf('r', text)),
    facets,
  };
  return [
    { path: searchIndexPath(tag), text: JSON.stringify(core) },
    ...keys.map((key) => ({ path: termPartPath(core, key), text: termParts.get(key)! })),
    ...recordTexts.map((text, i) => ({ path: recordPartPath(core, i), text })),
  ];
}

/** The term parts for one key length: part name → JSON text. */
function groupTerms(entries: TermEntry[], keyLength: number): Map<string, string> {
  const groups = new Map<string, TermEntry[]>();
  for (const e of entries) {
    const name = partName(e[0], keyLength);
    let list = groups.get(name);
    if (!list) groups.set(name, (list = []));
    list.push(e);
  }
  return new Map([...groups].map(([name, list]) => [name, JSON.stringify(list)]));
}

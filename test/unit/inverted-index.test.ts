import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import MiniSearch from 'minisearch';
import { invertedIndex } from '../../src/builder/search/inverted-index.ts';
import { indexOptions } from '../../src/search/index-format.ts';
import type { SearchRecord } from '../../src/search/types.ts';

/** What MiniSearch itself gives for the records, in invertedIndex's shape: the reference the build must equal. */
function miniSearchIndex(records: SearchRecord[]) {
  const mini = new MiniSearch<SearchRecord>(indexOptions(0));
  mini.addAll(records);
  const js = mini.toJSON();
  const gapCoded = (freqs: Record<string, number>) => {
    let previous = 0;
    return Object.entries(freqs).flatMap(([key, freq]) => {
      const gap = Number(key) - previous;
      previous = Number(key);
      return [gap, freq];
    });
  };
  return {
    documentCount: js.documentCount,
    fieldIds: js.fieldIds,
    fieldLength: records.map((_, i) => js.fieldLength[i]),
    averageFieldLength: js.averageFieldLength,
    entries: js.index.map(([term, data]) => [term, ...Object.entries(data).flatMap(([field, freqs]) => [Number(field), gapCoded(freqs)])]),
  };
}

function record(i: number, lvl1: string, lvl2: string | null, content: string, description?: string): SearchRecord {
  return {
    objectID: `docs-default-current:/docs/p${i}/`,
    url: `/docs/p${i}/${lvl2 ? '#h' : ''}`,
    type: lvl2 ? 'lvl2' : 'lvl1',
    hierarchy: { lvl0: 'Concepts', lvl1, lvl2, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    content,
    ...(description === undefined ? {} : { description }),
    language: 'en',
    docusaurus_tag: 'docs-default-current',
  };
}

const sample: SearchRecord[] = [
  record(0, 'Reserved Shares', null, 'A reserved share keeps its token; shares, sharing and shared tokens.', 'Keep a share token across restarts'),
  record(1, 'Public Shares', 'Frontends', 'zrok share public --backend-mode proxy http://127.0.0.1:8080 — the frontend proxies traffic.'),
  record(2, 'Café ünïcode', 'Überblick', 'Ärger über Unicode, ÉCOLE école; token token token.'),
  record(3, 'Tokens', null, 'token tokens tokenize tokenized t to tok', ''),
  record(4, 'Empty', null, ''),
];

/** The index without what only index-update.ts reads. */
const indexOf = (records: SearchRecord[]) => {
  const { arrival: _, ...index } = invertedIndex(records, indexOptions(0));
  return index;
};

describe('the search index built without MiniSearch', () => {
  it('equals what MiniSearch gives: terms in its order, postings, field lengths and averages', () => {
    expect(indexOf(sample)).toEqual(miniSearchIndex(sample));
  });

  it('equals MiniSearch on any records drawn from words that share prefixes and stems', () => {
    const word = fc.constantFrom('share', 'shares', 'sharing', 'shared', 'sh', 'token', 'tokens', 'zrok', 'zroked', 'a', 'the', 'proxy', 'über', 'Über', '127.0.0.1', '--headless', 'x');
    const text = fc.array(word, { maxLength: 12 }).map((w) => w.join(' '));
    const records = fc.array(fc.tuple(text, fc.option(text), text, fc.option(text, { nil: undefined })), { maxLength: 8 }).map((rows) => rows.map(([title, heading, content, description], i) => record(i, title, heading, content, description)));
    fc.assert(fc.property(records, (list) => void expect(indexOf(list)).toEqual(miniSearchIndex(list))), { numRuns: 200 });
  });

  it('refuses two records with one ID, as MiniSearch does', () => {
    expect(() => invertedIndex([sample[0], sample[0]], indexOptions(0))).toThrow(/duplicate ID docs-default-current:\/docs\/p0\//);
    expect(() => miniSearchIndex([sample[0], sample[0]])).toThrow(/duplicate ID/);
  });
});

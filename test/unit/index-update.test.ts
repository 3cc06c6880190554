import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { makeSearchIndex, indexFiles, type IndexLimits, type MadeIndex } from '../../src/builder/search/search-index.ts';
import { updateSearchIndex, type DocChange, type UpdateSources } from '../../src/builder/search/index-update.ts';
import type { SearchRecord } from '../../src/search/types.ts';

const tag = 'docs-default-current';
// Small parts, so that an index of a few records is cut at every key length and into several record parts.
const limits: IndexLimits = { termPart: 120, recordPart: 160 };

function record(i: number, lvl1: string, lvl2: string | null, content: string, description?: string): SearchRecord {
  return {
    objectID: `${tag}:/docs/p${String(i).padStart(3, '0')}/`,
    url: `/docs/p${String(i).padStart(3, '0')}/`,
    type: lvl2 ? 'lvl2' : 'lvl1',
    hierarchy: { lvl0: 'Guides', lvl1, lvl2, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    content,
    ...(description === undefined ? {} : { description }),
    language: 'en',
    docusaurus_tag: tag,
  };
}

/** Every file of an index with its text; a part the update kept is the last index's file. */
function filesOf(made: MadeIndex, last?: MadeIndex): Record<string, string> {
  const lastTexts = new Map(last ? indexFiles(last).map((f) => [f.path, f.text!]) : []);
  return Object.fromEntries(indexFiles(made).map((f) => [f.path, f.text ?? lastTexts.get(f.path)!]));
}

/** What the update reads of the last index and its records. */
function sourcesOf(last: MadeIndex, records: SearchRecord[]): UpdateSources & { recordsRead: number[] } {
  const byFile = new Map([...last.termParts.values(), ...last.recordParts].map((p) => [p.file, p.text!]));
  const recordsRead: number[] = [];
  return { partText: (file) => byFile.get(file), recordOf: (doc) => (recordsRead.push(doc), records[doc]), recordsRead };
}

const basisOf = ({ termParts: _t, recordParts: _r, ...basis }: MadeIndex) => basis;

const word = fc.constantFrom('share', 'shares', 'sharing', 'shared', 'sh', 'token', 'tokens', 'zrok', 'zroked', 'a', 'ab', 'abc', 'the', 'proxy', 'über', 'Über', '127.0.0.1', '--headless', 'x', 'xy', 'reserve', 'reserved', 'frontend', 'agent');
const text = fc.array(word, { maxLength: 10 }).map((w) => w.join(' '));
const row = fc.tuple(text, fc.option(text), text, fc.option(text, { nil: undefined }));

describe('a search index updated in place after an edit', () => {
  it('is the index made whole from the new records, file for file', () => {
    let updated = 0;
    let tried = 0;
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 14 }), fc.array(fc.tuple(fc.nat(), row), { minLength: 1, maxLength: 3 }), (rows, edits) => {
        const records = rows.map(([title, heading, content, description], i) => record(i, title, heading, content, description));
        const last = makeSearchIndex(tag, records, limits);
        const edited = records.slice();
        for (const [at, [title, heading, content, description]] of edits) {
          const i = at % records.length;
          // The same section (its ID and URL) with other words.
          edited[i] = { ...record(i, title, heading, content, description), type: records[i].type, hierarchy: { ...record(i, title, heading, content).hierarchy, lvl2: records[i].hierarchy.lvl2 && (heading ?? 'h') } };
        }
        const changes: DocChange[] = [...new Set(edits.map(([at]) => at % records.length))].map((doc) => ({ doc, before: records[doc], after: edited[doc] }));
        const made = updateSearchIndex(basisOf(last), changes, sourcesOf(last, records), limits);
        tried++;
        if (!made) return;
        updated++;
        const whole = makeSearchIndex(tag, edited, limits);
        expect(filesOf(made, last)).toEqual(filesOf(whole));
        expect(basisOf(made)).toEqual(basisOf(whole));
      }),
      { numRuns: 400 },
    );
    // Only a change of key length makes it whole: most edits are updates.
    expect(updated).toBeGreaterThan(tried * 0.6);
  });

  it('reads no other record when the edit leaves every other term where it first arrived', () => {
    const records = [record(0, 'Reserved shares', null, 'a token for each share'), record(1, 'Agent', null, 'the agent keeps shares'), record(2, 'Proxy', null, 'a proxy frontend')];
    const last = makeSearchIndex(tag, records, limits);
    const sources = sourcesOf(last, records);
    const after = { ...records[2], content: 'a proxy frontend for zrok' };
    const made = updateSearchIndex(basisOf(last), [{ doc: 2, before: records[2], after }], sources, limits)!;
    expect(filesOf(made, last)).toEqual(filesOf(makeSearchIndex(tag, [records[0], records[1], after], limits)));
    expect(sources.recordsRead).toEqual([]);
    // Only the parts of its terms and of its record were made again.
    expect(indexFiles(made).filter((f) => f.text !== undefined).length).toBeLessThan(indexFiles(made).length);
  });

  it('reads the record that now brings first a term the edited one no longer holds', () => {
    const records = [record(0, 'Agent', null, 'reserved tokens'), record(1, 'Proxy', null, 'reserved frontend tokens')];
    const last = makeSearchIndex(tag, records, limits);
    const sources = sourcesOf(last, records);
    const after = { ...records[0], content: 'the agent' };
    const made = updateSearchIndex(basisOf(last), [{ doc: 0, before: records[0], after }], sources, limits)!;
    expect(filesOf(made, last)).toEqual(filesOf(makeSearchIndex(tag, [after, records[1]], limits)));
    expect(sources.recordsRead).toEqual([1]);
  });

  it('gives nothing when a section moved (its URL changed) or a part of the last index is gone', () => {
    const records = [record(0, 'Agent', null, 'reserved tokens'), record(1, 'Proxy', null, 'frontend')];
    const last = makeSearchIndex(tag, records, limits);
    const moved = { ...records[1], url: '/docs/elsewhere/' };
    expect(updateSearchIndex(basisOf(last), [{ doc: 1, before: records[1], after: moved }], sourcesOf(last, records), limits)).toBeUndefined();
    const gone: UpdateSources = { partText: () => undefined, recordOf: (doc) => records[doc] };
    expect(updateSearchIndex(basisOf(last), [{ doc: 1, before: records[1], after: { ...records[1], content: 'proxy' } }], gone, limits)).toBeUndefined();
  });

  it('refuses a record of another version, as the whole index does', () => {
    const records = [record(0, 'Agent', null, 'reserved tokens')];
    const last = makeSearchIndex(tag, records, limits);
    const other = { ...records[0], docusaurus_tag: 'docs-default-1.0' };
    expect(() => updateSearchIndex(basisOf(last), [{ doc: 0, before: records[0], after: other }], sourcesOf(last, records), limits)).toThrow(/is en\/docs-default-1.0, not en\/docs-default-current/);
  });
});

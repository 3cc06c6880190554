import { describe, expect, it } from 'vitest';
import { cellWidths, PROSE_MIN, tableWidth, type TextRun } from '../../src/builder/pages/table-fit.ts';
import { cardsBelow } from '../../src/builder/pages/remark-table-labels.ts';

const prose = (text: string): TextRun => ({ text, font: 'prose' });
const bold = (text: string): TextRun => ({ text, font: 'bold' });
const code = (text: string): TextRun => ({ text, font: 'code' });

describe('the width a table needs', () => {
  it('takes runs that touch without a space as one word', () => {
    const apart = cellWidths([bold('Inter'), prose(' nal')]).longestWord;
    const joined = cellWidths([bold('Inter'), prose('nal')]).longestWord;
    expect(joined).toBeGreaterThan(apart);
    expect(joined).toBeCloseTo(cellWidths([bold('Inter')]).oneLine + cellWidths([prose('nal')]).oneLine);
  });

  it('measures code at its monospace advance with its padding, word by word', () => {
    const { longestWord, oneLine } = cellWidths([code('--oauth-provider github')]);
    expect(longestWord).toBeCloseTo(16 * 0.6 * 13.6 + 0.4 * 13.6, 1); // the first word carries the left padding
    expect(oneLine).toBeCloseTo(23 * 0.6 * 13.6 + 0.8 * 13.6, 1);
  });

  it('gives a prose column room for a few words a line, a short column its text, and a header its longest word', () => {
    const sentence = prose('Anyone with a Google account may sign in to the share once the app is published.');
    const narrow = tableWidth([[bold('Who can sign in')]], [[[prose('Anyone')]]]);
    const wide = tableWidth([[bold('Who can sign in')]], [[[sentence]]]);
    expect(wide - narrow).toBeGreaterThan(PROSE_MIN - cellWidths([prose('Anyone')]).oneLine - 1);
    expect(wide).toBeLessThan(cellWidths([sentence]).oneLine); // the sentence wraps
    expect(tableWidth([[bold('A very long header that wraps')]], [[[prose('x')]]])).toBeLessThan(cellWidths([bold('A very long header that wraps')]).oneLine);
  });

  it('adds up its columns, each with its padding and border', () => {
    const one = tableWidth([[prose('a')]], [[[prose('amd64')]]]);
    const two = tableWidth([[prose('a')], [prose('a')]], [[[prose('amd64')], [prose('amd64')]]]);
    expect(Math.abs(two - one - (one - 1))).toBeLessThanOrEqual(1); // rounded up once
  });
});

describe('the step of the width at which a table becomes blocks', () => {
  it('is the width rounded up to 20 px up to 480, then to 40 px, from 200 to 600: a wider column always keeps a table', () => {
    expect([120, 200, 201, 327, 480, 481, 590, 700, 2000].map(cardsBelow)).toEqual([200, 200, 220, 340, 480, 520, 600, 600, 600]);
  });
});

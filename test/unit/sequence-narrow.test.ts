import { describe, expect, it } from 'vitest';
import { narrowSequenceSvg, wrapText, type ParsedSequence } from '../../src/builder/diagrams/sequence-narrow.ts';
import { textWidth } from '../../src/builder/diagrams/text-width.ts';
import { BOX_BORDER, PHONE_COLUMN } from '../../src/builder/diagrams/narrow-layout.ts';

const lines = [
  'sequenceDiagram',
  'participant B as User Browser',
  'participant S as zrok Public Share',
  'participant P as OAuth Provider',
  'Note over B,P: A note before any message',
  'B->>S: GET share URL with a label long enough to need two lines on a phone',
  'alt No valid session',
  'S-->>B: 302 redirect to the provider',
  'else Valid session',
  'S->>S: Check the cookie',
  'end',
  'Note over B,S: After the frame',
];
const diagram: ParsedSequence = {
  actors: [
    { id: 'B', label: 'User Browser', type: 'participant' },
    { id: 'S', label: 'zrok Public Share', type: 'participant' },
    { id: 'P', label: 'OAuth Provider', type: 'participant' },
  ],
  messages: [
    { from: 'B', to: 'S', label: 'GET share URL with a label long enough to need two lines on a phone', lineStyle: 'solid', arrowHead: 'filled' },
    { from: 'S', to: 'B', label: '302 redirect to the provider', lineStyle: 'dashed', arrowHead: 'filled' },
    { from: 'S', to: 'S', label: 'Check the cookie', lineStyle: 'solid', arrowHead: 'filled' },
  ],
  blocks: [{ type: 'alt', label: 'No valid session', startIndex: 1, endIndex: 2, dividers: [{ index: 2, label: 'Valid session' }] }],
  notes: [
    { actorIds: ['B', 'P'], text: 'A note before any message', position: 'over', afterIndex: -1 },
    { actorIds: ['B', 'S'], text: 'After the frame', position: 'over', afterIndex: 2 },
  ],
};

describe('a sequence diagram on a phone', () => {
  it('breaks text at spaces into lines that fit, and cuts only a word longer than a line', () => {
    const wrapped = wrapText('GET /google/auth/callback?code=abcdefghijklmnopqrstuvwxyz and more', 120);
    for (const line of wrapped) expect(textWidth(line, 12)).toBeLessThanOrEqual(120);
    expect(wrapped.join(' ').replace(/\s+/g, '')).toBe('GET/google/auth/callback?code=abcdefghijklmnopqrstuvwxyzandmore');
    expect(wrapText('one two', 200)).toEqual(['one two']);
  });

  it('fits a phone column, draws everything the source has, in order, with no text under 12 px', () => {
    const svg = narrowSequenceSvg(diagram, lines);
    expect(svg).toMatch(new RegExp(`viewBox="0 0 ${PHONE_COLUMN - BOX_BORDER} \\d+"`));
    expect(svg.match(/<g class="actor"/g)).toHaveLength(3);
    expect(svg.match(/<g class="message"/g)).toHaveLength(3);
    expect(svg.match(/<g class="note"/g)).toHaveLength(2);
    expect(svg.match(/<g class="block"/g)).toHaveLength(1);
    for (const size of svg.matchAll(/font-size="([\d.]+)"/g)) expect(Number(size[1])).toBeGreaterThanOrEqual(12);
    const y = (text: string) => Number(new RegExp(`y="([\\d.]+)"[^>]*>${text}`).exec(svg)![1]);
    expect(y('A note before any message')).toBeLessThan(y('GET share URL with a label long'));
    expect(y('\\[Valid session\\]')).toBeLessThan(y('Check the cookie'));
    expect(y('After the frame')).toBeGreaterThan(y('Check the cookie'));
    // The long label takes two lines across the width, not squeezed between two lifelines.
    expect(svg.match(/<text [^>]*text-anchor="start"[^>]*>[^<]*(label|long|enough|phone)[^<]*<\/text>/g)!.length).toBeGreaterThanOrEqual(2);
  });
});

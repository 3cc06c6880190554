// @vitest-environment node
/**
 * The build parses diagrams in Node, with no DOM: mermaid's browser build, its own DOMPurify given a sanitizer that
 * keeps the text. Without that, parsing a flowchart throws on DOMPurify's missing sanitize().
 */
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

let work: string;
let mod: typeof import('../../src/builder/diagrams/mermaid-parse.ts');

beforeAll(async () => {
  // The parse cache lies under the working folder: a fresh one, so that mermaid itself parses each diagram.
  work = mkdtempSync(path.join(tmpdir(), 'mermaid-parse-'));
  vi.spyOn(process, 'cwd').mockReturnValue(work);
  mod = await import('../../src/builder/diagrams/mermaid-parse.ts');
});
afterAll(() => {
  vi.restoreAllMocks();
  rmSync(work, { recursive: true, force: true });
});

describe('parseMermaid without a DOM', () => {
  it('has no DOM here', () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
  });

  it('counts the nodes, edges and subgraphs of a flowchart with labels', async () => {
    const parsed = await mod.parseMermaid('flowchart LR\n  subgraph edge [Edge <b>host</b>]\n    A["zrok share"] --> B{{frontend}}\n  end\n  B -->|HTTPS| C[(store)]\n');
    expect(parsed).toEqual({ type: 'flowchart-v2', counts: { nodes: 3, edges: 2, subgraphs: 1 } });
  });

  it('counts the actors, messages and notes of a sequence diagram', async () => {
    const parsed = await mod.parseMermaid('sequenceDiagram\n  Alice->>Bob: enable\n  Note over Bob: stores the identity\n  Bob-->>Alice: ok\n');
    expect(parsed).toMatchObject({ type: 'sequence', counts: { actors: 2, messages: 2, notes: 1, boxes: 0 } });
  });

  it('throws a MermaidSyntaxError with mermaid\'s message on invalid text', async () => {
    await expect(mod.parseMermaid('flowchart LR\n  A -->\n')).rejects.toThrow(mod.MermaidSyntaxError);
    await expect(mod.parseMermaid('flowchart LR\n  A -->\n')).rejects.toThrow(/Parse error/);
  });

  it('keeps each valid diagram as one line of one file, read back by a new thread, skipping a line cut short', async () => {
    const chart = 'flowchart TD\n  A --> B\n';
    const parsed = await mod.parseMermaid(chart);
    const log = path.join(work, '.cache/diagram-parse.log');
    const lines = readFileSync(log, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(3); // the two valid diagrams above and this one; the invalid one is not kept
    expect(lines.at(-1)).toMatch(/^[0-9a-f]{32} \{"type":"flowchart-v2"/);
    appendFileSync(log, '0123 {"type":"flowch');
    // A new thread: a fresh module, which reads the file. The diagram comes from it, not from mermaid.
    vi.resetModules();
    const fresh = await import('../../src/builder/diagrams/mermaid-parse.ts');
    const [key] = lines.at(-1)!.split(' ');
    appendFileSync(log, `\n${key} {"type":"flowchart-v2","counts":{"nodes":99,"edges":0,"subgraphs":0}}\n`);
    expect(await fresh.parseMermaid(chart)).toEqual({ ...parsed, counts: { nodes: 99, edges: 0, subgraphs: 0 } });
  });

  it('removes the folder of a file per diagram that earlier builds kept, when it first makes the log', async () => {
    rmSync(path.join(work, '.cache/diagram-parse.log'));
    mkdirSync(path.join(work, '.cache/diagram-parse'));
    writeFileSync(path.join(work, '.cache/diagram-parse/0123.json'), '{"type":"flowchart-v2"}');
    vi.resetModules();
    const fresh = await import('../../src/builder/diagrams/mermaid-parse.ts');
    await fresh.parseMermaid('flowchart TD\n  C --> D\n');
    expect(existsSync(path.join(work, '.cache/diagram-parse'))).toBe(false);
    expect(readFileSync(path.join(work, '.cache/diagram-parse.log'), 'utf8').trim().split('\n')).toHaveLength(1);
  });
});

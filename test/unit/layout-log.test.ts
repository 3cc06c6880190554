// @vitest-environment node
/**
 * Diagram layouts are kept between builds (layout-log.ts): a new compile thread takes a layout from the log without
 * loading the renderer, and a change to the code that draws diagrams lays them out again.
 */
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

let work: string;
const chart = 'flowchart LR\n  A[zrok share] --> B[frontend]\n';

beforeAll(() => {
  // The log and the code it is keyed by lie under the working folder: a fresh one, with a copy of the diagrams' code.
  work = mkdtempSync(path.join(tmpdir(), 'layout-log-'));
  cpSync(path.resolve('src/builder/diagrams'), path.join(work, 'src/builder/diagrams'), { recursive: true });
  vi.spyOn(process, 'cwd').mockReturnValue(work);
});
afterAll(() => {
  vi.restoreAllMocks();
  rmSync(work, { recursive: true, force: true });
});

/** The diagram module as a new thread loads it; `renderer: false` makes loading the renderer fail. */
async function freshThread({ renderer }: { renderer: boolean }) {
  vi.resetModules();
  vi.doUnmock('../../src/builder/diagrams/renderer-patch.ts');
  if (!renderer) {
    vi.doMock('../../src/builder/diagrams/renderer-patch.ts', async (actual) => ({
      ...(await actual<object>()),
      loadPatchedRenderer: () => {
        throw new Error('the renderer was loaded');
      },
    }));
  }
  return import('../../src/builder/diagrams/diagram-svg.ts');
}

describe('diagram layouts between builds', () => {
  it('gives a new thread the layout a thread before it made, without loading the renderer', async () => {
    const drawn = await (await freshThread({ renderer: true })).drawDiagram(chart, 'd1');
    const log = readFileSync(path.join(work, '.cache/diagram-layouts.log'), 'utf8').trim().split('\n');
    expect(log).toHaveLength(1);
    expect(await (await freshThread({ renderer: false })).drawDiagram(chart, 'd1')).toEqual(drawn);
  });

  it('skips a line cut short', async () => {
    appendFileSync(path.join(work, '.cache/diagram-layouts.log'), '0123 "<svg');
    await expect((await freshThread({ renderer: false })).drawDiagram(chart, 'd1')).resolves.toMatchObject({ inner: expect.any(String) });
  });

  it('lays a diagram out again once the code that draws it changed', async () => {
    appendFileSync(path.join(work, 'src/builder/diagrams/narrow-layout.ts'), '\n// changed\n');
    await expect((await freshThread({ renderer: false })).drawDiagram(chart, 'd1')).rejects.toThrow('the renderer was loaded');
  });
});

/**
 * A compile thread compiles the versions of a page one after the other and makes what they share
 * once: a diagram's layout, a highlighted code block (mdx-compile-worker.ts compileVersions). The
 * pages must come out as each does compiled alone, in a thread that has seen nothing before.
 */
import { describe, expect, it, vi } from 'vitest';
import { BoundedMap } from '../../src/builder/common/bounded-map.ts';
import type { CompileTask } from '../../src/builder/pages/mdx-compile-worker.ts';

const diagram = '```mermaid title="Two steps"\nflowchart LR\n  A["Install"] --> B["Enable"]\n```\n';
const another = '```mermaid title="Three steps"\nflowchart TD\n  A["Install"] --> B["Enable"] --> C["Share"]\n```\n';
const code = (meta: string) => `\`\`\`bash ${meta}\nzrok enable <token>\nzrok share public localhost:8080\n\`\`\`\n`;
const page = (version: string, body: string): CompileTask => ({
  path: `/site/content/docs/${version}/guide.mdx`,
  source: `content/docs/${version}/guide.mdx`,
  relPath: 'guide.mdx',
  text: `---\ntitle: Guide\n---\n\n${body}`,
  development: false,
  withDoc: true,
});
const versions = [
  page('7.1', `${diagram}\n${code('{1}')}\n${diagram}`),
  page('7.0', `${diagram}\n${code('{2}')}\n${another}`),
  page('6.4', `Text first.\n\n${code('{1}')}\n${diagram}`),
];

/** The compiler as a fresh thread has it: no layouts or highlighted blocks kept. */
async function freshCompiler() {
  vi.resetModules();
  return import('../../src/builder/pages/mdx-compile-worker.ts');
}

describe('the versions of a page compiled together', () => {
  it('come out as each page compiled alone by a fresh thread', async () => {
    const alone = [];
    for (const task of versions) alone.push(await (await freshCompiler()).default(task));
    const together = await (await freshCompiler()).compileVersions(versions);
    expect(together.map((o) => o.errors)).toEqual([undefined, undefined, undefined]);
    // Every diagram drawn at build time, each with its own nodes (none left to the browser).
    expect(together.map((o) => o.diagramFallbacks)).toEqual([undefined, undefined, undefined]);
    expect(together).toEqual(alone);
    // What the versions share is each version's own: the line each one marks.
    expect(together[0].code).not.toEqual(together[1].code);
  }, 60_000);
});

describe('BoundedMap', () => {
  it('forgets the entry first set beyond its limit, and grows no further', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('a', 3);
    expect([...map]).toEqual([
      ['a', 3],
      ['b', 2],
    ]);
    map.set('c', 4);
    expect([...map]).toEqual([
      ['b', 2],
      ['c', 4],
    ]);
  });
});

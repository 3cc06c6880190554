// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cp, mkdir, mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { threadBundle } from '../../src/builder/threads/thread-bundle.mjs';

/** A project whose entry imports a module of its own. */
async function project() {
  const root = await mkdtemp(path.join(tmpdir(), 'thread-bundle-'));
  await mkdir(path.join(root, 'src'));
  await writeFile(path.join(root, 'src/entry.ts'), "import { word } from './word.ts';\nexport const said: string = word;\n");
  await writeFile(path.join(root, 'src/word.ts'), "export const word = 'first';\n");
  return root;
}

const said = async (module: string) => ((await import(`${pathToFileURL(module).href}?${Math.random()}`)) as { said: string }).said;
const recordOf = (root: string) => path.join(root, '.cache/threads/entry.inputs.json');

describe('threadBundle', () => {
  it('gives the last bundle without bundling again while its sources are as they were', async () => {
    const root = await project();
    const first = await threadBundle(path.join(root, 'src/entry.ts'), root);
    expect(await said(first)).toBe('first');
    const recorded = await stat(recordOf(root));
    expect(await threadBundle(path.join(root, 'src/entry.ts'), root)).toBe(first);
    // esbuild did not run: it would have written the record again
    expect((await stat(recordOf(root))).mtimeMs).toBe(recorded.mtimeMs);
  });

  it('bundles again when an imported source changed, even with the same size', async () => {
    const root = await project();
    const first = await threadBundle(path.join(root, 'src/entry.ts'), root);
    await writeFile(path.join(root, 'src/word.ts'), "export const word = 'other';\n");
    await utimes(path.join(root, 'src/word.ts'), new Date(), new Date(Date.now() + 5000));
    const second = await threadBundle(path.join(root, 'src/entry.ts'), root);
    expect(second).not.toBe(first);
    expect(await said(second)).toBe('other');
  });

  it('bundles again next time when a source changed while esbuild ran (its time is after the bundling began)', async () => {
    const root = await project();
    const later = new Date(Date.now() + 60_000); // what a save during the bundling leaves
    await utimes(path.join(root, 'src/word.ts'), later, later);
    await threadBundle(path.join(root, 'src/entry.ts'), root);
    const recorded = await stat(recordOf(root));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await threadBundle(path.join(root, 'src/entry.ts'), root);
    expect((await stat(recordOf(root))).mtimeMs).not.toBe(recorded.mtimeMs);
  });

  it('bundles again when the bundle was removed', async () => {
    const root = await project();
    const first = await threadBundle(path.join(root, 'src/entry.ts'), root);
    await rm(path.dirname(first), { recursive: true });
    expect(await said(await threadBundle(path.join(root, 'src/entry.ts'), root))).toBe('first');
  });

  it("in a copied project, uses and records the copy's own files", async () => {
    const root = await project();
    await threadBundle(path.join(root, 'src/entry.ts'), root);
    const copy = await mkdtemp(path.join(tmpdir(), 'thread-bundle-copy-'));
    await cp(root, copy, { recursive: true, preserveTimestamps: true });
    await writeFile(path.join(copy, 'src/word.ts'), "export const word = 'copy!';\n");
    const inCopy = await threadBundle(path.join(copy, 'src/entry.ts'), copy);
    expect(inCopy.startsWith(copy)).toBe(true);
    expect(await said(inCopy)).toBe('copy!');
    expect(JSON.parse(await readFile(recordOf(copy), 'utf8')).module).not.toMatch(/^\//);
  });

  it('bundles the entries named alongside in the same run, so that asking for one later does not bundle again', async () => {
    const root = await project();
    await writeFile(path.join(root, 'src/other.ts'), "import { word } from './word.ts';\nexport const said: string = `${word}, again`;\n");
    const first = await threadBundle(path.join(root, 'src/entry.ts'), root, [path.join(root, 'src/other.ts')]);
    const otherRecord = path.join(root, '.cache/threads/other.inputs.json');
    const recorded = await stat(otherRecord);
    const other = await threadBundle(path.join(root, 'src/other.ts'), root);
    expect(path.dirname(other)).toBe(path.dirname(first));
    expect(await said(other)).toBe('first, again');
    // esbuild did not run for it: it would have written its record again
    expect((await stat(otherRecord)).mtimeMs).toBe(recorded.mtimeMs);
    // a change to what they share makes both new
    await writeFile(path.join(root, 'src/word.ts'), "export const word = 'changed';\n");
    await utimes(path.join(root, 'src/word.ts'), new Date(), new Date(Date.now() + 5000));
    expect(await said(await threadBundle(path.join(root, 'src/other.ts'), root))).toBe('changed, again');
  });
});

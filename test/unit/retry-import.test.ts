import { describe, expect, it } from 'vitest';
import { chunkLoader, failedModuleUrl, importRetrying } from '../../src/retry-import.ts';

/** An importer whose first `failures` calls fail as Chromium's import() does, and which records every URL asked for. */
function flakyImporter(failures: number) {
  const asked: string[] = [];
  const importer = async (url: string) => {
    asked.push(url);
    if (asked.length <= failures) throw new TypeError(`Failed to fetch dynamically imported module: ${url}`);
    return { default: `module at ${url}` };
  };
  return { asked, importer };
}

describe('imports that can be tried again', () => {
  it('asks for a module under a new URL after each failure, and the same one once it loaded', async () => {
    const { asked, importer } = flakyImporter(2);
    const url = 'http://127.0.0.1:4173/assets/pages/abc.js';
    await expect(importRetrying(url, importer)).rejects.toThrow('Failed to fetch');
    await expect(importRetrying(url, importer)).rejects.toThrow('Failed to fetch');
    expect(await importRetrying(url, importer)).toEqual({ default: `module at ${url}?retry=2` });
    expect(asked).toEqual([url, `${url}?retry=1`, `${url}?retry=2`]);
  });

  it('adds its query to one the URL already has (the dev server counts edits in one)', async () => {
    const { asked, importer } = flakyImporter(1);
    const url = 'http://127.0.0.1:5173/.cache/pages/ab/x.mjs?edit=3';
    await expect(importRetrying(url, importer)).rejects.toThrow();
    await importRetrying(url, importer);
    expect(asked).toEqual([url, `${url}&retry=1`]);
  });

  it('finds the module a failed import names in Chromium and Firefox, and none in Safari', () => {
    const url = 'http://127.0.0.1:4173/assets/SearchModal-C1EmLuVV.js';
    expect(failedModuleUrl(new TypeError(`Failed to fetch dynamically imported module: ${url}`))).toBe(url);
    expect(failedModuleUrl(new TypeError(`error loading dynamically imported module: ${url}`))).toBe(url);
    expect(failedModuleUrl(new TypeError('Importing a module script failed.'))).toBeUndefined();
    expect(failedModuleUrl(new Error('Unable to preload CSS for http://127.0.0.1:4173/assets/SearchModal-DOowhG1I.css'))).toBeUndefined();
    expect(failedModuleUrl(undefined)).toBeUndefined();
  });

  it("loads a chunk through the bundler's import first, then by the URL its failure named", async () => {
    const url = 'http://127.0.0.1:4173/assets/mermaid-draw-DUQmzuuj.js';
    let viaBundler = 0;
    const { asked, importer } = flakyImporter(0);
    const load = chunkLoader(async () => {
      viaBundler++;
      throw new TypeError(`Failed to fetch dynamically imported module: ${url}`);
    }, importer);
    await expect(load()).rejects.toThrow();
    expect(await load()).toEqual({ default: `module at ${url}?retry=1` });
    expect([viaBundler, asked]).toEqual([1, [`${url}?retry=1`]]);
  });

  it('keeps to the bundler when a failure names no URL', async () => {
    let calls = 0;
    const load = chunkLoader(async () => {
      if (++calls === 1) throw new TypeError('Importing a module script failed.');
      return 'loaded';
    });
    await expect(load()).rejects.toThrow();
    expect(await load()).toBe('loaded');
    expect(calls).toBe(2);
  });
});

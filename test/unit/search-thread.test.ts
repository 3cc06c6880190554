// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeSearchIndexes, runSearchIndexJobs, startSearchIndexes, type SearchIndexJobs } from '../../src/builder/search/search-thread.ts';
import { FileSetCache, keepFiles, readEntry, writeFresh } from '../../src/builder/prerender/render-cache.ts';
import type { IndexFileRef } from '../../src/builder/search/search-store.ts';
import type { SearchRecord } from '../../src/search/types.ts';
import { INDEX_FORMAT } from '../../src/search/index-format.ts';

const temp = () => mkdtemp(path.join(tmpdir(), 'search-thread-'));
const tag = 'docs-default-current';
const record = (page: string, anchor: string, content: string): SearchRecord => ({
  objectID: `${tag}:${page}${anchor}`,
  url: `${page}${anchor}`,
  type: anchor ? 'lvl2' : 'lvl1',
  hierarchy: { lvl0: 'Guides', lvl1: page, lvl2: anchor ? anchor.slice(1) : null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
  content,
  language: 'en',
  docusaurus_tag: tag,
});

/** Every file under dir with its text. */
async function filesOf(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) if (e.isFile()) out[path.relative(dir, path.join(e.parentPath, e.name))] = await readFile(path.join(e.parentPath, e.name), 'utf8');
  return out;
}

/** A version of two pages: one rendered in this build, one whose records are kept in the render cache. */
async function jobs(filesDir: string): Promise<SearchIndexJobs> {
  const render = new FileSetCache(await temp(), 'c');
  await render.ready();
  const kept = render.entryFor('/docs/b/', 'data');
  const siteDir = await temp();
  writeFresh(path.join(siteDir, 'docs/b/index.html'), '<p>b</p>');
  await keepFiles(kept, siteDir, ['docs/b/index.html'], null, { records: [record('/docs/b/', '', 'Reserved shares keep their token.'), record('/docs/b/', '#limits', 'Token limits apply.')] });
  const search = new FileSetCache(await temp(), 'c');
  await search.ready();
  return { filesDir, jobs: [{ tag, entry: search.entryFor(tag, 'x'), pages: [{ path: '/docs/a/', recordsHash: 'a', entry: render.entryFor('/docs/a/', 'data'), records: [record('/docs/a/', '', 'Public shares go through a frontend.')] }, { path: '/docs/b/', recordsHash: 'b', entry: kept }] }] };
}

describe('the search indexes made beside the prerender', () => {
  it('writes the same files on a thread of their own as here', async () => {
    const here = await temp();
    await makeSearchIndexes(await jobs(here), process.cwd(), Infinity);
    const there = await temp();
    await makeSearchIndexes(await jobs(there), process.cwd(), 0);
    const written = await filesOf(here);
    expect(Object.values(written).some((text) => JSON.parse(text).format === INDEX_FORMAT)).toBe(true);
    expect(Object.keys(written).length).toBeGreaterThan(2);
    expect(await filesOf(there)).toEqual(written);
  });

  it("fails, on the thread too, when a kept page's records are gone", async () => {
    for (const threadAbove of [Infinity, 0]) {
      const input = await jobs(await temp());
      input.jobs[0].pages[1] = { path: '/docs/b/', recordsHash: 'b', entry: path.join(await temp(), 'gone') };
      await expect(makeSearchIndexes(input, process.cwd(), threadAbove)).rejects.toThrow(/lost its search records/);
    }
  });

  it('reads the kept pages’ records ahead on the thread, then makes the same files when the jobs come', async () => {
    const here = await temp();
    await makeSearchIndexes(await jobs(here), process.cwd(), Infinity);
    const there = await temp();
    const input = await jobs(there);
    const readAhead = input.jobs[0].pages.flatMap((p) => (p.records ? [] : [p.entry]));
    const started = startSearchIndexes({ filesDir: there, readAhead }, process.cwd(), 0);
    await new Promise((r) => setTimeout(r, 200)); // the jobs come later, as after the pages' render
    await started.finish(input.jobs);
    expect(await filesOf(there)).toEqual(await filesOf(here));
  });

  it('fails on the thread when a record read ahead is gone', async () => {
    const input = await jobs(await temp());
    const gone = path.join(await temp(), 'gone');
    input.jobs[0].pages[1] = { path: '/docs/b/', recordsHash: 'b', entry: gone };
    await expect(startSearchIndexes({ filesDir: input.filesDir, readAhead: [gone] }, process.cwd(), 0).finish(input.jobs)).rejects.toThrow(/lost its search records/);
  });

  it('updates the last index in place after an edit of one page, to the files a whole index has', async () => {
    const render = new FileSetCache(await temp(), 'c');
    await render.ready();
    const siteDir = await temp();
    writeFresh(path.join(siteDir, 'page.html'), '<p>page</p>');
    /** A page kept in the render cache with its records, as the prerender keeps one. */
    const page = async (at: string, hash: string, records: SearchRecord[]) => {
      const entry = render.entryFor(at, hash);
      await keepFiles(entry, siteDir, ['page.html'], { recordsHash: hash }, { records });
      return { path: at, recordsHash: hash, entry };
    };
    const b = await page('/docs/b/', 'b', [record('/docs/b/', '', 'Reserved shares keep their token.'), record('/docs/b/', '#limits', 'Token limits apply.')]);
    const edited = [record('/docs/a/', '', 'Public shares go through a frontend, or a private one.')];
    const search = new FileSetCache(await temp(), 'c');
    await search.ready();
    const state = { dir: await temp(), key: 'k' };
    const filesDir = await temp();
    const first = { filesDir, state, jobs: [{ tag, entry: search.entryFor(tag, '1'), pages: [await page('/docs/a/', 'a1', [record('/docs/a/', '', 'Public shares go through a frontend.')]), b] }] };
    expect(await runSearchIndexJobs(first)).toEqual([]);
    const second = { filesDir, state, jobs: [{ tag, entry: search.entryFor(tag, '2'), pages: [{ ...(await page('/docs/a/', 'a2', edited)), records: edited }, b] }] };
    expect(await runSearchIndexJobs(second)).toEqual([tag]);
    const whole = { filesDir: await temp(), jobs: [{ ...second.jobs[0], entry: search.entryFor(tag, '3') }] };
    expect(await runSearchIndexJobs(whole)).toEqual([]);
    /** The index's files as its entry lists them, by their path in the site. */
    const indexOf = async (entry: string, dir: string) => Object.fromEntries(await Promise.all(readEntry<IndexFileRef[]>(entry)!.data.map(async (ref) => [ref.rel, await readFile(path.join(dir, ref.name), 'utf8')])));
    expect(await indexOf(second.jobs[0].entry, filesDir)).toEqual(await indexOf(whole.jobs[0].entry, whole.filesDir));
    // On a thread started before the pages render, which reads the last index meanwhile: the same files.
    const threaded = { ...second.jobs[0], entry: search.entryFor(tag, '2t') };
    await runSearchIndexJobs(first);
    await startSearchIndexes({ filesDir, readAhead: [], state, updating: [{ tag, pages: 2 }] }, process.cwd(), 1).finish([threaded]);
    expect(await indexOf(threaded.entry, filesDir)).toEqual(await indexOf(whole.jobs[0].entry, whole.filesDir));
    // Another page's records changed too: two of two pages is too many to update.
    const third = { filesDir, state, jobs: [{ tag, entry: search.entryFor(tag, '4'), pages: [await page('/docs/a/', 'a1', [record('/docs/a/', '', 'Public shares go through a frontend.')]), await page('/docs/b/', 'b2', [record('/docs/b/', '', 'Reserved.'), record('/docs/b/', '#limits', 'Limits.')])] }] };
    expect(await runSearchIndexJobs(third)).toEqual([]);
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { outputFingerprint } from '../../src/builder/placement/build-stamp.ts';
import { placeSite, readSite, readSiteAside, type KeptSiteFile } from '../../src/builder/placement/place-site.ts';

/** Writes `files` (path → text) under dir. */
async function write(dir: string, files: Record<string, string>) {
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await writeFile(path.join(dir, rel), text);
  }
}

/** Every file under dir with its text. */
async function filesOf(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) if (e.isFile()) out[path.relative(dir, path.join(e.parentPath, e.name))] = await readFile(path.join(e.parentPath, e.name), 'utf8');
  return out;
}

/** A project with a render cache of two pages' files. */
async function project() {
  const root = await mkdtemp(path.join(tmpdir(), 'place-site-'));
  await write(path.join(root, '.cache/render'), { a: 'page a', b: 'page b', c: 'page c' });
  const kept = async (rel: string, name: string): Promise<KeptSiteFile> => {
    const file = path.join(root, '.cache/render', name);
    const { dev, ino } = await stat(file);
    return { rel, file, dev, ino };
  };
  const place = async (built: Record<string, string>, keptFiles: KeptSiteFile[]) => {
    await mkdir(path.join(root, '.build/client'), { recursive: true });
    await write(path.join(root, '.build/client'), built);
    const placement = { built: path.join(root, '.build/client'), kept: keptFiles, target: path.join(root, 'dist'), asideDir: path.join(root, '.cache/removing'), marker: path.join(root, '.cache/placing-dist') };
    const fingerprint = await placeSite(placement);
    expect(fingerprint).toBe(await outputFingerprint(placement.target));
    expect(existsSync(placement.marker)).toBe(false);
    return placement;
  };
  return { root, kept, place, dist: path.join(root, 'dist') };
}

describe('putting the built site in place', () => {
  it('makes the site whole from the built folder and the kept files, as links to the cache', async () => {
    const { kept, place, dist } = await project();
    // The built folder's index.html is the page template; the home page kept in the cache takes its place.
    await place({ 'index.html': 'template', 'assets/app.js': 'app' }, [await kept('docs/a/index.html', 'a'), await kept('docs/b/index.html', 'b'), await kept('index.html', 'c')]);
    expect(await filesOf(dist)).toEqual({ 'index.html': 'page c', 'assets/app.js': 'app', 'docs/a/index.html': 'page a', 'docs/b/index.html': 'page b' });
    expect((await stat(path.join(dist, 'docs/a/index.html'))).nlink).toBeGreaterThan(1);
  });

  it('updates the last site in place: removes what is gone, replaces what changed, leaves the same files untouched', async () => {
    const { kept, place, dist } = await project();
    await place({ 'index.html': 'home', 'docs/old/index.html': 'old', 'docs/old/deep/x.json': 'x', 'docs/b': 'a file' }, [await kept('docs/a/index.html', 'a')]);
    const untouched = await stat(path.join(dist, 'docs/a/index.html'));
    const home = await stat(path.join(dist, 'index.html'));
    const site = (await stat(dist)).ino;
    // The next build: a page gone (with its folders), a file become a folder, a kept page added, the home page written again.
    await place({ 'index.html': 'home 2', 'docs/b/index.html': 'b is a folder now', 'docs/c/index.html': 'template' }, [await kept('docs/a/index.html', 'a'), await kept('docs/c/index.html', 'c')]);
    expect(await filesOf(dist)).toEqual({ 'index.html': 'home 2', 'docs/a/index.html': 'page a', 'docs/b/index.html': 'b is a folder now', 'docs/c/index.html': 'page c' });
    expect(existsSync(path.join(dist, 'docs/old'))).toBe(false);
    const after = await stat(path.join(dist, 'docs/a/index.html'));
    expect([after.ino, after.ctimeMs]).toEqual([untouched.ino, untouched.ctimeMs]);
    expect((await stat(path.join(dist, 'index.html'))).ino).not.toBe(home.ino);
    // The site folder itself stayed: it was updated, not swapped.
    expect((await stat(dist)).ino).toBe(site);
  });

  it('replaces a site left mixed by a placement that was stopped', async () => {
    const { root, kept, place, dist } = await project();
    await place({ 'index.html': 'home' }, [await kept('docs/a/index.html', 'a')]);
    const before = (await stat(dist)).ino;
    await write(root, { 'dist/docs/half/index.html': 'half-placed', '.cache/placing-dist': 'placing' });
    await place({ 'index.html': 'home' }, [await kept('docs/a/index.html', 'a')]);
    expect(await filesOf(dist)).toEqual({ 'index.html': 'home', 'docs/a/index.html': 'page a' });
    expect((await stat(dist)).ino).not.toBe(before);
  });

  it('puts a kept file back as the cache’s where the site has another file in its place (a copy made by hand)', async () => {
    const { root, kept, place, dist } = await project();
    await place({}, [await kept('docs/a/index.html', 'a')]);
    await unlink(path.join(dist, 'docs/a/index.html'));
    await write(dist, { 'docs/a/index.html': 'edited by hand' });
    await place({}, [await kept('docs/a/index.html', 'a')]);
    expect(await readFile(path.join(dist, 'docs/a/index.html'), 'utf8')).toBe('page a');
    expect((await stat(path.join(dist, 'docs/a/index.html'))).ino).toBe((await stat(path.join(root, '.cache/render/a'))).ino);
  });

  it('reads the last site in a process of its own as it would here, and not at all when there is none or it was left mixed', async () => {
    const { root, kept, place, dist } = await project();
    const marker = path.join(root, '.cache/placing-dist');
    expect(await readSiteAside(dist, marker, process.cwd())).toBeNull();
    await place({ 'index.html': 'home', 'docs/b/data.json': '{}' }, [await kept('docs/a/index.html', 'a')]);
    const here = readSite(dist, marker)!;
    const aside = (await readSiteAside(dist, marker, process.cwd()))!;
    expect([...aside.keys()].sort()).toEqual(['docs/a/index.html', 'docs/b/data.json', 'index.html']);
    for (const [rel, s] of here) expect(aside.get(rel)).toEqual({ dev: s.dev, ino: s.ino, size: s.size, mtimeMs: s.mtimeMs });
    await write(root, { '.cache/placing-dist': 'placing' });
    expect(await readSiteAside(dist, marker, process.cwd())).toBeNull();
  });

  it('gives up a reader stopped before it answers, and the site is then placed from a reading of its own', async () => {
    const { root, kept, place, dist } = await project();
    const marker = path.join(root, '.cache/placing-dist');
    await place({ 'index.html': 'home', 'docs/b/data.json': '{}' }, [await kept('docs/a/index.html', 'a')]);
    const stop = new AbortController();
    const reading = readSiteAside(dist, marker, process.cwd(), stop.signal);
    stop.abort(); // as the build does when it needs the answer and a busy machine has not run the reader yet
    expect(await reading).toBeUndefined();
    await place({ 'index.html': 'home 2' }, [await kept('docs/c/index.html', 'c')]);
    expect(await filesOf(dist)).toEqual({ 'index.html': 'home 2', 'docs/c/index.html': 'page c' });
  });
});

/**
 * Rendered pages kept between builds (.cache/render/<key>.json): a page whose inputs did not
 * change is written from here instead of rendered again. A page's key covers everything its
 * render reads: the server bundle's code, the HTML shell (which names the client bundle's files and
 * carries the security policy), the base URL, and the page's own data: title, body module (named
 * by its source text), sidebar, prev/next, table of contents, version links. Pages that are not
 * docs (home, search, 404) read the whole manifest, so their key covers all of it. An edit to a
 * page's title changes its neighbours' prev/next and, where the sidebar is inline, every page of
 * its version: those keys change too, and those pages are rendered again.
 */
import { access, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { sha256 } from './hash.ts';
import type { RenderedPage } from './prerender-protocol.ts';

/** A rendered page as JSON: a page's ids are a Set, kept as a list. */
export const serializePage = (page: RenderedPage): string => JSON.stringify(page, (_key, value: unknown) => (value instanceof Set ? [...value] : value));

const exists = (file: string) => access(file).then(() => true, () => false);

/** Every file under dir, hashed with its path, in a stable order. */
export async function folderHash(dir: string): Promise<string> {
  const entries = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  const files = entries.map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
  const parts: string[] = [];
  for (const f of files) parts.push(f, sha256(await readFile(path.join(dir, f))));
  return sha256(...parts);
}

export class RenderCache {
  private readonly used = new Set<string>();
  constructor(
    private readonly dir: string,
    /** What every page's render reads: server bundle, shell, base. */
    private readonly common: string,
  ) {}

  /** The entry file of a route, given what its render reads besides the common part. */
  fileFor(route: string, inputs: string): string {
    const file = path.join(this.dir, `${sha256(this.common, route, inputs).slice(0, 32)}.json`);
    this.used.add(path.basename(file));
    return file;
  }

  async ready(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }

  has(file: string): Promise<boolean> {
    return exists(file);
  }

  async read(file: string): Promise<RenderedPage> {
    const page = JSON.parse(await readFile(file, 'utf8')) as RenderedPage;
    for (const f of page.facts) f.ids = new Set(f.ids as unknown as string[]);
    return page;
  }

  /** Removes the entries this build did not use (pages deleted or changed), so the cache does not grow. */
  async prune(): Promise<void> {
    for (const name of await readdir(this.dir)) if (!this.used.has(name)) await rm(path.join(this.dir, name), { force: true });
  }
}

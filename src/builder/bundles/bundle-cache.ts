/**
 * The client and server bundles of the last build, kept in .cache/bundles/<key>/ for the next.
 * The bundles are made from the engine (every input but the content) and, of the content, only
 * the site index (versions and home sections, the `virtual:site-index` module): when neither
 * changed, as after an edit to a page, the next build copies them instead of running Vite twice.
 */
import { copyFile, cp, mkdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { sha256 } from '../common/hash.ts';
import { filesUnder, inputsFingerprint } from '../placement/build-stamp.ts';
import { linkOrCopy } from '../prerender/render-cache.ts';
import { siteIndexOf } from '../../content/page-data.ts';
import { HOME_SECTIONS } from '../../theme/home-sections.ts';
import type { SiteManifest } from '../../content/types.ts';

export const BUNDLES = ['client', 'server'] as const;
const cacheDir = (root: string) => path.join(root, '.cache/bundles');
const exists = (p: string) => stat(p).then(() => true, () => false);

/** The part of the manifest the client bundle is made from (`virtual:site-index`). */
export const siteIndexText = (site: SiteManifest) => JSON.stringify(siteIndexOf(site, HOME_SECTIONS.map((s) => s.path)));

/**
 * The key of the bundles this build would make: the engine's fingerprint and the site index it serves, as the
 * pages phase wrote it (a few KB: the whole manifest, parsed here, took 0.2 s at ten thousand pages).
 */
export async function bundleKey(root: string, outDir: string, siteIndexFile: string): Promise<string> {
  return sha256(await inputsFingerprint(root, outDir, process.env, ['content']), await readFile(siteIndexFile, 'utf8')).slice(0, 24);
}

/**
 * Copies a bundle's folder, with its assets/ hard-linked where the file system allows: their names carry their
 * content's hash and nothing writes into them (the prerender writes its files anew, see writeFresh), so the cache,
 * the build and the site can share one file. On the real site that is 119 of a bundle's 123 files and 5 MB, each
 * a new file to make, and to delete again when the cache goes.
 */
async function copyBundle(from: string, to: string): Promise<void> {
  const files = filesUnder(from);
  for (const dir of new Set(files.map((rel) => path.dirname(path.join(to, rel))))) await mkdir(dir, { recursive: true });
  await Promise.all(
    files.map((rel) => {
      const [source, target] = [path.join(from, rel), path.join(to, rel)];
      return rel.startsWith('assets/') ? linkOrCopy(source, target) : copyFile(source, target);
    }),
  );
}

/** Copies the cached bundles into `work` (as .build/client and .build/server); false when there are none for this key. */
export async function restoreBundles(root: string, key: string, work: string): Promise<boolean> {
  const dir = path.join(cacheDir(root), key);
  if (!(await exists(path.join(dir, 'complete')))) return false;
  for (const b of BUNDLES) await copyBundle(path.join(dir, b), path.join(work, b));
  return true;
}

/** Keeps this build's fresh bundles (before the prerender writes into the client folder), and only them. */
export async function saveBundles(root: string, key: string, work: string): Promise<void> {
  const dir = path.join(cacheDir(root), key);
  await rm(cacheDir(root), { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  for (const b of BUNDLES) await copyBundle(path.join(work, b), path.join(dir, b));
  await cp(path.join(work, 'client/.vite/manifest.json'), path.join(dir, 'complete')); // written last: a half-saved copy is never used
}

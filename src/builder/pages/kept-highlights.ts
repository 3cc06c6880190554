/**
 * Highlighted code blocks kept between builds, one file per block named by a hash of its language, meta and code, in
 * a folder of the compiler's fingerprint (page-cache.ts), so that another highlighter, theme or transformer never
 * finds them. After a sentence of a long page is edited, its compile thread takes every block from here and never
 * loads the highlighter's engine and grammars (rehype-shiki-kept.ts). Older fingerprints' folders are removed by the build.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Root } from 'hast';
import { sha256 } from '../common/hash.ts';

/** The store of one compiler fingerprint: `root/.cache/highlight/<fingerprint>/`. */
export const keptHighlightsDir = (root: string, fingerprint: string) => path.join(root, '.cache/highlight', fingerprint.slice(0, 16));

/** Removes the folders of other fingerprints than `dir`'s. */
export function pruneKeptHighlights(dir: string): void {
  const parent = path.dirname(dir);
  let names: string[] = [];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  for (const name of names) if (name !== path.basename(dir)) rmSync(path.join(parent, name), { recursive: true, force: true });
}

/** Blocks kept in `dir`: a block is read on demand and written whole (aside, then renamed). */
export function keptHighlights(dir: string) {
  const fileOf = (key: string) => path.join(dir, `${sha256(key).slice(0, 32)}.json`);
  let made = false;
  return {
    get(key: string): Root | undefined {
      try {
        return JSON.parse(readFileSync(fileOf(key), 'utf8')) as Root;
      } catch {
        return undefined;
      }
    },
    set(key: string, tree: Root): void {
      if (!made) mkdirSync(dir, { recursive: true }), (made = true);
      const file = fileOf(key);
      const aside = `${file}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
      writeFileSync(aside, JSON.stringify(tree));
      renameSync(aside, file);
    },
  };
}

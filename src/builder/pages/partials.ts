/**
 * MDX partials: `_name.mdx` files a page imports by a relative path or by `@site/…` (the project's folder), whose text
 * becomes part of the page (remark-docusaurus-imports.ts). They are never pages of their own (read-content.ts skips
 * names starting with `_`). A page's compiled module depends on them, so the page cache keys it by their text too.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const PARTIAL = /\.mdx?$/;

/** The file an import's source names when it is a partial, or undefined. `from`: the importing file; `root`: the project. */
export function partialFile(source: string, from: string, root: string): string | undefined {
  if (!PARTIAL.test(source)) return undefined;
  if (source.startsWith('@site/')) return path.join(root, source.slice('@site/'.length));
  if (source.startsWith('./') || source.startsWith('../')) return path.resolve(path.dirname(from), source);
  return undefined;
}

const IMPORT = /^import\s[^;]*?from\s*['"]([^'"]+)['"]/gm;

/**
 * The partials a page's text imports, and theirs, read from the text as it stands (a look at each `import` line, no
 * parsing): for the page cache's key, so it may name a file more, never one less. A missing file is left out; the
 * compiler names it.
 */
export function partialsOf(file: string, text: string, root: string, seen = new Set<string>()): { file: string; text: string }[] {
  if (!text.includes('import')) return [];
  const out: { file: string; text: string }[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const partial = partialFile(m[1], file, root);
    if (!partial || seen.has(partial)) continue;
    seen.add(partial);
    let partialText: string;
    try {
      partialText = readFileSync(partial, 'utf8');
    } catch {
      continue;
    }
    out.push({ file: partial, text: partialText }, ...partialsOf(partial, partialText, root, seen));
  }
  return out;
}

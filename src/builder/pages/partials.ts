/**
 * MDX partials: `_name.mdx` files a page imports by a relative path or by `@site/…` (the project's folder), whose text
 * becomes part of the page (remark-docusaurus-imports.ts). They are never pages of their own (read-content.ts skips
 * names starting with `_`). A page's compiled module depends on them, so the page cache keys it by their text too, and
 * a page's Markdown copy holds their text where the page shows it (withPartialTexts).
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

const PARTIAL_IMPORT = /^import\s+([A-Za-z_$][\w$]*)\s+from\s*['"]([^'"]+)['"];?[ \t]*(?:\n|$)/gm;
const FENCE = /^\s*(```|~~~)/;
const FRONT_MATTER = /^---\n[\s\S]*?\n---(?:\n|$)/;
/** Partials inside partials, at most this deep (as the compiler allows). */
const MAX_DEPTH = 8;
/** An attribute of a partial's use: `os="linux"`, `os='linux'`, `n={3}`, `os={'linux'}`, `flag`. */
const ATTRIBUTE = /([A-Za-z_$][\w$-]*)(?:=(?:"([^"]*)"|'([^']*)'|\{\s*(?:"([^"]*)"|'([^']*)'|`([^`$]*)`|([^}]*?))\s*\}))?/g;
/** `{props.os}` in a partial, alone as text or as an attribute's value (`href={props.os}`). */
const PROP_VALUE = /=\{\s*props\.([A-Za-z_$][\w$]*)\s*\}/g;
const PROP_TEXT = /\{\s*props\.([A-Za-z_$][\w$]*)\s*\}/g;

/** The props a use of a partial gives, as text (partial-props.ts reads them so for the compiled page). */
function propsOfUse(attributes: string): Map<string, string> {
  const props = new Map<string, string>();
  for (const m of attributes.matchAll(ATTRIBUTE)) {
    const [whole, name, ...values] = m;
    props.set(name, whole.includes('=') ? (values.find((v) => v !== undefined) ?? '') : 'true');
  }
  return props;
}

/** A partial's text with the props of one use in place. */
function withProps(text: string, props: ReadonlyMap<string, string>): string {
  return text.replace(PROP_VALUE, (_, name: string) => `=${JSON.stringify(props.get(name) ?? '')}`).replace(PROP_TEXT, (_, name: string) => props.get(name) ?? '');
}

/**
 * A page's text (or a partial's) as a reader sees it: each partial it imports put in place of its `<Name />` (with the
 * props that use gives it), outside code blocks, and the partial's import line gone. For the page's Markdown copy; the
 * compiler reads partials on its own (remark-docusaurus-imports.ts). A partial that cannot be read is left as written.
 */
export function withPartialTexts(file: string, text: string, root: string, depth = 0): string {
  if (!text.includes('import') || depth >= MAX_DEPTH) return text;
  const partials = new Map<string, { file: string; text: string }>();
  const rest = text.replace(PARTIAL_IMPORT, (line, name: string, source: string) => {
    const partial = partialFile(source, file, root);
    if (!partial) return line;
    try {
      partials.set(name, { file: partial, text: readFileSync(partial, 'utf8').replace(FRONT_MATTER, '') });
    } catch {
      return line;
    }
    return '';
  });
  if (!partials.size) return text;
  const use = new RegExp(`<(${[...partials.keys()].map((n) => n.replaceAll('$', '\\$')).join('|')})((?:\\s+${ATTRIBUTE.source})*)\\s*/>`, 'g');
  const inPlace = (name: string, attributes: string) => {
    const partial = partials.get(name)!;
    return withPartialTexts(partial.file, withProps(partial.text, propsOfUse(attributes)), root, depth + 1).trim();
  };
  let fence = '';
  return rest
    .split('\n')
    .map((line) => {
      const marker = FENCE.exec(line)?.[1];
      if (marker && (!fence || line.trim().startsWith(fence))) fence = fence ? '' : marker;
      else if (!fence) return line.replace(use, (_, name: string, attributes: string) => inPlace(name, attributes));
      return line;
    })
    .join('\n');
}

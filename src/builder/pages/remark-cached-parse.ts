/**
 * The dev server's parser: a page is parsed section by section, each section's tree kept by its text, so that saving
 * a page parses again only the section that changed. Parsing is most of a long page's compile (micromark with the
 * MDX, GFM and directive extensions: about 45 % of it on a 440-line guide).
 *
 * A section starts at an ATX heading in the first column outside code fences and directive containers. Such a
 * heading ends every open paragraph, list, block quote and table, so what comes before it parses alone to the same
 * tree; JSX or an expression left open across it fails the section's parse, and then the page is parsed whole. A page
 * that defines a link reference or footnote (whose uses may be in any section), and a `.md` page (whose HTML blocks
 * may span headings), are parsed whole. `test/unit/cached-parse.test.ts` holds every page of every version to the
 * same tree as a whole parse, positions included.
 */
import type { Root, RootContent } from 'mdast';
import type { Processor } from 'unified';
import type { VFile } from 'vfile';
import { BoundedMap } from '../common/bounded-map.ts';

interface Section {
  text: string;
  /** Lines and characters before the section in the page. */
  line: number;
  offset: number;
}

const DEFINITION = /^ {0,3}\[[^\]\n]+\]:/m;
const HEADING = /^#{1,6}(?:[ \t]|$)/;
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;
const DIRECTIVE_OPEN = /^ {0,3}(:{3,})[A-Za-z]/;
const DIRECTIVE_CLOSE = /^ {0,3}(:{3,})[ \t]*$/;

/** The page's sections; one when it has no heading that starts a section. */
export function sections(doc: string): Section[] {
  const out: Section[] = [];
  let fence = '';
  const directives: number[] = [];
  let start = 0;
  let startLine = 0;
  let offset = 0;
  const lines = doc.split('\n');
  for (const [i, line] of lines.entries()) {
    if (fence) {
      const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
      if (close && close[1][0] === fence[0] && close[1].length >= fence.length) fence = '';
    } else if (FENCE_OPEN.test(line)) {
      fence = FENCE_OPEN.exec(line)![1];
    } else if (DIRECTIVE_OPEN.test(line)) {
      directives.push(DIRECTIVE_OPEN.exec(line)![1].length);
    } else if (DIRECTIVE_CLOSE.test(line) && directives.length) {
      // A closing fence closes the innermost container it is long enough for.
      if (DIRECTIVE_CLOSE.exec(line)![1].length >= directives.at(-1)!) directives.pop();
    } else if (i > 0 && !directives.length && HEADING.test(line)) {
      out.push({ text: doc.slice(start, offset), line: startLine, offset: start });
      start = offset;
      startLine = i;
    }
    offset += line.length + 1;
  }
  out.push({ text: doc.slice(start), line: startLine, offset: start });
  return out;
}

/** Moves every position in a section's tree (mdast points, and the estree of MDX's expressions) to its place in the page. */
function shift(tree: unknown, line: number, offset: number) {
  const seen = new Set<object>();
  const visit = (value: unknown) => {
    if (!value || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) {
      for (const v of value) visit(v);
      return;
    }
    const o = value as Record<string, unknown>;
    if (typeof o.line === 'number' && typeof o.column === 'number') {
      o.line += line;
      if (typeof o.offset === 'number') o.offset += offset;
      return;
    }
    if (typeof o.type === 'string' && typeof o.start === 'number' && typeof o.end === 'number') {
      o.start += offset;
      o.end += offset;
    }
    if (Array.isArray(o.range) && typeof o.range[0] === 'number') o.range = [o.range[0] + offset, o.range[1] + offset];
    for (const [k, v] of Object.entries(o)) if (k !== 'range') visit(v);
  };
  visit(tree);
}

/** Where the page ends, as the parser gives it for the root. */
function endOf(doc: string) {
  const lastBreak = doc.lastIndexOf('\n');
  return { line: doc.split('\n').length, column: doc.length - lastBreak, offset: doc.length };
}

/** Section trees by their text, as parsed (positions from the section's start); each use gets a copy. */
const parsed = new BoundedMap<string, Root>(2000);

/** Parses `doc` section by section with `parse`, each section's tree from `parsed` when its text was seen before. */
export function parseInSections(doc: string, parse: (text: string) => Root): Root {
  const parts = DEFINITION.test(doc) ? [] : sections(doc);
  if (parts.length < 2) return parse(doc);
  const children: RootContent[] = [];
  for (const part of parts) {
    let tree = parsed.get(part.text);
    if (!tree) {
      try {
        tree = parse(part.text);
      } catch {
        return parse(doc); // something left open across the heading, or a real error: the whole page says which
      }
      parsed.set(part.text, tree);
    }
    const copy = structuredClone(tree);
    shift(copy, part.line, part.offset);
    children.push(...copy.children);
  }
  return { type: 'root', children, position: { start: { line: 1, column: 1, offset: 0 }, end: endOf(doc) } };
}

/** remark plugin (after remark-parse): an MDX page is parsed by parseInSections. */
export function remarkCachedParse(this: Processor) {
  const parse = this.parser as (doc: string, file: VFile) => Root;
  this.parser = ((doc: string, file: VFile) => (file.path?.endsWith('.mdx') ? parseInSections(doc, (text) => parse(text, file)) : parse(doc, file))) as never;
}

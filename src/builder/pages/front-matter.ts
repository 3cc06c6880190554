/**
 * A page's front matter: read from its YAML and checked, every error with the file and line it points at; and a
 * page's `slug:` read without parsing the page.
 */
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';
import { distance } from 'fastest-levenshtein';
import type { Root } from 'mdast';
import type { FrontMatter } from '../../content/types.ts';
import { ContentError } from '../../content/manifest.ts';
import { MAX_PHRASE_WORDS, phraseWords } from '../../search/query.ts';

const FRONT_MATTER_KEYS: Record<keyof FrontMatter, 'string' | 'number' | 'boolean' | 'keywords'> = {
  title: 'string',
  sidebar_label: 'string',
  sidebar_position: 'number',
  description: 'string',
  keywords: 'keywords',
  slug: 'string',
  hide_table_of_contents: 'boolean',
};

/**
 * Keys Docusaurus's docs take that a page here may keep but that change nothing (an `id` or `tags`, a sidebar's class,
 * pagination labels, heading levels of the table of contents, an image for social cards, …): a page moved from
 * Docusaurus builds as it is.
 */
const DOCUSAURUS_KEYS = new Set([
  'id', 'hide_title', 'sidebar_class_name', 'sidebar_custom_props', 'sidebar_key', 'displayed_sidebar', 'pagination_label',
  'pagination_next', 'pagination_prev', 'custom_edit_url', 'parse_number_prefixes', 'toc_min_heading_level',
  'toc_max_heading_level', 'image', 'tags', 'draft', 'unlisted', 'last_update', 'title_meta',
]);
const KNOWN_KEYS = [...Object.keys(FRONT_MATTER_KEYS), ...DOCUSAURUS_KEYS];

/**
 * The known key a misspelt one most likely means: the fewest edits away, and of those one that starts with the same
 * word (`sidebar_title` → `sidebar_label`, not `hide_title`); none when every key is far off.
 */
function nearestKey(key: string): string | undefined {
  const word = key.split('_')[0];
  const ranked = KNOWN_KEYS.map((k) => ({ k, d: distance(key, k) - (k.split('_')[0] === word ? 1.5 : 0) })).sort((a, b) => a.d - b.d);
  return ranked[0].d <= Math.max(2, key.length / 2.5) ? ranked[0].k : undefined;
}

/** Search words a page answers to: a few, short, so they stay the reader's words and not a second body. */
export const MAX_KEYWORDS = 12;
export const MAX_KEYWORD_LENGTH = 40;

/** Why a `keywords:` value is not a list of at most MAX_KEYWORDS short words or phrases, or undefined when it is. */
function keywordsProblem(value: unknown): string | undefined {
  if (!Array.isArray(value)) return `must be a list of words or short phrases, got ${JSON.stringify(value)}`;
  if (value.length > MAX_KEYWORDS) return `has ${value.length} entries; at most ${MAX_KEYWORDS}`;
  const bad = value.find((k) => typeof k !== 'string' || !k.trim() || k.length > MAX_KEYWORD_LENGTH);
  if (bad !== undefined) return `entries must be words or phrases of 1 to ${MAX_KEYWORD_LENGTH} characters, got ${JSON.stringify(bad)}`;
  // The page's <meta name="keywords"> separates them with commas, as crawlers read it.
  const comma = value.find((k: string) => k.includes(','));
  if (comma !== undefined) return `entries may not hold a comma (make it two entries), got ${JSON.stringify(comma)}`;
  // A query is checked for phrases of at most MAX_PHRASE_WORDS words: a longer one would never match whole.
  const long = value.find((k: string) => phraseWords(k).length > MAX_PHRASE_WORDS);
  if (long !== undefined) return `entries may hold at most ${MAX_PHRASE_WORDS} words besides "a", "my", "the", "with" and the like, got ${JSON.stringify(long)}`;
  return undefined;
}

/**
 * `keyLine(key)` is the line in the file where that key stands, for an error that points at it. A key that neither
 * we nor Docusaurus know (a misspelt `sidebar_postion:`) is a warning naming the nearest known key, kept in `warnings`.
 */
function checkFrontMatter(data: unknown, file: string, keyLine: (key: string) => number, warnings?: string[]): FrontMatter {
  if (data == null) return {};
  if (typeof data !== 'object' || Array.isArray(data)) throw new ContentError(`${file}:${keyLine('')}`, 'front matter must be a YAML mapping');
  for (const [key, value] of Object.entries(data)) {
    if (!Object.hasOwn(FRONT_MATTER_KEYS, key) && !DOCUSAURUS_KEYS.has(key)) {
      const near = nearestKey(key);
      const hint = near ? `: did you mean "${near}"?` : ` (known keys: ${Object.keys(FRONT_MATTER_KEYS).join(', ')})`;
      warnings?.push(`${file}:${keyLine(key)}: unknown front matter key "${key}" is ignored${hint}`);
      continue;
    }
    // Docusaurus leaves such a page out of a production build; here every page in content/docs/ is published.
    if ((key === 'draft' || key === 'unlisted') && value === true) {
      warnings?.push(`${file}:${keyLine(key)}: "${key}: true" is not read here: the page is published and listed (keep a draft outside content/docs/, or in a folder whose name starts with _)`);
    }
    const want = FRONT_MATTER_KEYS[key as keyof FrontMatter];
    const problem = want === 'keywords' ? keywordsProblem(value) : want && typeof value !== want ? `must be a ${want}, got ${JSON.stringify(value)}` : undefined;
    if (problem) throw new ContentError(`${file}:${keyLine(key)}`, `front matter "${key}" ${problem}`);
  }
  return data as FrontMatter;
}

/** A parser's error as the build reports it: file:line and the reason. */
export function syntaxError(file: string, e: unknown): ContentError {
  const err = e as { line?: number; place?: { line?: number; start?: { line?: number } }; reason?: string; message: string };
  // Some parser errors carry the position only in the text: "… (7:1-7:7)".
  const line = err.line ?? err.place?.start?.line ?? err.place?.line ?? Number(/\((\d+):\d+/.exec(err.message)?.[1] ?? 0);
  return new ContentError(`${file}${line ? `:${line}` : ''}`, `MDX syntax error: ${err.reason ?? err.message}`);
}

/** A parsed page's front matter, checked (errors carry file:line). */
export function frontMatterOf(tree: Root, file: string, warnings?: string[]): FrontMatter {
  const yamlNode = tree.children.find((n) => n.type === 'yaml') as { value: string } | undefined;
  return yamlNode ? readFrontMatter(yamlNode.value, file, warnings) : {};
}

/**
 * The YAML between the `---` lines. The first `---` is line 1 of the file, so a line of the YAML is
 * one more in the file; every error names that one line, counted in the file.
 */
export function readFrontMatter(yaml: string, file: string, warnings?: string[]): FrontMatter {
  const lines = new LineCounter();
  const doc = parseDocument(yaml, { lineCounter: lines, prettyErrors: false });
  const fileLine = (offset: number) => lines.linePos(offset).line + 1;
  const error = doc.errors[0];
  if (error) throw new ContentError(`${file}:${fileLine(error.pos[0])}`, `malformed front matter: ${error.message.split('\n')[0]}`);
  const keyLine = (key: string) => {
    const pair = isMap(doc.contents) ? doc.contents.items.find((p) => isScalar(p.key) && p.key.value === key) : undefined;
    const at = (isScalar(pair?.key) && pair.key.range?.[0]) || doc.contents?.range?.[0] || 0;
    return fileLine(at);
  };
  return checkFrontMatter(doc.toJS(), file, keyLine, warnings);
}

export const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/**
 * The `slug:` of a page's front matter, read without parsing the page, or undefined (also for front matter the
 * compiler will reject: it reports that itself).
 */
export function slugOfText(text: string): string | undefined {
  const yaml = FRONT_MATTER.exec(text)?.[1];
  if (yaml === undefined || !/^slug\s*:/m.test(yaml)) return undefined;
  const doc = parseDocument(yaml, { prettyErrors: false });
  if (doc.errors.length) return undefined;
  const data = doc.toJS() as { slug?: unknown } | null;
  return typeof data?.slug === 'string' ? data.slug : undefined;
}

/** Every version's categories, read from their `_category_.json`; one that cannot be read is left out (the manifest reports it). */

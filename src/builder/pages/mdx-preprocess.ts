import { ADMONITION_KEYWORDS } from './remark-admonitions.ts';

/**
 * Source-level fixes applied before MDX parses a page, for Docusaurus syntax that MDX reads otherwise:
 * - `## Title {#custom-id}` would be a JS expression, so the braces are escaped here and remark-heading-ids turns the
 *   text back into an id;
 * - `:::info Some title` (a title after a space) is a directive's label only in brackets, `:::info[Some title]`, as
 *   Docusaurus rewrites it too; `>` quotes and indentation before it are kept.
 */
const FENCE = /^\s*(```|~~~)/;
const HEADING_ID = /^(#{1,6}\s.*?)\s*\{#([A-Za-z0-9_-]+)\}\s*$/;
const SPACED_TITLE = new RegExp(`^((?:\\s*>)*\\s*:{3,}(?:${ADMONITION_KEYWORDS.join('|')}))[ \\t]+([^\\s\\[{].*?)\\s*$`);

export function preprocessMdx(source: string): string {
  let inFence = false;
  let fenceMarker = '';
  return source
    .split('\n')
    .map((line) => {
      const fence = FENCE.exec(line);
      if (fence) {
        if (!inFence) {
          inFence = true;
          fenceMarker = fence[1];
        } else if (line.trim().startsWith(fenceMarker)) inFence = false;
        return line;
      }
      if (inFence) return line;
      const m = HEADING_ID.exec(line);
      if (m) return `${m[1]} \\{#${m[2]}\\}`;
      const t = SPACED_TITLE.exec(line);
      return t ? `${t[1]}[${t[2].replace(/[[\]]/g, '\\$&')}]` : line;
    })
    .join('\n');
}

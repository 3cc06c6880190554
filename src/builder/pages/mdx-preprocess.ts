/**
 * Source-level fixes applied before MDX parses a page.
 * `## Title {#custom-id}` is Docusaurus-style syntax that MDX would read as a JS expression,
 * so the braces are escaped here and remark-heading-ids turns the text back into an id.
 */
const FENCE = /^\s*(```|~~~)/;
const HEADING_ID = /^(#{1,6}\s.*?)\s*\{#([A-Za-z0-9_-]+)\}\s*$/;

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
      return m ? `${m[1]} \\{#${m[2]}\\}` : line;
    })
    .join('\n');
}

import type { Root } from 'mdast';
import { parse } from 'yaml';

/** Whether a page's front matter names its title (a malformed one is reported by the front matter reader). */
function hasTitle(tree: Root): boolean {
  const yaml = tree.children.find((n) => n.type === 'yaml');
  if (!yaml) return false;
  try {
    const data = parse(yaml.value) as unknown;
    return typeof data === 'object' && data !== null && typeof (data as { title?: unknown }).title === 'string';
  } catch {
    return false;
  }
}

/**
 * A page without `title:` takes its title from its first `# H1` (manifest.ts), as Docusaurus does; the page's header
 * shows that title, so the H1 leaves the body instead of showing twice. Runs after remark-heading-ids, so the
 * headings keep the ids the manifest reader gives them.
 */
export function remarkTitleHeading() {
  return (tree: Root) => {
    if (hasTitle(tree)) return;
    const h1 = tree.children.findIndex((n) => n.type === 'heading' && n.depth === 1);
    if (h1 >= 0) tree.children.splice(h1, 1);
  };
}

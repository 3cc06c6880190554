import type { CategorySource, DocEntry, SidebarCategory, SidebarItem } from './types.ts';
import { baseName, dirOf } from './routes.ts';

export class SidebarError extends Error {
  constructor(
    /** File relative to the version folder. */
    public file: string,
    message: string,
  ) {
    super(message);
  }
}

interface Sortable {
  item: SidebarItem;
  position?: number;
  name: string;
}

/** Positioned items first (ascending), then the rest; ties and the rest by file or folder name. */
export function compareSidebarOrder(a: { position?: number; name: string }, b: { position?: number; name: string }) {
  const pa = a.position ?? Number.POSITIVE_INFINITY;
  const pb = b.position ?? Number.POSITIVE_INFINITY;
  if (pa !== pb) return pa < pb ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

export interface SidebarInput {
  docs: DocEntry[];
  categories: CategorySource[];
  /** Route of a generated category index, by folder. */
  categoryRoute: (cat: CategorySource) => string;
}

/**
 * Builds the sidebar tree from the folder structure:
 * - a folder is a category (label from _category_.json, else the folder name);
 * - its index doc (the category's link doc, `index`, or a file named like the folder) becomes the
 *   category's link and leaves the item list;
 * - a folder whose only doc is its index is shown as a plain doc link.
 */
export function buildSidebar({ docs, categories, categoryRoute }: SidebarInput): SidebarItem[] {
  const catByDir = new Map(categories.map((c) => [c.dir, c]));
  const docById = new Map(docs.map((d) => [d.id, d]));
  const dirs = new Set<string>();
  for (const d of docs) for (let dir = dirOf(d.id); dir; dir = dirOf(dir)) dirs.add(dir);
  for (const c of categories) for (let dir = c.dir; dir; dir = dirOf(dir)) dirs.add(dir);
  // Grouped once by parent folder, so building stays linear in the number of pages.
  const docsIn = groupBy(docs, (d) => dirOf(d.id));
  const subdirsOf = groupBy([...dirs], dirOf);

  function indexDocOf(dir: string): DocEntry | undefined {
    const cat = catByDir.get(dir);
    if (cat?.link?.type === 'doc') {
      const doc = docById.get(cat.link.id) ?? docById.get(`${dir}/${cat.link.id}`);
      if (!doc) throw new SidebarError(`${dir}/_category_.json`, `link.id "${cat.link.id}" names no doc`);
      return doc;
    }
    if (cat?.link?.type === 'generated-index') return undefined;
    return docById.get(`${dir}/index`) ?? docById.get(`${dir}/${baseName(dir)}`);
  }

  function build(dir: string): Sortable[] {
    const index = dir ? indexDocOf(dir) : undefined;
    const entries: Sortable[] = [];
    for (const d of docsIn.get(dir) ?? []) {
      if (d === index) continue;
      entries.push({
        item: { type: 'doc', label: d.sidebarLabel, href: d.route, docId: d.id },
        position: d.sidebarPosition,
        name: baseName(d.id),
      });
    }
    for (const sub of subdirsOf.get(dir) ?? []) {
      const cat = catByDir.get(sub);
      const subIndex = indexDocOf(sub);
      const items = build(sub).map((s) => s.item);
      const position = cat?.position ?? subIndex?.sidebarPosition;
      const name = baseName(sub);
      if (items.length === 0 && subIndex) {
        entries.push({
          item: { type: 'doc', label: cat?.label ?? subIndex.sidebarLabel, href: subIndex.route, docId: subIndex.id },
          position,
          name,
        });
        continue;
      }
      if (items.length === 0 && cat?.link?.type !== 'generated-index') continue;
      const category: SidebarCategory = {
        type: 'category',
        label: cat?.label ?? name,
        dir: sub,
        href: cat?.link?.type === 'generated-index' ? categoryRoute(cat) : subIndex?.route,
        items,
      };
      entries.push({ item: category, position, name });
    }
    return entries.sort(compareSidebarOrder);
  }

  // A doc in a subfolder whose index doc is the category link leaves the item list via `index` above;
  // a top-level index doc (none today) would stay a plain item.
  return build('').map((s) => s.item);
}

function groupBy<T>(list: T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of list) {
    const k = key(item);
    const group = out.get(k);
    if (group) group.push(item);
    else out.set(k, [item]);
  }
  return out;
}

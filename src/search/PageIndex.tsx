import type { SidebarItem } from '../content/types.ts';
import { loadPage } from '../page-loader.ts';
import { site } from '../site-data.ts';
import { BASE } from '../theme/app-link-clicks.ts';

/** One version's pages as its sidebar groups them. */
export interface VersionIndex {
  name: string;
  label: string;
  current: boolean;
  items: SidebarItem[];
}

/**
 * Every version's sidebar, read from the page data of its main doc (in a version above the sidebar's inline limit,
 * a closed category is its link alone). Run by the prerender only: the browser never shows this index.
 */
export async function loadPageIndex(): Promise<VersionIndex[]> {
  return Promise.all(
    site.versions.map(async (v) => {
      const state = await loadPage(v.mainDocRoute);
      if (state.kind !== 'page') throw new Error(`the search page's index: the main doc of version ${v.name} (${v.mainDocRoute}) did not render: ${state.kind}`);
      return { name: v.name, label: v.label, current: v.current, items: state.data.sidebar };
    }),
  );
}

function IndexList({ items }: { items: SidebarItem[] }) {
  return (
    <ul className="page-index__list">
      {items.map((item) =>
        item.type === 'doc' ? (
          <li key={item.href}>
            <a href={BASE + item.href}>{item.label}</a>
          </li>
        ) : (
          <li key={item.dir} className="page-index__category">
            {item.href ? <a href={BASE + item.href}>{item.label}</a> : <span>{item.label}</span>}
            {item.items.length > 0 && <IndexList items={item.items} />}
          </li>
        ),
      )}
    </ul>
  );
}

/**
 * What the search page offers without JavaScript: it says search needs it, then lists every page of the current
 * version, grouped as in the sidebar, and the older versions' behind a disclosure each.
 */
export function PageIndex({ versions }: { versions: VersionIndex[] }) {
  const current = versions.find((v) => v.current) ?? versions[0];
  return (
    <section className="page-index" aria-labelledby="page-index-title">
      <h2 id="page-index-title">Search needs JavaScript</h2>
      <p>
        JavaScript is off in this browser, so the search box cannot work. Every page of the zrok {current.label} docs is listed below, grouped as in the
        sidebar; your browser’s find in page (Ctrl+F or ⌘F) looks through their titles.
      </p>
      <nav aria-label={`Pages of zrok ${current.label}`}>
        <IndexList items={current.items} />
      </nav>
      {versions
        .filter((v) => v !== current)
        .map((v) => (
          <details key={v.name} className="page-index__version">
            <summary>Pages of zrok {v.label}</summary>
            <nav aria-label={`Pages of zrok ${v.label}`}>
              <IndexList items={v.items} />
            </nav>
          </details>
        ))}
    </section>
  );
}

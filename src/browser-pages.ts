import { NOT_FOUND_ROUTE, pageDataPath, sidebarFragmentPath, type PageData } from './content/page-data.ts';
import type { PageBodyModule, PageSource } from './page-loader.ts';
import { chunkLoader, importRetrying } from './retry-import.ts';

const BASE = import.meta.env.BASE_URL;

async function fetchJson<T>(url: string, what: string): Promise<T | undefined> {
  const res = await fetch(url);
  if (res.status === 404) return undefined;
  if (!res.ok) throw new Error(`${what} could not be loaded (HTTP ${res.status})`);
  return (await res.json()) as T;
}

/** The id of the JSON block in which the prerender hands the first page's data to the browser. */
export const EMBEDDED_PAGE_DATA_ID = 'page-data';

function embeddedPageData(): PageData | undefined {
  const text = document.getElementById(EMBEDDED_PAGE_DATA_ID)?.textContent;
  return text ? (JSON.parse(text) as PageData) : undefined;
}

/**
 * The path the host answered with the not-found page (404.html), as the browser opened it: that path has no page.
 * Read before main.tsx rewrites '/x.html' to '/x/', so that a page a host knows only by its folder still loads.
 */
function notFoundPathname(): string | undefined {
  return document.getElementById('root')?.dataset.route === NOT_FOUND_ROUTE ? window.location.pathname : undefined;
}

/**
 * Under the dev server, the number of the last content edit the page was told of: a body is imported under it, so
 * that an edited page's body is a module no tab imported before (registered before main.tsx's revalidation on the
 * same event).
 */
let edit = 0;
import.meta.hot?.on('zrok:content-changed', (changed: { edit: number }) => {
  edit = changed.edit;
});

/** The body components are a chunk of their own: a first page whose body is kept as HTML does not download them. */
const loadComponents = chunkLoader(() => import('./mdx/components.tsx').then((m) => m.mdxComponents));

/** Page data from the built files (the first page's from its HTML, or none for the not-found page), page bodies from their chunks. */
export function browserPageSource(): PageSource {
  const embedded = embeddedPageData();
  const notFound = notFoundPathname();
  return {
    async data(path) {
      if (embedded?.route === path) return embedded;
      if (notFound === BASE.replace(/\/$/, '') + path) return undefined;
      return fetchJson<PageData>(BASE + pageDataPath(path), 'The page');
    },
    // A body that failed to load is asked for again on Retry (see retry-import.ts).
    body: (data) => importRetrying<PageBodyModule>(edit ? `${data.doc!.module}?edit=${edit}` : data.doc!.module),
    components: loadComponents,
    async isStale(data) {
      // Page data is revalidated on every use; a body it no longer names belongs to an old deployment.
      const res = await fetch(BASE + pageDataPath(data.route), { cache: 'no-store' });
      if (res.status === 404) return true;
      if (!res.ok) return false;
      return ((await res.json()) as PageData).doc?.module !== data.doc?.module;
    },
    async sidebarFragment(versionName, dir) {
      const items = await fetchJson<PageData['sidebar']>(BASE + sidebarFragmentPath(versionName, dir), 'This part of the sidebar');
      if (!items) throw new Error('This part of the sidebar could not be found.');
      return items;
    },
  };
}

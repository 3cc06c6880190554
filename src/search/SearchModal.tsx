import { useEffect, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { DocSearchModal } from '@docsearch/react/modal';
import '@docsearch/css';
import siteConfig from '../../site.config.ts';
import { searchClient, type MultiSearchClient } from './client.ts';
import { facetFilters, hostedSearch, MAIN_SECTIONS, indexName, HITS_PER_PAGE, MAX_RESULTS_PER_GROUP, PLACEHOLDER, RECENT_SEARCHES_LIMIT, RECENT_SEARCHES_WITH_FAVORITES_LIMIT } from './config.ts';
import { MAX_QUERY_LENGTH } from './local-client.ts';
import { isExternal, rewriteResultUrl, routerPath } from './urls.ts';
import { searchPageHref } from './search-page-url.ts';
import { attachModalScreens, SEARCH_SETTLED_EVENT } from './modal-screens.ts';
import { holdAsModalDialog } from './modal-dialog.ts';
import { otherVersionHits } from './other-versions.ts';
import { site } from '../site-data.ts';

const BASE = import.meta.env.BASE_URL;

/**
 * With site data blocked, merely reading `window.localStorage` throws SecurityError, and DocSearch
 * 5.1 reads it outside any try when the modal opens (its storage-quota check): the page would
 * crash. Then the property is shadowed by one that reads as undefined, which DocSearch and the
 * settings store both treat as "no storage", and recent searches are switched off by prop.
 */
function guardStorage(): boolean {
  try {
    return !!window.localStorage;
  } catch {
    try {
      Object.defineProperty(window, 'localStorage', { configurable: true, get: () => undefined });
    } catch {
      /* not configurable: nothing more can be done */
    }
    return false;
  }
}
const storageUsable = guardStorage();

/** Snippets of 10 words, 5 on screens up to 768 px. */
function snippetAttributes(): string[] {
  const words = window.matchMedia('(max-width: 768px)').matches ? 5 : 10;
  return [...['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'].map((l) => `hierarchy.${l}:${words}`), `content:${words}`];
}

/**
 * Total hits per query, for "See all N results". DocSearch's own running total adds up the
 * counts of every keystroke, so the count is taken from the answers here instead.
 */
const hitCounts = new Map<string, number>();
/** Queries whose last search could not reach the index or provider (shown as the error screen). */
const failedQueries = new Set<string>();
const settled = () => setTimeout(() => window.dispatchEvent(new Event(SEARCH_SETTLED_EVENT)));
const countingSearch: MultiSearchClient['search'] = async (args) => {
  const queries = args.requests.map((r) => String(r.query ?? ''));
  try {
    const answer = await searchClient().search(args);
    queries.forEach((q, i) => {
      hitCounts.set(q, answer.results[i]?.nbHits ?? 0);
      failedQueries.delete(q);
    });
    settled();
    return answer;
  } catch (e) {
    if ((e as Error).name !== 'RetryError') throw e;
    console.warn('[search]', (e as Error).message);
    queries.forEach((q) => failedQueries.add(q));
    settled();
    const empty = { hits: [], nbHits: 0, page: 0, nbPages: 0, hitsPerPage: HITS_PER_PAGE, processingTimeMS: 0, exhaustiveNbHits: true, params: '', queryID: '' };
    return { results: args.requests.map((r) => ({ ...empty, query: String(r.query ?? ''), index: r.indexName })) };
  }
};

export interface SearchModalProps {
  versionTag: string;
  initialQuery?: string;
  onClose: () => void;
}

/** The DocSearch modal, loaded on first use. Same-site results navigate client-side. */
export default function SearchModal({ versionTag, initialQuery, onClose }: SearchModalProps) {
  const navigate = useNavigate();
  const hosted = hostedSearch();
  const go = (url: string) => {
    if (isExternal(url)) window.location.assign(url);
    else navigate(routerPath(url, BASE));
    onClose();
  };
  // The no-results screen's links are drawn outside React: they call the latest go().
  const goRef = useRef(go);
  goRef.current = go;

  // A modal dialog while it is open; a layout effect, so the page is no longer inert when focus goes back to it.
  const container = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => holdAsModalDialog(container.current!, PLACEHOLDER), []);

  // Screens DocSearch 5.1 leaves out: "No recent searches", "Try searching for" and hits in other versions.
  const groupsSeen = useRef<string[]>([]);
  useEffect(() => {
    const seenGroups: string[] = [];
    groupsSeen.current = seenGroups;
    return attachModalScreens(container.current!, {
      // Fuzzy suggestions of the query, else the groups of the last results, else the main sections.
      suggest: async (query) => {
        const local = searchClient().suggest;
        const fuzzy = local ? await local(query, versionTag, 3).catch(() => []) : [];
        return (fuzzy.length ? fuzzy : seenGroups.length ? seenGroups : MAIN_SECTIONS).slice(0, 3);
      },
      // A query that finds nothing here may find something in another docs version: link to it.
      elsewhere: (query) => otherVersionHits(searchClient(), query, versionTag, site.versions).catch(() => []),
      hitLink: (url) => {
        const href = rewriteResultUrl(url, BASE, siteConfig.search.externalUrlRegex);
        return { href, open: () => goRef.current(href) };
      },
      failed: (query) => failedQueries.has(query),
      answered: (query) => hitCounts.has(query) || failedQueries.has(query),
      maxLength: MAX_QUERY_LENGTH,
    });
  }, [versionTag]);

  return createPortal(
    <div ref={container} className={hosted ? 'search-hosted' : 'search-local'}>
    <DocSearchModal
      appId={hosted?.appId ?? 'LOCAL'}
      apiKey={hosted?.apiKey ?? 'local'}
      indices={[{ name: indexName(), searchParameters: { facetFilters: facetFilters(versionTag), hitsPerPage: HITS_PER_PAGE, clickAnalytics: !!hosted, attributesToSnippet: snippetAttributes() } }]}
      transformSearchClient={(c) => ({ ...c, search: countingSearch as typeof c.search })}
      initialScrollY={window.scrollY}
      initialQuery={initialQuery}
      onClose={onClose}
      placeholder={PLACEHOLDER}
      maxResultsPerGroup={MAX_RESULTS_PER_GROUP}
      recentSearchesLimit={RECENT_SEARCHES_LIMIT}
      recentSearchesWithFavoritesLimit={RECENT_SEARCHES_WITH_FAVORITES_LIMIT}
      insights={!!hosted}
      // Without usable storage (site data blocked), no recent searches or favourites.
      disableUserPersonalization={!storageUsable}
      transformItems={(items) =>
        items.map((item) => {
          const group = item.hierarchy.lvl0;
          if (group && !groupsSeen.current.includes(group)) groupsSeen.current.push(group);
          return { ...item, url: rewriteResultUrl(item.url, BASE, siteConfig.search.externalUrlRegex) };
        })
      }
      navigator={{
        navigate: ({ itemUrl }) => go(itemUrl),
        navigateNewTab: ({ itemUrl }) => window.open(itemUrl, '_blank', 'noopener'),
        navigateNewWindow: ({ itemUrl }) => window.open(itemUrl, '_blank', 'noopener'),
      }}
      // Each hit is a real link (every browser gesture works: middle-click, Ctrl/Cmd+click, "Copy
      // link"), taken out of the tab order so focus stays on the combobox input and the option
      // holds no focusable content. DocSearch's option around it records the recent search and
      // closes the modal on a plain click (it leaves it open on a modifier click).
      hitComponent={({ hit, children }) => (
        <a
          className="zrok-hit"
          href={hit.url}
          tabIndex={-1}
          onClick={(e) => {
            if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || isExternal(hit.url)) return;
            e.preventDefault();
            navigate(routerPath(hit.url, BASE));
          }}
        >
          {children}
        </a>
      )}
      resultsFooterComponent={({ state }) => (
        <a
          href={BASE + searchPageHref(state.query).slice(1)}
          onClick={(e) => {
            e.preventDefault();
            navigate(searchPageHref(state.query));
            onClose();
          }}
        >
          {`See all ${hitCounts.get(state.query) ?? 0} results`}
        </a>
      )}
      getMissingResultsUrl={({ query }) => siteConfig.search.missingResultsUrl + encodeURIComponent(query)}
      translations={{ noResultsScreen: { noResultsText: 'No results for' } } as never}
    />
    </div>,
    document.body,
  );
}

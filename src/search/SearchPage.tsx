import { use, useEffect, useState } from 'react';
import { settled } from '../router/settled.ts';
import { Link, useSearchParams } from 'react-router-dom';
import { currentVersion, site } from '../site-data.ts';
import { useSettings } from '../store/settings.ts';
import { useHydrated } from '../theme/use-hydrated.ts';
import { searchClient } from './client.ts';
import { facetFilters, indexName, HITS_PER_PAGE, PLACEHOLDER } from './config.ts';
import { MAX_QUERY_LENGTH, type SearchHit } from './local-client.ts';
import { LEVELS } from './types.ts';
import { rewriteResultUrl, routerPath, isExternal } from './urls.ts';
import { safeHighlightHtml } from './snippet-html.ts';
import siteConfig from '../../site.config.ts';
import { loadPageIndex, PageIndex, type VersionIndex } from './PageIndex.tsx';
import { otherVersionHits, type OtherVersionHits } from './other-versions.ts';

const BASE = import.meta.env.BASE_URL;

type Status =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'done'; hits: SearchHit[]; nbHits: number; page: number; nbPages: number; elsewhere: OtherVersionHits[] };

/** A link to a hit's URL as the index gives it: in-app for the site's own pages. */
function HitLink({ url, children }: { url: string; children: string }) {
  const href = rewriteResultUrl(url, BASE, siteConfig.search.externalUrlRegex);
  return isExternal(href) ? <a href={href}>{children}</a> : <Link to={routerPath(href, BASE)}>{children}</Link>;
}

function Hit({ hit }: { hit: SearchHit }) {
  const trail = LEVELS.map((l) => hit.hierarchy[l]).filter((v): v is string => !!v);
  const title = trail[trail.length - 1];
  const snippet = (hit._snippetResult as { content?: { value: string } }).content?.value;
  return (
    <li className="search-result">
      <p className="search-result__trail">{trail.slice(0, -1).join(' › ')}</p>
      <h2 className="search-result__title">
        <HitLink url={hit.url}>{title}</HitLink>
      </h2>
      {snippet && <p className="search-result__snippet" dangerouslySetInnerHTML={{ __html: safeHighlightHtml(snippet) }} />}
    </li>
  );
}

let serverIndex: Promise<VersionIndex[]> | undefined;
/**
 * The prerender's data for the page, loaded before it renders: the index of every page that the HTML carries for a
 * browser without JavaScript. The browser has none, so its first render of the page has nothing inside the
 * <noscript> (where the HTML's content is text it does not render anyway).
 */
export function loadServerIndex(): Promise<VersionIndex[]> {
  serverIndex ??= settled(loadPageIndex());
  return serverIndex;
}

/** /search/?q=…: all results of a query, 20 at a time, for the chosen docs version. */
export function Component() {
  const pageIndex = import.meta.env.SSR ? use(loadServerIndex()) : undefined;
  const [params, setParams] = useSearchParams();
  // The page is prerendered without a query: the URL's is shown once the page has hydrated.
  const hydrated = useHydrated();
  const query = hydrated ? (params.get('q') ?? '').slice(0, MAX_QUERY_LENGTH) : '';
  const preferred = useSettings((s) => s.preferredVersion);
  const [versionName, setVersionName] = useState<string | null>(null);
  const version = site.versions.find((v) => v.name === (versionName ?? preferred)) ?? currentVersion;
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const run = async (page: number, previous: SearchHit[]) => {
    setStatus((s) => (page === 0 || s.kind !== 'done' ? { kind: 'loading' } : s));
    try {
      const { results } = await searchClient().search({
        requests: [{ indexName: indexName(), query, page, hitsPerPage: HITS_PER_PAGE, facetFilters: facetFilters(version.tag), attributesToSnippet: ['content:30'], highlightPreTag: '<mark>', highlightPostTag: '</mark>', snippetEllipsisText: '…' }],
      });
      const r = results[0];
      // Nothing in this version: the other versions are asked, as the modal does, so the page need not end here.
      const elsewhere = r.nbHits === 0 ? await otherVersionHits(searchClient(), query, version.tag, site.versions).catch(() => []) : [];
      setStatus({ kind: 'done', hits: [...previous, ...(r.hits as SearchHit[])], nbHits: r.nbHits, page: r.page, nbPages: r.nbPages, elsewhere });
    } catch (e) {
      setStatus({ kind: 'error', message: (e as Error).message });
    }
  };

  useEffect(() => {
    if (!query.trim()) {
      setStatus({ kind: 'idle' });
      return;
    }
    const t = setTimeout(() => void run(0, []), 150);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, version.tag]);

  return (
    <main className="search-page">
      <h1>Search the documentation</h1>
      <noscript>{pageIndex && <PageIndex versions={pageIndex} />}</noscript>
      <div className="search-page__form" role="search">
        <label htmlFor="search-page-input" className="visually-hidden">
          Search query
        </label>
        <input
          id="search-page-input"
          type="search"
          value={query}
          maxLength={MAX_QUERY_LENGTH}
          placeholder={PLACEHOLDER}
          autoComplete="off"
          onChange={(e) => setParams(e.target.value ? { q: e.target.value } : {}, { replace: true })}
        />
        <label htmlFor="search-page-version">Version</label>
        <select id="search-page-version" value={version.name} onChange={(e) => setVersionName(e.target.value)}>
          {site.versions.map((v) => (
            <option key={v.name} value={v.name}>
              {v.label}
            </option>
          ))}
        </select>
      </div>
      <div aria-live="polite">
        {status.kind === 'idle' && <p className="search-page__hint">Type a few words above to search the zrok docs.</p>}
        {status.kind === 'loading' && <p className="search-page__hint">Searching…</p>}
        {status.kind === 'error' && (
          <div className="search-page__error" role="alert">
            <p className="search-page__error-title">Unable to fetch results</p>
            <p>You might want to check your network connection.</p>
          </div>
        )}
        {status.kind === 'done' && (
          <>
            <p className="search-page__count">
              {status.nbHits === 0 ? `No results for “${query}”` : `${status.nbHits} ${status.nbHits === 1 ? 'result' : 'results'} for “${query}”`}
            </p>
            {status.elsewhere.map((other) => (
              <section key={other.label} className="search-page__elsewhere" aria-label={`Found in ${other.label}`}>
                <p>Found in {other.label}:</p>
                <ul>
                  {other.hits.map((hit) => (
                    <li key={hit.url}>
                      <HitLink url={hit.url}>{hit.title}</HitLink>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
            <ol className="search-page__results">
              {status.hits.map((h) => (
                <Hit key={h.objectID} hit={h} />
              ))}
            </ol>
            {status.page + 1 < status.nbPages && (
              <button type="button" className="button button--secondary" onClick={() => void run(status.page + 1, status.hits)}>
                Load more results
              </button>
            )}
          </>
        )}
      </div>
    </main>
  );
}

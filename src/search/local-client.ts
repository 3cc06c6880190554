import MiniSearch from 'minisearch';
import { LEVELS, type Hierarchy, type SearchRecord } from './types.ts';
import { highlight, queryTerms, snippet, type HighlightResult, type HighlightTags } from './highlight.ts';

/** The query cap of the spec: longer input is cut, never sent. */
export const MAX_QUERY_LENGTH = 64;

/** One request of a multi-query search, as DocSearch and the search page send it. */
export interface SearchRequest {
  indexName: string;
  query?: string;
  params?: string;
  hitsPerPage?: number;
  page?: number;
  attributesToRetrieve?: string[];
  attributesToSnippet?: string[];
  attributesToHighlight?: string[];
  highlightPreTag?: string;
  highlightPostTag?: string;
  snippetEllipsisText?: string;
  facetFilters?: FacetFilters;
  clickAnalytics?: boolean;
  [key: string]: unknown;
}

type FacetFilters = string | (string | string[])[];

export interface SearchHit extends SearchRecord {
  _highlightResult: Record<string, unknown>;
  _snippetResult: Record<string, unknown>;
  __position: number;
  __queryID: string;
}

export interface SearchResult {
  hits: SearchHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  processingTimeMS: number;
  exhaustiveNbHits: boolean;
  query: string;
  params: string;
  index: string;
  queryID: string;
}

/** Loads the records of one version tag (fetch in the browser, a file in tests). */
export type RecordLoader = (tag: string) => Promise<SearchRecord[]>;

/** Turns the provider's `params` string form into fields (the lite client may send either form). */
function parseParams(req: SearchRequest): SearchRequest {
  if (!req.params) return req;
  const out: SearchRequest = { ...req };
  for (const [k, v] of new URLSearchParams(req.params)) {
    try {
      out[k] = JSON.parse(v);
    } catch {
      out[k] = v;
    }
  }
  return out;
}

/** facetFilters: outer list is AND, inner lists are OR; 'attr:value' or '-attr:value'. */
export function matchesFacets(record: SearchRecord, filters: FacetFilters | undefined): boolean {
  if (!filters) return true;
  const list = typeof filters === 'string' ? [filters] : filters;
  const test = (f: string) => {
    const negate = f.startsWith('-');
    const [attr, ...rest] = (negate ? f.slice(1) : f).split(':');
    const value = rest.join(':');
    const actual = (record as unknown as Record<string, unknown>)[attr];
    const ok = Array.isArray(actual) ? actual.includes(value) : String(actual) === value;
    return negate ? !ok : ok;
  };
  return list.every((f) => (Array.isArray(f) ? f.some(test) : test(f)));
}

/** The version tags a request asks for (to know which index files to load). */
function tagsOf(filters: FacetFilters | undefined, known: string[]): string[] {
  const flat = (typeof filters === 'string' ? [filters] : (filters ?? [])).flat();
  const asked = flat.filter((f) => f.startsWith('docusaurus_tag:')).map((f) => f.slice('docusaurus_tag:'.length));
  return asked.length ? asked.filter((t) => known.includes(t)) : known;
}

function parseSnippetSpec(spec: string[] | undefined): Map<string, number> {
  const out = new Map<string, number>();
  for (const s of spec ?? []) {
    const [attr, n] = s.split(':');
    out.set(attr, n ? Number(n) : 10);
  }
  return out;
}

const sectionTitle = (r: SearchRecord) => (r.type === 'content' ? '' : (r.hierarchy[r.type as keyof Hierarchy] ?? ''));

/**
 * A search client with the hosted provider's multi-query request and answer shape, answering
 * from the index files the build writes. Each version's index is fetched on first use.
 */
export function createLocalSearchClient(load: RecordLoader, versionTags: string[]) {
  const indexes = new Map<string, Promise<{ mini: MiniSearch<SearchRecord>; byId: Map<string, SearchRecord> }>>();
  let queryCounter = 0;

  const indexFor = (tag: string) => {
    let entry = indexes.get(tag);
    if (!entry) {
      entry = load(tag).then((records) => {
        const mini = new MiniSearch<SearchRecord>({
          idField: 'objectID',
          fields: ['title', 'path', 'content'],
          extractField: (doc, field) => {
            if (field === 'title') return sectionTitle(doc);
            if (field === 'path') return LEVELS.map((l) => doc.hierarchy[l]).filter(Boolean).join(' ');
            return (doc as unknown as Record<string, string>)[field];
          },
          searchOptions: { boost: { title: 3, path: 1.5 }, prefix: true, fuzzy: (term) => (term.length > 4 ? 0.2 : false), combineWith: 'AND' },
        });
        mini.addAll(records);
        return { mini, byId: new Map(records.map((r) => [r.objectID, r])) };
      });
      entry.catch(() => indexes.delete(tag)); // a failed fetch is retried by the next search
      indexes.set(tag, entry);
    }
    return entry;
  };

  async function searchOne(raw: SearchRequest): Promise<SearchResult> {
    const started = Date.now();
    const req = parseParams(raw);
    const query = String(req.query ?? '').slice(0, MAX_QUERY_LENGTH);
    const hitsPerPage = Math.max(1, Math.min(1000, Number(req.hitsPerPage ?? 20)));
    const page = Math.max(0, Number(req.page ?? 0));
    const tags: HighlightTags = { pre: req.highlightPreTag ?? '<em>', post: req.highlightPostTag ?? '</em>' };
    const queryID = `local-${++queryCounter}`;
    const terms = queryTerms(query);
    const scored: { record: SearchRecord; score: number }[] = [];
    if (terms.length) {
      for (const tag of tagsOf(req.facetFilters, versionTags)) {
        const { mini, byId } = await indexFor(tag);
        for (const r of mini.search(query)) {
          const record = byId.get(r.id as string)!;
          if (matchesFacets(record, req.facetFilters)) scored.push({ record, score: r.score });
        }
      }
    }
    scored.sort((a, b) => b.score - a.score);
    const nbHits = scored.length;
    const matches = scored.slice(page * hitsPerPage, (page + 1) * hitsPerPage).map((s) => s.record);
    const snippetSpec = parseSnippetSpec(req.attributesToSnippet);
    const hits = matches.map((record, i): SearchHit => {
      const hierarchyHl: Record<string, HighlightResult> = {};
      const hierarchySn: Record<string, HighlightResult> = {};
      for (const l of LEVELS) {
        const value = record.hierarchy[l];
        if (value === null) continue;
        hierarchyHl[l] = highlight(value, terms, tags);
        const words = snippetSpec.get(`hierarchy.${l}`) ?? snippetSpec.get('hierarchy');
        if (words) hierarchySn[l] = snippet(value, terms, words, tags, req.snippetEllipsisText ?? '…');
      }
      const contentWords = snippetSpec.get('content');
      // A section matched only in its text is shown as a content hit, so the snippet says where.
      const heading = record.hierarchy[(record.type === 'content' ? 'lvl1' : record.type) as keyof Hierarchy] ?? '';
      const titleMatched = highlight(heading, terms, tags).matchLevel !== 'none';
      const contentMatched = !!record.content && highlight(record.content, terms, tags).matchLevel !== 'none';
      return {
        ...record,
        type: !titleMatched && contentMatched ? 'content' : record.type,
        _highlightResult: {
          hierarchy: hierarchyHl,
          hierarchy_camel: [hierarchyHl],
          ...(record.content ? { content: highlight(record.content, terms, tags) } : {}),
        },
        _snippetResult: {
          hierarchy: hierarchySn,
          ...(record.content && contentWords ? { content: snippet(record.content, terms, contentWords, tags, req.snippetEllipsisText ?? '…') } : {}),
        },
        __position: page * hitsPerPage + i + 1,
        __queryID: queryID,
      };
    });
    return {
      hits,
      nbHits,
      page,
      nbPages: Math.ceil(nbHits / hitsPerPage),
      hitsPerPage,
      processingTimeMS: Date.now() - started,
      exhaustiveNbHits: true,
      query,
      params: '',
      index: req.indexName,
      queryID,
    };
  }

  return {
    /** Queries the index can answer that are spelled close to `query` ("Try searching for"). */
    async suggest(query: string, tag: string, limit: number): Promise<string[]> {
      const { mini } = await indexFor(tag);
      return mini
        .autoSuggest(query.slice(0, MAX_QUERY_LENGTH), { fuzzy: 0.34, prefix: true, combineWith: 'OR' })
        .map((s) => s.suggestion)
        .filter((s) => s !== query.toLowerCase())
        .slice(0, limit);
    },
    async search({ requests }: { requests: SearchRequest[] }): Promise<{ results: SearchResult[] }> {
      return { results: await Promise.all(requests.map(searchOne)) };
    },
  };
}

export type LocalSearchClient = ReturnType<typeof createLocalSearchClient>;

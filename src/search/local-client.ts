import MiniSearch from 'minisearch';
import { byRank, indexTokens, lookupTerms, processTerm, queryWords, runQuery, type RankedResult } from './query.ts';
import { LEVELS, searchIndexPath, type Hierarchy, type SearchRecord } from './types.ts';
import { expandTermEntries, indexOptions, partName, recordPartPath, termPartPath, type SearchIndexCore, type TermEntry } from './index-format.ts';
import { highlight, snippet, type HighlightResult, type HighlightTags } from './highlight.ts';

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

/** Loads one file of the published index by its path under the base URL (fetch in the browser, a file in tests). */
export type IndexFileLoader = (file: string) => Promise<unknown>;

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
export function matchesFacets(record: Pick<SearchRecord, 'language' | 'docusaurus_tag'>, filters: FacetFilters | undefined): boolean {
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

/**
 * A search client with the hosted provider's multi-query request and answer shape, answering
 * from the index files the build writes (index-format.ts). A version's index core is fetched on
 * first use; each query then loads the term parts of its terms and the record parts of its hits.
 */
export function createLocalSearchClient(load: IndexFileLoader, versionTags: string[]) {
  const indexes = new Map<string, Promise<VersionIndex>>();
  let queryCounter = 0;

  const indexFor = (tag: string) => {
    let entry = indexes.get(tag);
    if (!entry) {
      entry = load(searchIndexPath(tag)).then((core) => openVersionIndex(load, core as SearchIndexCore, () => indexes.delete(tag)));
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
    const terms = queryWords(query);
    const scored: (RankedResult & { index: VersionIndex })[] = [];
    if (terms.length) {
      for (const tag of tagsOf(req.facetFilters, versionTags)) {
        const index = await indexFor(tag);
        if (!matchesFacets(index.core.facets, req.facetFilters)) continue;
        for (const r of runQuery(await index.searcher(query), query)) scored.push({ index, ...r });
      }
    }
    // By score (each version's sections were scored the same way).
    scored.sort(byRank);
    const nbHits = scored.length;
    const shown = scored.slice(page * hitsPerPage, (page + 1) * hitsPerPage);
    const matches = await Promise.all(shown.map((s) => s.index.record(s.id)));
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
    /**
     * Up to `limit` queries the index can answer, spelled close to one that found nothing ("Try
     * searching for"): each word becomes a word of the pages that a looser match (more typos,
     * prefixes) finds for it, written as the page writes it.
     */
    async suggest(query: string, tag: string, limit: number): Promise<string[]> {
      const limited = query.slice(0, MAX_QUERY_LENGTH);
      const index = await indexFor(tag);
      const mini = await index.searcher(limited);
      const words = queryWords(limited);
      const options = words.map(() => [] as string[]);
      for (const [i, word] of words.entries()) {
        for (const r of mini.search(word, { fuzzy: 0.5, prefix: true, combineWith: 'OR' }).slice(0, 10)) {
          for (const term of r.terms) {
            if (options[i].length >= limit || options[i].some((o) => processTerm(o) === term)) continue;
            const record = await index.record(r.id as number);
            const text = [...LEVELS.map((l) => record.hierarchy[l]), record.content].filter(Boolean).join(' ');
            const spelled = indexTokens(text).find((w) => processTerm(w) === term);
            options[i].push((spelled ?? term).toLowerCase());
          }
        }
      }
      const out: string[] = [];
      for (let k = 0; k < limit; k++) {
        const suggestion = words.map((w, i) => options[i][k] ?? options[i][0] ?? w).join(' ');
        if (options.some((o) => o.length) && suggestion !== limited.toLowerCase() && !out.includes(suggestion)) out.push(suggestion);
      }
      return out;
    },
    async search({ requests }: { requests: SearchRequest[] }): Promise<{ results: SearchResult[] }> {
      return { results: await Promise.all(requests.map(searchOne)) };
    },
  };
}

export type LocalSearchClient = ReturnType<typeof createLocalSearchClient>;

interface VersionIndex {
  core: SearchIndexCore;
  /** A MiniSearch holding exactly the term parts `query` needs, so its answer never depends on earlier queries. */
  searcher(query: string): Promise<MiniSearch<SearchRecord>>;
  record(id: number): Promise<SearchRecord>;
}

/**
 * One version's split index. Parts are fetched once and kept; a failed part also forgets the
 * core (`forget`), since after a new deployment the core names a different folder of parts.
 */
function openVersionIndex(load: IndexFileLoader, core: SearchIndexCore, forget: () => void): VersionIndex {
  const fields = Object.keys(core.fieldIds).length;
  const documentIds: Record<number, number> = {};
  const fieldLength: Record<number, number[]> = {};
  for (let i = 0; i < core.documentCount; i++) {
    documentIds[i] = i;
    fieldLength[i] = core.fieldLength.slice(i * fields, (i + 1) * fields);
  }
  const known = new Set(core.termParts);
  const termParts = new Map<string, Promise<TermEntry[]>>();
  const recordParts = new Map<number, Promise<SearchRecord[]>>();
  const fetchOnce = <K, T>(cache: Map<K, Promise<T>>, key: K, file: string): Promise<T> => {
    let entry = cache.get(key);
    if (!entry) {
      entry = load(file) as Promise<T>;
      entry.catch(() => (cache.delete(key), forget()));
      cache.set(key, entry);
    }
    return entry;
  };
  let last: { names: string; mini: MiniSearch<SearchRecord> } | undefined;

  return {
    core,
    async searcher(query) {
      const names = [...new Set(lookupTerms(query).map((t) => partName(t, core.keyLength)))].filter((n) => known.has(n)).sort();
      const key = names.join(',');
      if (last?.names !== key) {
        const entries = (await Promise.all(names.map((n) => fetchOnce(termParts, n, termPartPath(core, n))))).flat();
        const mini = MiniSearch.loadJS<SearchRecord>(
          { documentCount: core.documentCount, nextId: core.documentCount, documentIds, fieldIds: core.fieldIds, fieldLength, averageFieldLength: core.averageFieldLength, storedFields: {}, dirtCount: 0, index: expandTermEntries(entries), serializationVersion: 2 },
          indexOptions(core.keyLength),
        );
        last = { names: key, mini };
      }
      return last.mini;
    },
    async record(id) {
      // The last part that starts at or before the document.
      let part = 0;
      while (part + 1 < core.recordParts.length && core.recordParts[part + 1] <= id) part++;
      const records = await fetchOnce(recordParts, part, recordPartPath(core, part));
      return records[id - core.recordParts[part]];
    },
  };
}

import { describe, expect, it } from 'vitest';
import { createLocalSearchClient, matchesFacets, MAX_QUERY_LENGTH, type SearchHit } from '../../src/search/local-client.ts';
import { highlight, snippet } from '../../src/search/highlight.ts';
import { rewriteResultUrl, routerPath } from '../../src/search/urls.ts';
import { safeHighlightHtml } from '../../src/search/snippet-html.ts';
import { extractSearchRecords } from '../../src/builder/search/search-records.ts';
import type { SearchRecord } from '../../src/search/types.ts';
import MiniSearch from 'minisearch';
import { indexOptions, recordPartPath, termPartPath, type SearchIndexCore } from '../../src/search/index-format.ts';
import { buildSearchIndex } from '../../src/builder/search/search-index.ts';
import { queryWords, runQuery } from '../../src/search/query.ts';
import { otherVersionHits } from '../../src/search/other-versions.ts';

const tags = { pre: '<mark>', post: '</mark>' };

function record(tag: string, url: string, lvl1: string, lvl2: string | null, content: string, language = 'en'): SearchRecord {
  return {
    objectID: `${tag}:${url}`,
    url,
    type: lvl2 ? 'lvl2' : 'lvl1',
    hierarchy: { lvl0: 'Concepts', lvl1, lvl2, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    content,
    language,
    docusaurus_tag: tag,
  };
}

const records: Record<string, SearchRecord[]> = {
  'docs-default-current': [
    record('docs-default-current', '/docs/concepts/sharing-reserved/', 'Reserved Shares', null, 'A reserved share keeps its token across restarts of zrok share.'),
    record('docs-default-current', '/docs/concepts/sharing-public/#frontends', 'Public Shares', 'Frontends', 'A frontend is an HTTPS listener that proxies public traffic.'),
    record('docs-default-current', '/docs/xss/', 'Escaping <script>alert(1)</script>', null, 'Text with <img src=x onerror=alert(1)> and &amp; entities about tokens.'),
    ...Array.from({ length: 45 }, (_, i) => record('docs-default-current', `/docs/many/${i}/`, `Token page ${i}`, null, `Token number ${i}.`)),
  ],
  'docs-default-7.0': [record('docs-default-7.0', '/docs/7.0/concepts/sharing-reserved/', 'Reserved Shares', null, 'Version one zero reserved token.')],
  'docs-default-fr': [record('docs-default-current', '/fr/docs/x/', 'Réservé', null, 'token en français', 'fr')],
};

/** The files the build publishes for `versions`, as a loader that records what it was asked for. */
function publish(versions: Record<string, SearchRecord[]>, limits?: { termPart: number; recordPart: number }) {
  const files = new Map(Object.entries(versions).flatMap(([tag, list]) => buildSearchIndex(tag, list, limits)).map((f) => [f.path, f.text]));
  const loads: string[] = [];
  const load = async (file: string) => {
    loads.push(file);
    const text = files.get(file);
    if (text === undefined) throw new Error('HTTP 404');
    return JSON.parse(text) as unknown;
  };
  return { files, loads, load };
}

function client() {
  const { load, loads } = publish({ 'docs-default-current': records['docs-default-current'], 'docs-default-7.0': records['docs-default-7.0'] });
  return { c: createLocalSearchClient(load, ['docs-default-current', 'docs-default-7.0']), loads };
}

const contextual = (tag: string) => [['language:en'], [`docusaurus_tag:${tag}`]];

describe('local search client', () => {
  it('answers a multi-query request with the hosted provider’s hit and result shape', async () => {
    const { c, loads } = client();
    const { results } = await c.search({
      requests: [{ indexName: 'docs', query: 'reserved', hitsPerPage: 20, facetFilters: contextual('docs-default-current'), attributesToSnippet: ['content:10'], highlightPreTag: '<mark>', highlightPostTag: '</mark>' }],
    });
    expect(loads[0]).toBe('search-index/docs-default-current.json');
    expect(loads.every((f) => f.includes('docs-default-current'))).toBe(true);
    const [r] = results;
    expect(r).toMatchObject({ nbHits: 1, page: 0, nbPages: 1, hitsPerPage: 20, index: 'docs', query: 'reserved', exhaustiveNbHits: true });
    expect(r.queryID).toMatch(/^local-\d+$/);
    const hit = r.hits[0];
    expect(hit).toMatchObject({ objectID: 'docs-default-current:/docs/concepts/sharing-reserved/', url: '/docs/concepts/sharing-reserved/', type: 'lvl1', language: 'en', docusaurus_tag: 'docs-default-current' });
    expect(hit.hierarchy.lvl1).toBe('Reserved Shares');
    expect((hit._highlightResult.hierarchy as Record<string, { value: string; matchLevel: string }>).lvl1).toEqual({ value: '<mark>Reserved</mark> Shares', matchLevel: 'full', matchedWords: ['reserved'] });
    expect((hit._snippetResult.content as { value: string }).value).toBe('A <mark>reserved</mark> share keeps its token across restarts of zrok…');
    expect(hit.__position).toBe(1);
  });

  it('presents a section matched only in its text as a content hit', async () => {
    const { c } = client();
    const { results } = await c.search({ requests: [{ indexName: 'docs', query: 'listener', facetFilters: contextual('docs-default-current'), attributesToSnippet: ['content:10'] }] });
    expect(results[0].hits[0]).toMatchObject({ url: '/docs/concepts/sharing-public/#frontends', type: 'content' });
  });

  it('filters by version tag and language (contextual search)', async () => {
    const { c, loads } = client();
    const { results } = await c.search({ requests: [{ indexName: 'docs', query: 'reserved', facetFilters: contextual('docs-default-7.0') }] });
    expect(results[0].hits.map((h) => h.url)).toEqual(['/docs/7.0/concepts/sharing-reserved/']);
    expect(loads.every((f) => f.includes('docs-default-7.0'))).toBe(true);
    expect(matchesFacets(records['docs-default-fr'][0], contextual('docs-default-current'))).toBe(false);
    expect(matchesFacets(records['docs-default-fr'][0], [['language:fr', 'language:en']])).toBe(true);
    expect(matchesFacets(records['docs-default-fr'][0], ['-language:fr'])).toBe(false);
  });

  it('pages through hits', async () => {
    const { c } = client();
    const ask = (page: number) => c.search({ requests: [{ indexName: 'docs', query: 'token', hitsPerPage: 20, page, facetFilters: contextual('docs-default-current') }] }).then((a) => a.results[0]);
    const first = await ask(0);
    expect(first.nbHits).toBe(47);
    expect(first.nbPages).toBe(3);
    expect(first.hits).toHaveLength(20);
    const last = await ask(2);
    expect(last.hits).toHaveLength(7);
    expect(last.hits[0].__position).toBe(41);
    const all = new Set([...first.hits, ...(await ask(1)).hits, ...last.hits].map((h) => h.objectID));
    expect(all.size).toBe(47);
  });

  it('caps the query at 64 characters and answers an empty query with no hits', async () => {
    const { c } = client();
    const long = `reserved ${'x'.repeat(100)}`;
    const { results } = await c.search({ requests: [{ indexName: 'docs', query: long }, { indexName: 'docs', query: '' }] });
    expect(results[0].query).toHaveLength(MAX_QUERY_LENGTH);
    expect(results[1]).toMatchObject({ nbHits: 0, hits: [] });
  });

  it('reads the params-string form of a request', async () => {
    const { c } = client();
    const { results } = await c.search({ requests: [{ indexName: 'docs', params: `query=frontend&hitsPerPage=1&facetFilters=${encodeURIComponent(JSON.stringify(contextual('docs-default-current')))}` }] });
    expect(results[0].hits.map((h) => h.url)).toEqual(['/docs/concepts/sharing-public/#frontends']);
  });

  it('escapes page text and queries: markup is returned as text', async () => {
    const { c } = client();
    const { results } = await c.search({ requests: [{ indexName: 'docs', query: '<script> escaping', facetFilters: contextual('docs-default-current'), attributesToSnippet: ['content:20'], highlightPreTag: '<mark>', highlightPostTag: '</mark>' }] });
    const hit = results[0].hits[0] as SearchHit;
    const title = (hit._highlightResult.hierarchy as Record<string, { value: string }>).lvl1.value;
    expect(title).toBe('<mark>Escaping</mark> &lt;<mark>script</mark>&gt;alert(1)&lt;/<mark>script</mark>&gt;');
    const content = (hit._snippetResult.content as { value: string }).value;
    expect(content).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(content).toContain('&amp;amp;');
    expect(content).not.toMatch(/<(?!\/?mark>)/);
  });

  it('fails the search when the index cannot be loaded, and retries on the next one', async () => {
    const { load } = publish({ 'docs-default-current': records['docs-default-current'] });
    let fail = true;
    const c = createLocalSearchClient(async (file) => {
      if (fail) throw new Error('offline');
      return load(file);
    }, ['docs-default-current']);
    await expect(c.search({ requests: [{ indexName: 'docs', query: 'token' }] })).rejects.toThrow('offline');
    fail = false;
    expect((await c.search({ requests: [{ indexName: 'docs', query: 'token' }] })).results[0].nbHits).toBe(47);
  });
});

describe('hits in other versions', () => {
  const versions = [{ label: '7.1', tag: 'docs-default-current' }, { label: '7.0', tag: 'docs-default-7.0' }];

  it('lists the other versions where a query finds something, with their hits’ titles and URLs', async () => {
    const { c } = client();
    expect((await c.search({ requests: [{ indexName: 'docs', query: 'zero', facetFilters: contextual('docs-default-current') }] })).results[0].nbHits).toBe(0);
    expect(await otherVersionHits(c, 'zero', 'docs-default-current', versions)).toEqual([{ label: '7.0', hits: [{ title: 'Reserved Shares', url: '/docs/7.0/concepts/sharing-reserved/' }] }]);
    expect(await otherVersionHits(c, 'frontend', 'docs-default-7.0', versions)).toEqual([{ label: '7.1', hits: [{ title: 'Public Shares › Frontends', url: '/docs/concepts/sharing-public/#frontends' }] }]);
    expect(await otherVersionHits(c, 'qqzzxx', 'docs-default-current', versions)).toEqual([]);
  });
});

describe('the split local index', () => {
  const T = 'docs-default-current';
  const list = records[T];
  const small = { termPart: 300, recordPart: 400 };
  const ask = (c: ReturnType<typeof createLocalSearchClient>, query: string, page = 0) =>
    c.search({ requests: [{ indexName: 'docs', query, page, hitsPerPage: 5 }] }).then((a) => a.results[0]);

  it('cuts a large index by term key and record runs, and names the parts by their content', () => {
    const whole = publish({ [T]: list });
    expect([...whole.files.keys()]).toHaveLength(3); // core, one term part, one record part
    const split = publish({ [T]: list }, small);
    const core = JSON.parse(split.files.get(`search-index/${T}.json`)!) as SearchIndexCore;
    expect(core.keyLength).toBe(2);
    expect(core.termParts.length).toBeGreaterThan(10);
    expect(core.recordParts.length).toBeGreaterThan(10);
    expect(core.recordParts[0]).toBe(0);
    expect(core.dir).toBe(`assets/search/${T}`);
    const names = [...core.termFiles, ...core.recordFiles];
    expect(names.every((name) => /^[tr][0-9a-f]{12}\.json$/.test(name))).toBe(true);
    // One record's text edited: the parts that hold it get new names, the others keep theirs (and stay cached).
    const edited = publish({ [T]: [...list.slice(0, -1), { ...list.at(-1)!, content: 'Changed.' }] }, small);
    const after = JSON.parse(edited.files.get(`search-index/${T}.json`)!) as SearchIndexCore;
    const renamed = [...after.termFiles, ...after.recordFiles].filter((name) => !names.includes(name));
    expect(renamed.length).toBeGreaterThan(0);
    expect(renamed.length).toBeLessThan(names.length / 4);
    expect(after.recordFiles.at(-1)).not.toBe(core.recordFiles.at(-1));
    expect(after.recordFiles[0]).toBe(core.recordFiles[0]);
  });

  it('answers exactly as one MiniSearch over all records does', async () => {
    const direct = new MiniSearch<SearchRecord>(indexOptions(0));
    direct.addAll(list);
    const whole = createLocalSearchClient(publish({ [T]: list }).load, [T]);
    const split = createLocalSearchClient(publish({ [T]: list }, small).load, [T]);
    for (const query of ['token', 'reserved share', 'tok', 'frontend https', 'page 12', 'escaping script', 'restarts', 'nothing-here']) {
      const expected = runQuery(direct, query).map((r) => String(r.id));
      for (const c of [whole, split]) {
        const all = await c.search({ requests: [{ indexName: 'docs', query, hitsPerPage: 1000 }] });
        expect(all.results[0].hits.map((h) => h.objectID), query).toEqual(expected);
      }
      for (const page of [0, 1]) {
        const [a, b] = [await ask(whole, query, page), await ask(split, query, page)];
        expect(b.hits.map((h) => h.objectID), query).toEqual(a.hits.map((h) => h.objectID));
      }
    }
  });

  it('downloads, for a first query, the core, the term parts of its words and the record parts of its hits', async () => {
    const { files, loads, load } = publish({ [T]: list }, small);
    const c = createLocalSearchClient(load, [T]);
    const result = await ask(c, 'reserved');
    expect(result.hits[0].url).toBe('/docs/concepts/sharing-reserved/');
    const core = JSON.parse(files.get(`search-index/${T}.json`)!) as SearchIndexCore;
    expect(loads).toEqual([`search-index/${T}.json`, termPartPath(core, '00720065'), recordPartPath(core, 0)]);
    expect(loads.length).toBeLessThan(files.size / 5);
  });

  it('matches a word shorter than the key whole, and finds it again the same way later', async () => {
    const c = createLocalSearchClient(publish({ [T]: [...list, record(T, '/docs/x/', 'Q marks', null, 'The letter q.')] }, small).load, [T]);
    const first = await ask(c, 'q');
    expect(first.hits.map((h) => h.url)).toEqual(['/docs/x/']);
    await ask(c, 'quick'); // loads other parts
    expect((await ask(c, 'q')).hits.map((h) => h.url)).toEqual(['/docs/x/']);
  });

  it('fetches the core again after a part fails (a new deployment renames the parts)', async () => {
    const old = publish({ [T]: list }, small);
    const fresh = publish({ [T]: list.map((r) => ({ ...r, content: `${r.content} Redeployed.` })) }, small);
    let files = old.files;
    const c = createLocalSearchClient(async (file) => {
      const text = files.get(file);
      if (text === undefined) throw new Error('HTTP 404');
      return JSON.parse(text) as unknown;
    }, [T]);
    expect((await ask(c, 'token')).nbHits).toBe(47);
    files = fresh.files;
    await expect(ask(c, 'frontend')).rejects.toThrow('HTTP 404');
    expect((await ask(c, 'redeployed')).nbHits).toBe(48);
  });

  it('searches the page description and keywords but leaves them out of the record parts the browser loads for hits', async () => {
    const described = [{ ...list[0], description: 'Keep a token across reboots.', keywords: ['same url after restart', 'vanity name'] }, ...list.slice(1)];
    const { files, load } = publish({ [T]: described });
    const parts = [...files].filter(([path]) => /\/r[^/]*\.json$/.test(path)).map(([, text]) => text);
    expect(parts.length).toBeGreaterThan(0);
    expect(parts.join('')).not.toMatch(/Keep a token|vanity/);
    const c = createLocalSearchClient(load, [T]);
    for (const query of ['reboots', 'vanity']) {
      const hits = (await ask(c, query)).hits;
      expect(hits[0].url).toBe('/docs/concepts/sharing-reserved/');
      expect(hits[0]).not.toHaveProperty('description');
      expect(hits[0]).not.toHaveProperty('keywords');
    }
  });

  it('refuses a record of another version or language', () => {
    expect(() => buildSearchIndex(T, [list[0], ...records['docs-default-fr']])).toThrow(/record docs-default-current:\/fr\/docs\/x\/ is fr\/docs-default-current/);
  });
});

describe('highlighting and snippets', () => {
  it('marks prefix matches and reports the match level', () => {
    expect(highlight('Reserved shares reserve tokens', ['reserv'], tags)).toEqual({ value: '<mark>Reserved</mark> shares <mark>reserve</mark> tokens', matchLevel: 'full', matchedWords: ['reserv'] });
    expect(highlight('Public shares', ['public', 'token'], tags).matchLevel).toBe('partial');
    expect(highlight('Public shares', ['token'], tags)).toMatchObject({ value: 'Public shares', matchLevel: 'none' });
  });

  it('cuts a window of N words around the first match', () => {
    const text = 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen';
    expect(snippet(text, ['nine'], 5, tags).value).toBe('…seven eight <mark>nine</mark> ten eleven…');
    expect(snippet(text, ['zzz'], 3, tags).value).toBe('one two three…');
    expect(snippet('short text', ['short'], 10, tags).value).toBe('<mark>short</mark> text');
  });

  it('lets only mark tags through to the page', () => {
    expect(safeHighlightHtml('<mark>a</mark><img src=x onerror=alert(1)>&amp;')).toBe('<mark>a</mark>&lt;img src=x onerror=alert(1)>&amp;');
  });
});

describe('result URL rewriting', () => {
  it('reduces other URLs to path + hash on the site base URL', () => {
    expect(rewriteResultUrl('https://docs.zrok.io/docs/concepts/#x', '/', null)).toBe('/docs/concepts/#x');
    expect(rewriteResultUrl('https://evil.example/docs/concepts/', '/', null)).toBe('/docs/concepts/');
    expect(rewriteResultUrl('/docs/concepts/', '/zrok-docs/', null)).toBe('/zrok-docs/docs/concepts/');
    expect(rewriteResultUrl('https://docs.zrok.io/zrok-docs/docs/x/', '/zrok-docs/', null)).toBe('/zrok-docs/docs/x/');
    expect(routerPath('/zrok-docs/docs/x/#a', '/zrok-docs/')).toBe('/docs/x/#a');
  });

  it('leaves URLs that match the external pattern unchanged', () => {
    const pattern = '^https://blog\\.zrok\\.io/';
    expect(rewriteResultUrl('https://blog.zrok.io/post/#a', '/', pattern)).toBe('https://blog.zrok.io/post/#a');
    expect(rewriteResultUrl('https://docs.zrok.io/docs/x/', '/', pattern)).toBe('/docs/x/');
  });
});

describe('index records from rendered pages', () => {
  it('makes one record per section with its hierarchy, anchor and text', () => {
    const html = '<article><header><h1>Public Shares</h1></header><div class="markdown"><p>Intro &amp; more.</p><div class="tabs"><p class="tabs__noscript-label">Linux</p><p>Tab text.</p></div><h2 id="frontends">Frontends</h2><ul><li>One <ul><li>Nested</li></ul></li></ul><h3 id="tls">TLS</h3><table><tr><td>cell</td></tr></table><div class="code-block"><pre>code</pre></div></div></article>';
    const recs = extractSearchRecords({ html, path: '/docs/p/', lvl0: 'Concepts', language: 'en', tag: 't' });
    expect(recs.map((r) => [r.type, r.url, r.content])).toEqual([
      ['lvl1', '/docs/p/', 'Intro & more. Tab text.'],
      ['lvl2', '/docs/p/#frontends', 'One Nested'],
      ['lvl3', '/docs/p/#tls', 'cell'],
    ]);
    expect(recs[2].hierarchy).toEqual({ lvl0: 'Concepts', lvl1: 'Public Shares', lvl2: 'Frontends', lvl3: 'TLS', lvl4: null, lvl5: null, lvl6: null });
  });

  it('leaves a step’s code block and its copy button out of the step’s text', () => {
    const step = (n: string) => `<li><p>${n}:</p><div class="code-block"><div class="code-block__body"><pre>mkdir share-${n}</pre><button class="code-block__copy">Copy</button></div></div></li>`;
    const html = `<article><h1>Docker</h1><div class="markdown"><ol>${step('Make')}${step('Enter')}<li><p>Run <code>zrok</code>s</p><div><ul><li>deep</li></ul></div></li></ol></div></article>`;
    const [rec] = extractSearchRecords({ html, path: '/docs/d/', lvl0: 'Guides', language: 'en', tag: 't' });
    expect(rec.content).toBe('Make: Enter: Run zroks deep');
  });

  it('puts the page description and keywords on the page’s first record only', () => {
    const html = '<article><h1>Reserved Shares</h1><div class="markdown"><p>Intro.</p><h2 id="names">Unique Names</h2><p>Names.</p></div></article>';
    const recs = extractSearchRecords({ html, path: '/docs/r/', lvl0: 'Concepts', description: 'Keep the same token across restarts.', keywords: ['vanity url'], language: 'en', tag: 't' });
    expect(recs.map((r) => r.description)).toEqual(['Keep the same token across restarts.', undefined]);
    expect(recs.map((r) => r.keywords)).toEqual([['vanity url'], undefined]);
    const bare = extractSearchRecords({ html, path: '/docs/r/', lvl0: 'Concepts', description: '', keywords: [], language: 'en', tag: 't' });
    expect(bare.some((r) => 'description' in r || 'keywords' in r)).toBe(false);
  });
});

describe('query rules: word dropping and ranking', () => {
  const T = 'docs-default-current';
  const page = (url: string, lvl1: string, lvl2: string | null, content: string) => record(T, url, lvl1, lvl2, content);
  const urls = async (list: SearchRecord[], query: string) => {
    const c = createLocalSearchClient(publish({ [T]: list }).load, [T]);
    const { results } = await c.search({ requests: [{ indexName: 'docs', query, hitsPerPage: 50 }] });
    return results[0].hits.map((h) => h.url);
  };
  const docs = [
    page('/docs/drives/', 'Drives', null, 'Share a drive and copy files to it.'),
    page('/docs/drives/#sync', 'Drives', 'Synchronization', 'Keep a local folder and a drive in step.'),
    page('/docs/interstitial/', 'Interstitial Pages', null, 'A public frontend can show a page before the share.'),
    page('/docs/limits/', 'Limits', 'Bandwidth', 'Each account may transfer so much per day.'),
    page('/docs/oauth/', 'OAuth', 'Email patterns', 'Only accounts whose email matches may pass.'),
    page('/docs/reserved/', 'Reserved Shares', null, 'A reserved share keeps its token.'),
    page('/docs/mention/', 'Tunnels', null, 'Unlike reserved shares, a tunnel is gone when it stops.'),
    page('/docs/body/', 'Agent', null, 'The agent runs in the background on a windows machine.'),
    page('/docs/heading/', 'Agent', 'Windows', 'How to run it there.'),
    page('/docs/title/', 'Windows Service', null, 'Run the agent under nssm.'),
  ];

  it('reads "down" as a symptom and drops "one", which Porter stems to the preposition "on"', () => {
    expect(queryWords('my app goes down')).toEqual(['app', 'goes', 'down']);
    expect(queryWords('join two machines into one network')).toEqual(['join', 'two', 'machines', 'network']);
  });

  it('drops a light verb ("get", "let") when two other words are left, and keeps it in a short query about it', () => {
    expect(queryWords('how do I get a share url that stays the same')).toEqual(['share', 'url', 'stays']);
    expect(queryWords('let users sign up themselves')).toEqual(['users', 'signup']);
    expect(queryWords('getting started')).toEqual(['getting', 'started']);
    expect(queryWords('get tokens')).toEqual(['get', 'tokens']);
  });

  it('never dead-ends: when no section holds every word, the words are made optional', async () => {
    // "webdav" and "warning" occur nowhere; every other word does.
    expect((await urls(docs, 'webdav drive'))[0]).toBe('/docs/drives/');
    expect((await urls(docs, 'interstitial warning page'))[0]).toBe('/docs/interstitial/');
  });

  it('ranks sections that hold more of the words first when words were dropped', async () => {
    const found = await urls(docs, 'drive folder webdav');
    expect(found[0]).toBe('/docs/drives/#sync'); // drive + folder, before drive alone
    expect(found).toContain('/docs/drives/');
  });

  it('when enough sections hold every word, lists a section holding fewer only if it outscores the weakest of them', async () => {
    expect(await urls(docs, 'drive synchronization')).toEqual(['/docs/drives/#sync', '/docs/drives/']);
    const many = Array.from({ length: 6 }, (_, i) => page(`/docs/many/${i}/`, `Agent ${i}`, null, 'The agent shares files.'));
    const found = await urls([...docs, ...many], 'agent files');
    expect(found).toHaveLength(6);
    expect(found.every((u) => u.startsWith('/docs/many/'))).toBe(true);
  });

  it('lets a section holding fewer, more telling words outrank one holding every word', async () => {
    const list = [
      page('/docs/rotation/', 'Log Rotation', null, 'Rotate the service log.'),
      page('/docs/misc/', 'Miscellany', null, 'Notes on many things: the log of the service is written daily, and rotation of it can be set up in the options dialog of the service manager.'),
    ];
    expect(await urls(list, 'daily log rotation')).toEqual(['/docs/rotation/', '/docs/misc/']);
  });

  it('counts a word found through two of its synonyms as one word', async () => {
    const list = [
      page('/docs/providers/', 'Providers', null, 'A long list of settings for oauth and for oidc that the configuration file may hold, one after the other.'),
      page('/docs/listener/', 'Listener', null, 'The frontend listener.'),
    ];
    expect((await urls(list, 'sso frontend'))[0]).toBe('/docs/listener/');
  });

  it('puts a match in the page description below the page title and above the body text', async () => {
    const list = [
      page('/docs/body/', 'Tokens', null, 'A token survives restarts.'),
      { ...page('/docs/described/', 'Reservations', null, 'How reservations work.'), description: 'Keep the same token across restarts.' },
      page('/docs/titled/', 'Restarts', null, 'What happens then.'),
    ];
    expect(await urls(list, 'restarts')).toEqual(['/docs/titled/', '/docs/described/', '/docs/body/']);
  });

  it('finds a page by a keyword it does not use itself, above body text that mentions the word', async () => {
    const list = [
      page('/docs/body/', 'Tokens', null, 'A service that is unhealthy is still shared.'),
      { ...page('/docs/checks/', 'HTTP Health Checks', null, 'The agent compares the status code.'), keywords: ['unhealthy backend'] },
      page('/docs/other/', 'Other', null, 'Nothing to see.'),
    ];
    expect(await urls(list, 'unhealthy')).toEqual(['/docs/checks/', '/docs/body/']);
  });

  it('lifts a page whose keyword phrase the query holds whole, in any order, plural or not, whatever its glue words', async () => {
    // The same two keyword words, as one phrase on one page and apart on the other, whose body holds "server" once more.
    const list = [
      { ...page('/docs/apart/', 'Hosting', null, 'Start the server, then check the server.'), keywords: ['server', 'own'] },
      { ...page('/docs/phrase/', 'Hosting', null, 'Start the server, then check it.'), keywords: ['own server'] },
    ];
    expect((await urls(list, 'run my own server'))[0]).toBe('/docs/phrase/');
    expect((await urls(list, 'servers of your own'))[0]).toBe('/docs/phrase/');
    // Another form than the plural is not the phrase ("owned" is "own" to the word match only).
    expect((await urls(list, 'owned server'))[0]).toBe('/docs/apart/');
  });

  it('finds a camelCase word of the docs by its parts, and by itself', async () => {
    const list = [
      page('/docs/tunnels/', 'TCP Services', null, 'Share it with the tcpTunnel backend mode.'),
      page('/docs/other/', 'Drives', null, 'Copy files.'),
    ];
    expect(await urls(list, 'tunnel')).toEqual(['/docs/tunnels/']);
    expect(await urls(list, 'tcpTunnel')).toEqual(['/docs/tunnels/']);
    expect(await urls(list, 'tcp')).toEqual(['/docs/tunnels/']);
  });

  it('reaches a feature from its negated word: "unhealthy" finds health checks', async () => {
    const list = [page('/docs/checks/', 'HTTP Health Checks', null, 'The agent compares the status code.'), page('/docs/other/', 'Drives', null, 'Copy files.')];
    expect(await urls(list, 'backend unhealthy')).toEqual(['/docs/checks/']);
  });

  it('lets a rare word held count for more than common words held (coordination weighted by rarity)', async () => {
    const common = Array.from({ length: 8 }, (_, i) => page(`/docs/common/${i}/`, `Shares ${i}`, null, 'Protect a public share with a password.'));
    const rare = page('/docs/oidc/', 'Generic OIDC', 'Auth0', 'Create an application in Auth0 for the public frontend.');
    expect((await urls([...common, rare], 'auth0 protect public share'))[0]).toBe('/docs/oidc/');
  });

  it('never lets the product name decide between pages', async () => {
    const list = [page('/docs/free/', 'Open Source', null, 'Free of charge, under the Apache license.'), page('/docs/zrok/', 'zrok', null, 'zrok shares things; zrok is a tool.')];
    expect((await urls(list, 'is zrok free'))[0]).toBe('/docs/free/');
    expect(await urls(list, 'zrok')).toContain('/docs/zrok/');
  });

  it('puts a match in the page title above a section heading above the body text', async () => {
    expect(await urls(docs, 'windows')).toEqual(['/docs/title/', '/docs/heading/', '/docs/body/']);
  });

  it('ranks the page about a topic above a passing mention', async () => {
    expect((await urls(docs, 'reserved share'))[0]).toBe('/docs/reserved/');
  });

  it('stems English words, ignores stop words, and matches the last word as a prefix', async () => {
    expect(await urls(docs, 'synchronizing')).toContain('/docs/drives/#sync');
    expect((await urls(docs, 'how do I limit my bandwidth'))[0]).toBe('/docs/limits/');
    expect(queryWords('how do I share')).toEqual(['share']);
    expect(queryWords('how to')).toEqual(['how', 'to']);
    expect(queryWords('how do I sign up')).toEqual(['signup']);
    expect((await urls(docs, 'interst'))[0]).toBe('/docs/interstitial/');
  });

  it('forgives one typo in words of 4 letters or more, none in shorter words', async () => {
    expect((await urls(docs, 'reservd'))[0]).toBe('/docs/reserved/');
    expect((await urls(docs, 'emal'))[0]).toBe('/docs/oauth/');
    expect(await urls([page('/docs/tcp/', 'TCP', null, 'tcp tunnels')], 'tcx')).toEqual([]);
  });

  it('finds the docs’ word for a reader’s word (synonyms)', async () => {
    expect((await urls(docs, 'sso')).includes('/docs/oauth/')).toBe(true);
  });
});

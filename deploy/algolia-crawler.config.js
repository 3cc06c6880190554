// Hosted-search crawler configuration for the zrok docs (Algolia Crawler, "DocSearch" helper).
// It produces the same records as the built-in local index (src/builder/search/search-records.ts):
// lvl0 = the page's data-search-lvl0 attribute (its top sidebar category, else "Documentation"),
// lvl1 = the page h1, lvl2-lvl6 = the headings of the page body, content = its paragraphs,
// list items and table cells. The docsearch:language and docsearch:docusaurus_tag meta tags of
// every page become the language and docusaurus_tag attributes used for contextual search. The
// page's <meta name="keywords"> (its front-matter keywords: the words readers use for its tasks
// that its text does not) becomes a searchable keywords attribute, as in the local index.
// Replace the placeholders; see README.md, "Search", for switching a deployment to it.
new Crawler({
  appId: 'YOUR_APP_ID',
  apiKey: 'YOUR_CRAWLER_WRITE_API_KEY',
  rateLimit: 8,
  maxDepth: 10,
  startUrls: ['https://docs.zrok.io/'],
  sitemaps: ['https://docs.zrok.io/sitemap.xml'],
  discoveryPatterns: ['https://docs.zrok.io/**'],
  exclusionPatterns: ['https://docs.zrok.io/search/**'],
  ignoreCanonicalTo: true,
  schedule: 'every 1 day at 2:22 pm',
  actions: [
    {
      indexName: 'zrok',
      pathsToMatch: ['https://docs.zrok.io/docs/**'],
      recordExtractor: ({ $, helpers }) => {
        const lvl0 = $('article[data-search-lvl0]').attr('data-search-lvl0') || 'Documentation';
        const keywords = ($('meta[name="keywords"]').attr('content') || '').split(',').map((k) => k.trim()).filter(Boolean);
        // Chrome and widgets that are not page text.
        $('.tabs__noscript-label, .tabs__list, .code-block, .mermaid, .breadcrumbs, .pagination, .badge, .version-banner').remove();
        return helpers.docsearch({
          recordProps: {
            lvl0: { selectors: '', defaultValue: lvl0 },
            lvl1: ['article header h1'],
            lvl2: ['article .markdown h2'],
            lvl3: ['article .markdown h3'],
            lvl4: ['article .markdown h4'],
            lvl5: ['article .markdown h5'],
            lvl6: ['article .markdown h6'],
            content: ['article .markdown p, article .markdown li, article .markdown td, article .markdown th'],
            keywords: { selectors: '', defaultValue: keywords },
          },
          indexHeadings: true,
          aggregateContent: true,
          recordVersion: 'v3',
        });
      },
    },
  ],
  initialIndexSettings: {
    zrok: {
      attributesForFaceting: ['type', 'lang', 'language', 'version', 'docusaurus_tag'],
      attributesToRetrieve: ['hierarchy', 'content', 'anchor', 'url', 'url_without_anchor', 'type'],
      attributesToHighlight: ['hierarchy', 'content'],
      attributesToSnippet: ['content:10'],
      camelCaseAttributes: ['hierarchy', 'content'],
      searchableAttributes: [
        'unordered(hierarchy.lvl0)', 'unordered(hierarchy.lvl1)', 'unordered(hierarchy.lvl2)', 'unordered(hierarchy.lvl3)',
        'unordered(hierarchy.lvl4)', 'unordered(hierarchy.lvl5)', 'unordered(hierarchy.lvl6)', 'unordered(keywords)', 'content',
      ],
      distinct: true,
      attributeForDistinct: 'url',
      customRanking: ['desc(weight.pageRank)', 'desc(weight.level)', 'asc(weight.position)'],
      ranking: ['words', 'filters', 'typo', 'attribute', 'proximity', 'exact', 'custom'],
      highlightPreTag: '<span class="algolia-docsearch-suggestion--highlight">',
      highlightPostTag: '</span>',
      minWordSizefor1Typo: 3,
      minWordSizefor2Typos: 7,
      allowTyposOnNumericTokens: false,
      minProximity: 1,
      ignorePlurals: true,
      advancedSyntax: true,
      attributeCriteriaComputedByMinProximity: true,
      removeWordsIfNoResults: 'allOptional',
    },
  },
});

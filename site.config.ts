/**
 * Every site setting in one typed object. Read by the build, the server renderer and the browser;
 * it imports nothing of ours.
 */
export interface VersionConfig {
  /** Folder name under content/docs/ and the version's label. */
  name: string;
  label: string;
  /** URL prefix under /docs/: '' for the current version, '1.0/' for the others. */
  pathPrefix: string;
  /** Doc id of the page a version root leads to. */
  mainDoc: string;
  /** Search/crawler tag (docsearch:docusaurus_tag). */
  tag: string;
  current: boolean;
}

export interface NavLink {
  label: string;
  href: string;
  /** Icon-only links show this as their accessible name. */
  icon?: 'github' | 'discourse';
}

export interface LinkMapping {
  from: string;
  to: string;
}

export interface SiteConfig {
  title: string;
  tagline: string;
  /** Public origin, used for canonical and OpenGraph URLs and the sitemap. */
  url: string;
  /** Path the site is served under; BASE_URL at build time overrides it. */
  baseUrl: string;
  locales: { default: string; all: { code: string; label: string; direction: 'ltr' | 'rtl' }[] };
  versions: VersionConfig[];
  navbar: { logoAlt: string; links: NavLink[] };
  footer: { copyrightHolder: string; copyrightUrl: string };
  /** `listVersions`: the text is followed by a link to the page being read in each docs version. */
  announcement: { id: string; text: string; listVersions?: boolean } | null;
  colorMode: { defaultMode: 'light' | 'dark'; disableSwitch: boolean; respectPrefersColorScheme: boolean };
  editUrl: string;
  redirects: { from: string; to: string }[];
  /**
   * Link prefixes the pages may write and what each stands for, as a Docusaurus site's remark-scoped-path plugin maps
   * them: with `{ from: '@zrokdocs', to: '/docs' }`, `[x](@zrokdocs/concepts/)` is `/docs/concepts/` of the page's
   * own version. `to` may be a route or an https:// URL.
   */
  linkMappings?: LinkMapping[];
  /** Sidebar behaviour. */
  sidebar: {
    autoCollapseCategories: boolean;
    /** A version whose sidebar has more entries sends each page only the open part of it; closed categories load when opened. */
    inlineLimit: number;
  };
  search: SearchConfig;
  /** Google Tag Manager container id (the original site used GTM-MDFLZPK8); null = no analytics script. */
  analytics: { gtmContainerId: string | null };
}

export interface SearchConfig {
  /**
   * The hosted search provider (Algolia DocSearch). null = the built-in local index, no account needed.
   * VITE_ALGOLIA_APP_ID, VITE_ALGOLIA_API_KEY and VITE_ALGOLIA_INDEX_NAME at build time override it.
   */
  hosted: { appId: string; apiKey: string; indexName: string } | null;
  /** Result URLs matching this pattern are left as they are (e.g. another site of ours); others are made same-site. */
  externalUrlRegex: string | null;
  /** Where "Let us know." on the no-results screen leads; the query is appended URL-encoded. */
  missingResultsUrl: string;
  /** Path of the search page, without slashes. */
  pagePath: string;
}

const siteConfig: SiteConfig = {
  title: 'zrok',
  tagline: 'Globally distributed reverse proxy',
  url: 'https://docs.zrok.io',
  baseUrl: '/',
  locales: { default: 'en', all: [{ code: 'en', label: 'English', direction: 'ltr' }] },
  versions: [
    { name: '1.1', label: '1.1', pathPrefix: '', mainDoc: 'getting-started', tag: 'docs-default-current', current: true },
    { name: '1.0', label: '1.0', pathPrefix: '1.0/', mainDoc: 'getting-started', tag: 'docs-default-1.0', current: false },
    { name: '0.4', label: '0.4', pathPrefix: '0.4/', mainDoc: 'getting-started', tag: 'docs-default-0.4', current: false },
  ],
  navbar: {
    logoAlt: 'zrok Logo',
    links: [
      { label: 'pricing', href: 'https://zrok.io/pricing/' },
      { label: 'account', href: 'https://myzrok.io/' },
      { label: 'roadmap', href: 'https://github.com/orgs/openziti/projects/16' },
      { label: 'GitHub', href: 'https://github.com/openziti/zrok', icon: 'github' },
      { label: 'Discourse', href: 'https://openziti.discourse.group/', icon: 'discourse' },
    ],
  },
  footer: { copyrightHolder: 'NetFoundry Inc.', copyrightUrl: 'https://netfoundry.io' },
  announcement: {
    id: 'zrok-1-1-docs',
    // Shown outside the docs and on the current version's pages (an older version's have their banner instead); the
    // links make it true on a phone too, where the version menu is inside the drawer.
    text: 'Docs for every release:',
    listVersions: true,
  },
  colorMode: { defaultMode: 'dark', disableSwitch: false, respectPrefersColorScheme: false },
  editUrl: 'https://github.com/openziti/zrok/blob/main/website/content/docs/',
  redirects: [
    { from: '/docs/guides/self-hosting/self_hosting_guide/', to: '/docs/guides/self-hosting/linux/' },
    { from: '/docs/guides/self-hosting/nginx_tls_guide/', to: '/docs/guides/self-hosting/linux/nginx/' },
    {
      from: '/docs/guides/metrics-and-limits/configuring-limits/',
      to: '/docs/guides/self-hosting/metrics-and-limits/configuring-limits/',
    },
    {
      from: '/docs/guides/metrics-and-limits/configuring-metrics/',
      to: '/docs/guides/self-hosting/metrics-and-limits/configuring-metrics/',
    },
  ],
  linkMappings: [],
  sidebar: { autoCollapseCategories: true, inlineLimit: 150 },
  search: {
    hosted: null,
    externalUrlRegex: null,
    missingResultsUrl: 'https://github.com/openziti/zrok/issues/new?title=Docs%20search%3A%20no%20results%20for%20',
    pagePath: 'search',
  },
  analytics: { gtmContainerId: null },
};

export default siteConfig;

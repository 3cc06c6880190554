import type { SiteConfig } from '../../../site.config.ts';
import type { SiteManifest } from '../../content/types.ts';

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

interface HeadInput {
  siteConfig: SiteConfig;
  base: string;
  sitePath: string;
  head: { title: string; description: string; versionTag?: string; status: number; noindex?: boolean };
  /** The page's front-matter keywords: in the HTML only, for crawlers such as the hosted search's. */
  keywords?: string[];
  preloads: string[];
}

/** Canonical, OpenGraph, Twitter, keywords and DocSearch meta tags and chunk preloads of one page. */
export function headTags({ siteConfig, base, sitePath, head, preloads, keywords = [] }: HeadInput): string {
  const url = siteConfig.url + base.replace(/\/$/, '') + sitePath;
  const tags = [
    head.status === 200 ? `<link rel="canonical" href="${escapeHtml(url)}" />` : '',
    head.status !== 200 || head.noindex ? '<meta name="robots" content="noindex" />' : '',
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(siteConfig.title)}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    head.status === 200 ? `<meta property="og:url" content="${escapeHtml(url)}" />` : '',
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${escapeHtml(head.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}" />`,
    keywords.length ? `<meta name="keywords" content="${escapeHtml(keywords.join(', '))}" />` : '',
    `<meta name="docsearch:language" content="${siteConfig.locales.default}" />`,
    head.versionTag ? `<meta name="docsearch:docusaurus_tag" content="${escapeHtml(head.versionTag)}" />` : '',
    ...preloads.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`),
  ];
  return tags.filter(Boolean).join('\n    ');
}

/**
 * A static redirect page: works without JavaScript and tells crawlers where the page went. On a host without
 * redirects (GitHub Pages) a reader sees it for a moment: sized for a phone, in their system's colour mode.
 * `preferred` (the current version's root) maps each docs version to its main doc: a reader who
 * prefers another version is sent there instead.
 */
export function redirectPage(target: string, canonical: string, base: string, preferred: { storageKey: string; targets: Record<string, string> } | undefined, cspMeta: string): string {
  const t = escapeHtml(target);
  const pick = preferred
    ? `\n    <script id="preferred-version-redirect">(function(k,m){try{var s=JSON.parse(localStorage.getItem(k)).state;var t=s&&m[s.preferredVersion];if(t)location.replace(t+location.hash)}catch(e){}})(${JSON.stringify(preferred.storageKey)},${JSON.stringify(preferred.targets).replace(/</g, '\\u003c')})</script>`
    : '';
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />${cspMeta ? `\n    ${cspMeta}` : ''}
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="color-scheme" content="dark light" />
    <title>Redirecting…</title>
    <meta name="robots" content="noindex" />
    <link rel="canonical" href="${escapeHtml(canonical)}" />
    <meta http-equiv="refresh" content="0; url=${t}" />
    <link rel="icon" href="${escapeHtml(base)}favicon.svg" type="image/svg+xml" />${pick}
  </head>
  <body>
    <p>This page has moved to <a href="${t}">${t}</a>.</p>
  </body>
</html>
`;
}

export function sitemapXml(origin: string, base: string, paths: string[], site: SiteManifest): string {
  const current = site.versions.find((v) => v.current);
  const priorityOf = (p: string) => {
    if (p === '/') return '1.0';
    const older = site.versions.some((v) => !v.current && p.startsWith(v.root));
    return older ? '0.3' : current ? '0.8' : '0.5';
  };
  const urls = paths
    .map((p) => `  <url><loc>${escapeHtml(origin + base.replace(/\/$/, '') + p)}</loc><priority>${priorityOf(p)}</priority></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

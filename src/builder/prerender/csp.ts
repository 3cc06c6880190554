import { createHash } from 'node:crypto';

/** 'sha256-…' source of an inline script's or style's exact text. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The text of every inline (src-less) script in an HTML document. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
}

/** The text of every inline <style> element in an HTML document. */
export function inlineStyles(html: string): string[] {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
}

/**
 * The text of the <style> elements the client bundle itself renders with a literal text (DocSearch
 * draws the Algolia logo with one): `createElement("style", null, "…")` or `jsx("style", { children: "…" })`.
 */
export function bundledStyles(js: string): string[] {
  const re = /createElement\((["'`])style\1,null,(["'`])((?:(?!\2)[^\\$])*)\2\)|jsxs?\((["'`])style\4,\{children:(["'`])((?:(?!\5)[^\\$])*)\5\}/g;
  return [...js.matchAll(re)].map((m) => m[3] ?? m[6]);
}

export interface CspInput {
  scriptHashes: string[];
  /** Hashes of the inline <style> elements: the shell's no-JavaScript rules, DocSearch's logo (bundledStyles). */
  styleHashes?: string[];
  /** The hosted search provider is configured: allow its hosts. */
  hostedSearch: boolean;
  /** The tag manager is configured: allow its script and beacons. */
  tagManager: boolean;
  /** frame-ancestors only works as a header, not in a <meta> tag. */
  forHeader: boolean;
  /**
   * A page draws a diagram in the browser with mermaid (a type the build cannot draw, see
   * remark-mermaid.ts): mermaid puts a <style> element in each SVG it draws.
   */
  clientDiagrams?: boolean;
}

/**
 * The Content-Security-Policy of the site: scripts only from the site itself plus the hashed inline
 * head scripts (no 'unsafe-inline' for scripts); third parties only when configured.
 */
export function contentSecurityPolicy({ scriptHashes, styleHashes = [], hostedSearch, tagManager, forHeader, clientDiagrams = false }: CspInput): string {
  const gtm = tagManager ? ['https://www.googletagmanager.com'] : [];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...[...new Set(scriptHashes)].sort(), ...gtm]],
    // Inline style *attributes* stay allowed: the highlighted code's colours are style attributes in
    // the prerendered HTML (shiki's --shiki-light/--shiki-dark), so are React style props (a wide
    // diagram's minimum width); browsers without style-src-attr/-elem (CSP 3) read this line alone.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // Inline <style> *elements* are refused but for known ones, by hash: the shell's no-JavaScript
    // rules in <noscript> and the <style> of DocSearch's Algolia logo. Diagrams drawn at build time
    // carry no <style>; DocSearch's modal and nprogress set styles through the CSSOM, which CSP does
    // not govern. Mermaid in the browser (for a diagram type
    // the build cannot draw) puts a <style> in every SVG: then inline styles are allowed, without the
    // hashes, since a hash would make browsers ignore 'unsafe-inline'.
    ['style-src-elem', ["'self'", ...(clientDiagrams ? ["'unsafe-inline'"] : [...new Set(styleHashes)].sort())]],
    ['img-src', ["'self'", 'data:', ...gtm]],
    ['font-src', ["'self'", 'data:']],
    [
      'connect-src',
      [
        "'self'",
        ...(hostedSearch ? ['https://*.algolia.net', 'https://*.algolianet.com', 'https://insights.algolia.io'] : []),
        ...(tagManager ? ['https://www.google-analytics.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'] : []),
      ],
    ],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ...(forHeader ? ([['frame-ancestors', ["'none'"]]] as [string, string[]][]) : []),
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

import type { SiteConfig } from '../../../site.config.ts';
import type { RenderResult } from '../../server.tsx';
import { escapeHtml, headTags } from './html-output.ts';

/**
 * The client build's entry for the JSX runtime of compiled pages (its key in the Vite manifest). Here, not in
 * manifest-plugin.ts, whose imports would load the Markdown and highlighting toolchain into the prerender.
 */
export const PAGE_RUNTIME = 'src/page-runtime.ts';

export interface ViteChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** What every page's HTML is made from, the same for all pages of one build. */
export interface PageShell {
  /** The client build's index.html. */
  template: string;
  /** The Content-Security-Policy <meta>. */
  cspMeta: string;
  siteConfig: SiteConfig;
  base: string;
  /** What a page body needs besides itself: the page runtime chunk and its imports. */
  runtimePreloads: string[];
}

/** A chunk of the client build and every chunk it imports, as URLs. */
export function chunkPreloads(manifest: Record<string, ViteChunk>, source: string, base: string): string[] {
  const out = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || out.has(chunk.file)) return;
    out.add(chunk.file);
    for (const i of chunk.imports ?? []) visit(i);
  };
  visit(source);
  return [...out].map((f) => base + f);
}

/** JSON inside <script>: `<` escaped so no text in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * One page's HTML: head tags, the rendered app, and the page's data for the browser (a JSON
 * block, never executed, so the CSP needs no hash for it).
 */
export function pageHtml(shell: PageShell, r: RenderResult, sitePath: string, route: string, keywords: string[] = []): string {
  const { template, cspMeta, siteConfig, base, runtimePreloads } = shell;
  // A body kept as HTML (staticBody) is not loaded on this visit, so neither it nor its runtime is preloaded.
  const preloads = (r.page?.doc && !r.staticBody ? [r.page.doc.module, ...runtimePreloads] : []).filter((f) => !template.includes(f));
  const data = r.page ? `<script type="application/json" id="page-data">${scriptJson(r.page)}</script>` : '';
  // Every replacement is a function: a string replacement would read `$&`, `$'`, `$\`` and `$$` in
  // page titles or descriptions as patterns and splice parts of the template into the page.
  return template
    .replace('<meta charset="UTF-8" />', () => `<meta charset="UTF-8" />\n    ${cspMeta}`)
    .replace('<!--head-tags-->', () => headTags({ siteConfig, base, sitePath, head: r, preloads, keywords }))
    .replace(/<title>.*?<\/title>/, () => `<title>${escapeHtml(r.title)}</title>`)
    .replace('<meta name="description" content="" />', () => `<meta name="description" content="${escapeHtml(r.description)}" />`)
    .replace('<!--app-route-->', () => escapeHtml(route))
    .replace('<!--app-html-->', () => r.html)
    .replace('</body>', () => (data ? `  ${data}\n  </body>` : '</body>'));
}

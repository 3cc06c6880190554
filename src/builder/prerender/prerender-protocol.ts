/** What the prerender's main thread and its workers send each other. */
import type { SiteConfig } from '../../../site.config.ts';
import type { SiteManifest } from '../../content/types.ts';
import type { PageDataBuilder } from '../../content/page-data.ts';
import type { RenderResult } from '../../server.tsx';
import type { SearchRecord } from '../../search/types.ts';
import type { PageFacts } from '../links/html-facts.ts';
import type { PageShell } from './page-html.ts';

/** The server bundle's exports (src/server.tsx). */
export interface ServerModule {
  configure: (pages: { site: SiteManifest; moduleUrl: (source: string) => string; bodyFile: (source: string) => string }) => PageDataBuilder;
  render: (path: string, base: string) => Promise<RenderResult>;
  siteConfig: SiteConfig;
}

export interface WorkerInput {
  serverEntry: string;
  /** The whole manifest as JSON (.build/manifest.json), parsed by each thread. */
  manifestFile: string;
  outDir: string;
  projectRoot: string;
  base: string;
  shell: Omit<PageShell, 'siteConfig'>;
  /** Each page's compiled module, by source (page-compiler.ts). */
  pages: Record<string, string>;
  /** URL of the client build's page-runtime chunk, which browser copies of pages import. */
  runtimeUrl: string;
}

export interface PrerenderJob {
  path: string;
  /** The not-found page, written as 404.html. */
  notFound?: boolean;
  /** The render cache's entry in which to keep the rendered page for the next build (render-cache.ts). */
  cacheEntry?: string;
}

/** One rendered route: its files (path under the site's folder, text), link facts and search records. */
export interface RenderedPage {
  files: [string, string][];
  facts: PageFacts[];
  records: SearchRecord[];
}

/** What one rendered route gives back to the main thread. */
export interface PageOutcome {
  path: string;
  facts: PageFacts[];
  records: SearchRecord[];
  /** Hash of `records` as JSON (see PageExtract in render-cache.ts). */
  recordsHash: string;
}

export interface BatchResult {
  pages: PageOutcome[];
  error?: string;
}

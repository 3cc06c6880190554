/** What the prerender's main thread and its workers send each other. */
import type { SiteConfig } from '../../site.config.ts';
import type { SiteManifest } from '../content/types.ts';
import type { PageDataBuilder } from '../content/page-data.ts';
import type { RenderResult } from '../server.tsx';
import type { SearchRecord } from '../search/types.ts';
import type { PageFacts } from './html-facts.ts';
import type { PageShell } from './page-html.ts';
import type { CompiledPage } from './page-compiler.ts';

/** The server bundle's exports (src/server.tsx). */
export interface ServerModule {
  configure: (pages: { moduleUrl: (source: string) => string; bodyFile: (source: string) => string }) => PageDataBuilder;
  render: (path: string, base: string) => Promise<RenderResult>;
  pagePaths: string[];
  site: SiteManifest;
  siteConfig: SiteConfig;
}

export interface WorkerInput {
  serverEntry: string;
  outDir: string;
  projectRoot: string;
  base: string;
  shell: Omit<PageShell, 'siteConfig'>;
  /** Where each page's compiled body is (page-compiler.ts). */
  pages: Record<string, CompiledPage>;
}

export interface PrerenderJob {
  path: string;
  /** The not-found page, written as 404.html. */
  notFound?: boolean;
}

export interface BatchResult {
  facts: PageFacts[];
  records: SearchRecord[];
  error?: string;
}

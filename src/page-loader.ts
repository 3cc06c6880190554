import type { ComponentType } from 'react';
import type { MDXComponents } from 'mdx/types';
import type { PageData } from './content/page-data.ts';
import type { SidebarItem } from './content/types.ts';

export type PageBody = ComponentType<{ components?: MDXComponents }>;

/** What the page route shows: a docs page, the not-found page, or the load-error view. */
export type PageState =
  | { kind: 'page'; data: PageData; Body?: PageBody }
  | { kind: 'not-found' }
  | { kind: 'load-error'; error: Error; data?: PageData; stale?: boolean };

/**
 * Where page data and page bodies come from: fetched files in the browser, the build's manifest
 * and server bundle in the prerender. Set once at start-up.
 */
export interface PageSource {
  /** undefined: no such page. Throws when it could not be fetched. */
  data: (path: string) => Promise<PageData | undefined>;
  body: (data: PageData) => Promise<{ default: PageBody }>;
  sidebarFragment: (versionName: string, dir: string) => Promise<SidebarItem[]>;
  /** True when the site now names another body for the page: a new deployment replaced it. */
  isStale?: (data: PageData) => Promise<boolean>;
}

let source: PageSource | undefined;
const loaded = new Map<string, Promise<PageState>>();

export function setPageSource(s: PageSource) {
  source = s;
  loaded.clear();
}

function pageSource(): PageSource {
  if (!source) throw new Error('no page source set');
  return source;
}

async function load(path: string): Promise<PageState> {
  let data: PageData | undefined;
  try {
    data = await pageSource().data(path);
    if (!data) return { kind: 'not-found' };
    if (!data.doc) return { kind: 'page', data };
    const { default: Body } = await pageSource().body(data);
    return { kind: 'page', data, Body };
  } catch (e) {
    const stale = data?.doc ? await (pageSource().isStale?.(data) ?? Promise.resolve(false)).catch(() => false) : false;
    return { kind: 'load-error', error: e instanceof Error ? e : new Error(String(e)), data, stale };
  }
}

/** A page's data and body, loaded once; a failure is not kept, so Retry and later visits try again. */
export function loadPage(path: string): Promise<PageState> {
  let p = loaded.get(path);
  if (!p) {
    p = load(path);
    loaded.set(path, p);
    void p.then((s) => s.kind === 'load-error' && loaded.delete(path));
  }
  return p;
}

/** Forgets every loaded page (the dev server says content changed), so the next load fetches again. */
export function forgetPages(): void {
  loaded.clear();
}

/** Fetches a page ahead of a click (prefetch). */
export function prefetchPage(path: string): void {
  void loadPage(path);
}

export function loadSidebarFragment(versionName: string, dir: string): Promise<SidebarItem[]> {
  return pageSource().sidebarFragment(versionName, dir);
}

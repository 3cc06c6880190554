import type { ComponentType } from 'react';
import type { MDXComponents } from 'mdx/types';
import type { PageData } from './content/page-data.ts';
import type { SidebarItem } from './content/types.ts';

export type PageBody = ComponentType<{ components?: MDXComponents }>;

/** A page body's module: its component, and `staticBody` when its HTML needs no script (src/build/remark-static-body.ts). */
export interface PageBodyModule {
  default: PageBody;
  staticBody?: boolean;
}

/**
 * What the page route shows: a docs page, the not-found page, or the load-error view. A docs page's body is its
 * component (`Body`), or, on the first visit of a page whose body needs no script, the prerendered HTML (`bodyHtml`).
 */
export type PageState =
  | { kind: 'page'; data: PageData; Body?: PageBody; components?: MDXComponents; staticBody?: boolean; bodyHtml?: string }
  | { kind: 'not-found' }
  | { kind: 'load-error'; error: Error; data?: PageData; stale?: boolean };

/**
 * Where page data and page bodies come from: fetched files in the browser, the build's manifest
 * and server bundle in the prerender. Set once at start-up.
 */
export interface PageSource {
  /** undefined: no such page. Throws when it could not be fetched. */
  data: (path: string) => Promise<PageData | undefined>;
  body: (data: PageData) => Promise<PageBodyModule>;
  /** The components every body may use; loaded with the first body, since a body kept as HTML needs none. */
  components: () => Promise<MDXComponents>;
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

async function load(path: string, bodyHtml?: string): Promise<PageState> {
  let data: PageData | undefined;
  try {
    data = await pageSource().data(path);
    if (!data) return { kind: 'not-found' };
    if (!data.doc) return { kind: 'page', data };
    if (bodyHtml !== undefined) return { kind: 'page', data, staticBody: true, bodyHtml };
    const [{ default: Body, staticBody }, components] = await Promise.all([pageSource().body(data), pageSource().components()]);
    return { kind: 'page', data, Body, components, staticBody: staticBody === true };
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

/**
 * The page the browser opened, when its prerendered body needs no script: its data, and the body's HTML as it
 * arrived, so the body's module is not loaded nor the body hydrated. Not kept: a later visit loads the module.
 */
export function loadPrerenderedPage(path: string, bodyHtml: string): Promise<PageState> {
  return load(path, bodyHtml);
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

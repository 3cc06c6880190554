import type { ComponentType } from 'react';
import type { MDXComponents } from 'mdx/types';
import type { PageData } from './content/page-data.ts';
import type { SidebarItem } from './content/types.ts';
import { settled } from './router/settled.ts';

export type PageBody = ComponentType<{ components?: MDXComponents }>;

/** A page body's module: its component, and `staticBody` when its HTML needs no script (src/builder/pages/remark-static-body.ts). */
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

/**
 * A page's data and body, loaded once. A failure is kept while its page is on screen (React reads the same state
 * on every render); forgetFailures() lets Retry and later visits try again.
 */
export function loadPage(path: string): Promise<PageState> {
  let p = loaded.get(path);
  if (!p) {
    p = settled(load(path));
    loaded.set(path, p);
    void p.then((s) => s.kind === 'load-error' && failed.add(path));
  }
  return p;
}

const failed = new Set<string>();

/** Forgets the pages that failed to load, but the one at `keep` (the page on screen, which shows the failure). */
export function forgetFailures(keep?: string): void {
  for (const path of failed) {
    if (path === keep) continue;
    failed.delete(path);
    loaded.delete(path);
  }
}

/**
 * The page the browser opened, when its prerendered body needs no script: its data, and the body's HTML as it
 * arrived, so the body's module is not loaded nor the body hydrated. Not kept: a later visit loads the module.
 */
export function loadPrerenderedPage(path: string, bodyHtml: string): Promise<PageState> {
  const state = settled(load(path, bodyHtml));
  firstPage = { path, state };
  return state;
}

/** The first page while the reader is on it, when its body was kept as HTML. */
let firstPage: { path: string; state: Promise<PageState> } | undefined;

/** The state of the page on screen at `path`: the first page's as it arrived, any other from loadPage. */
export function shownPage(path: string): Promise<PageState> {
  return firstPage?.path === path ? firstPage.state : loadPage(path);
}

/** The reader went on from the first page: coming back to it renders its body from its module. */
export function leaveFirstPage(path: string): void {
  if (firstPage && firstPage.path !== path) firstPage = undefined;
}

/** Forgets every loaded page (the dev server says content changed), so the next load fetches again. */
export function forgetPages(): void {
  loaded.clear();
  firstPage = undefined;
}

/** Fetches a page ahead of a click (prefetch). */
export function prefetchPage(path: string): void {
  void loadPage(path);
}

export function loadSidebarFragment(versionName: string, dir: string): Promise<SidebarItem[]> {
  return pageSource().sidebarFragment(versionName, dir);
}

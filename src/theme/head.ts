import { useEffect, useRef } from 'react';
import siteConfig from '../../site.config.ts';
import { findVersion } from '../site-data.ts';
import type { PageState } from '../page-loader.ts';
import { usePageState } from './use-page-data.ts';

export interface PageHead {
  title: string;
  description: string;
}

/** Pages of older versions name their version, so every page's title and description is unique. */
function versioned(versionName: string, title: string, description: string): PageHead {
  const v = findVersion(versionName);
  if (v.current) return { title: `${title} | ${siteConfig.title}`, description };
  return { title: `${title} | ${siteConfig.title} ${v.label}`, description: `${description} (zrok ${v.label} documentation)` };
}

/**
 * Title and description of any route; the same function feeds prerendered HTML and client
 * navigation. `page` is the docs route's state when that route matched.
 */
export function pageHead(path: string, page: PageState | undefined): PageHead {
  if (page && page.kind !== 'not-found' && page.data) return versioned(page.data.version, page.data.title, page.data.description);
  if (page?.kind === 'load-error') return { title: `This page could not be loaded | ${siteConfig.title}`, description: '' };
  if (!page && path === `/${siteConfig.search.pagePath}/`) {
    return { title: `Search the documentation | ${siteConfig.title}`, description: 'Search every page of the zrok documentation.' };
  }
  if (!page && path === '/') {
    return { title: `${siteConfig.title} | ${siteConfig.tagline}`, description: `Documentation for zrok, the ${siteConfig.tagline.toLowerCase()}.` };
  }
  return { title: `Page Not Found | ${siteConfig.title}`, description: 'The page you asked for does not exist.' };
}

export function useDocumentHead(path: string) {
  const page = usePageState();
  // The chrome mounts once: its first path is the one the HTML was prerendered for.
  const prerenderedPath = useRef(path).current;
  useEffect(() => {
    const head = pageHead(path, page);
    document.title = head.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', head.description);
    // The prerendered keywords are that page's; the browser has none for another (page data leaves them out).
    if (path !== prerenderedPath) document.querySelector('meta[name="keywords"]')?.remove();
  }, [path, page, prerenderedPath]);
}

import { useEffect } from 'react';
import siteConfig from '../../site.config.ts';
import { findCategoryIndex, findDoc, findVersion } from '../site-data.ts';

/** Pages of older versions name their version, so every page's title and description is unique. */
function versioned(versionName: string, title: string, description: string): PageHead {
  const v = findVersion(versionName);
  if (v.current) return { title: `${title} | ${siteConfig.title}`, description };
  return { title: `${title} | ${siteConfig.title} ${v.label}`, description: `${description} (zrok ${v.label} documentation)` };
}

export interface PageHead {
  title: string;
  description: string;
}

/** Title and description of any route; the same function feeds prerendered HTML and client navigation. */
export function pageHead(path: string, notFound = false): PageHead {
  const doc = notFound ? undefined : findDoc(path);
  if (doc) return versioned(doc.version, doc.title, doc.description);
  const cat = notFound ? undefined : findCategoryIndex(path);
  if (cat) return versioned(cat.version, cat.title, cat.description);
  if (!notFound && path === `/${siteConfig.search.pagePath}/`) {
    return { title: `Search the documentation | ${siteConfig.title}`, description: 'Search every page of the zrok documentation.' };
  }
  if (!notFound && path === '/') {
    return { title: `${siteConfig.title} | ${siteConfig.tagline}`, description: `Documentation for zrok, the ${siteConfig.tagline.toLowerCase()}.` };
  }
  return { title: `Page Not Found | ${siteConfig.title}`, description: 'The page you asked for does not exist.' };
}

export function useDocumentHead(path: string) {
  useEffect(() => {
    const notFound = document.getElementById('not-found') !== null;
    const head = pageHead(path, notFound);
    document.title = head.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', head.description);
  }, [path]);
}

import { useEffect } from 'react';
import siteConfig from '../../site.config.ts';
import { findCategoryIndex, findDoc } from '../site-data.ts';

export interface PageHead {
  title: string;
  description: string;
}

/** Title and description of any route; the same function feeds prerendered HTML and client navigation. */
export function pageHead(path: string, notFound = false): PageHead {
  const doc = notFound ? undefined : findDoc(path);
  if (doc) return { title: `${doc.title} | ${siteConfig.title}`, description: doc.description };
  const cat = notFound ? undefined : findCategoryIndex(path);
  if (cat) return { title: `${cat.title} | ${siteConfig.title}`, description: cat.description };
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

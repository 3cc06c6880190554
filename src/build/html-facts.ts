import { Parser } from 'htmlparser2';

/** What the link check needs from one rendered page, gathered while the HTML is in memory. */
export interface PageFacts {
  path: string;
  source: string;
  ids: Set<string>;
  links: string[];
}

export function collectPageFacts(path: string, source: string, html: string): PageFacts {
  const ids = new Set<string>();
  const links: string[] = [];
  const parser = new Parser({
    onopentag(name, attrs) {
      if (attrs.id) ids.add(attrs.id);
      if (name === 'a' && attrs.name) ids.add(attrs.name);
      if (name === 'a' && attrs.href !== undefined) links.push(attrs.href);
    },
  });
  parser.write(html);
  parser.end();
  return { path, source, ids, links };
}

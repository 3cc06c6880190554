/**
 * Where a page wrote the links the compiler rewrote (a file link, a route in an older version): the built HTML holds
 * the href it resolved to, which the page's text does not, so the link check's report (link-check.ts) finds the line
 * here. The compiler records them (remark-links.ts); the pages phase hands them to the prerender in the build folder.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A link as the page wrote it, and each place it is written: 'content/docs/1.1/x.mdx:7' (a partial's file and line
 * for a link in a partial).
 */
export interface LinkPlace {
  written: string;
  at: string[];
}

/** A page's rewritten links by the href they resolved to ('/docs/x/#y', no base URL). */
export type LinkPlaces = Record<string, LinkPlace>;

/** Under .build/: each page's LinkPlaces, by source. */
export const LINK_PLACES_FILE = 'link-places.json';

export async function readLinkPlaces(buildDir: string): Promise<Record<string, LinkPlaces>> {
  return JSON.parse(await readFile(path.join(buildDir, LINK_PLACES_FILE), 'utf8').catch(() => '{}')) as Record<string, LinkPlaces>;
}

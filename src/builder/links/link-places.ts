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
  /** The other ways the page wrote a link to the same href (`./x.mdx` and `/docs/x/` both), for the Markdown copy. */
  also?: string[];
}

/** A page's rewritten links by the href they resolved to ('/docs/x/#y', no base URL). */
export type LinkPlaces = Record<string, LinkPlace>;

/** Under .build/: each page's LinkPlaces, by source. */
export const LINK_PLACES_FILE = 'link-places.json';

export async function readLinkPlaces(buildDir: string): Promise<Record<string, LinkPlaces>> {
  return JSON.parse(await readFile(path.join(buildDir, LINK_PLACES_FILE), 'utf8').catch(() => '{}')) as Record<string, LinkPlaces>;
}

/**
 * A page's Markdown copy with each link the compiler rewrote (a file link, a route into its own older version) as the
 * page's HTML has it, a full URL: as written, `./x.mdx` led nowhere from the copy's own address, and an older version's
 * `/docs/x/` into the current version. `origin` is the site's URL with its base.
 */
export function withLinkUrls(markdown: string, places: LinkPlaces | undefined, origin: string): string {
  let out = markdown;
  for (const [href, { written, also = [] }] of Object.entries(places ?? {})) {
    for (const w of [written, ...also]) {
      const url = origin + href;
      out = out.replaceAll(`](${w})`, `](${url})`).replaceAll(`](${w} "`, `](${url} "`).replaceAll(`href="${w}"`, `href="${url}"`);
      // A reference definition, `[s]: ./x.mdx`, on a line of its own.
      out = out.replace(new RegExp(`^(\\s*\\[[^\\]]+\\]:\\s*)${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=\\s|$)`, 'gm'), `$1${url}`);
    }
  }
  return out;
}

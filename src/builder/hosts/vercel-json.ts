/** vercel.json: read by Vercel from the root of the deployed folder (`vercel deploy dist`). */
import { ASSETS_FOLDER, CACHE_CONTROL, type Redirect } from './host-rules.ts';

type HeaderRule = { source: string; headers: { key: string; value: string }[] };

/** Escapes a literal path for the inside of a regular-expression group of a path-to-regexp source. */
const inGroup = (literal: string) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function vercelJson(redirects: Redirect[], headers: [string, string][], base: string) {
  const assets = `${base}${ASSETS_FOLDER}`;
  const rule = (source: string, pairs: [string, string][]): HeaderRule => ({ source, headers: pairs.map(([key, value]) => ({ key, value })) });
  return {
    $schema: 'https://openapi.vercel.sh/vercel.json',
    // Every page is a folder's index.html: /docs/x is sent to /docs/x/, and /docs/x/index.html to /docs/x/.
    trailingSlash: true,
    cleanUrls: true,
    // statusCode, not permanent: true, which answers 308; nginx and the other hosts answer 301. Each old path
    // also without its slash: Vercel takes a last segment with a dot for a file name and drops the slash of
    // /docs/1.0/ before the redirects are read.
    redirects: redirects.flatMap((r) => [r.from, r.from.replace(/(.)\/$/, '$1')].map((source) => ({ source, destination: r.to, statusCode: 301 }))),
    // The two Cache-Control rules never match the same path (no-cache skips the assets): none rests on which wins.
    headers: [
      rule('/(.*)', headers),
      rule(`/((?!${inGroup(assets.slice(1))}).*)`, [['Cache-Control', CACHE_CONTROL.pages]]),
      rule(`${assets}(.*)`, [['Cache-Control', CACHE_CONTROL.assets]]),
    ],
  };
}

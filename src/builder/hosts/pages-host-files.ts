/**
 * _headers and _redirects: the format Netlify defined and Cloudflare Pages reads too, from the root of the
 * published folder.
 */
import { ASSETS_FOLDER, CACHE_CONTROL, type Redirect } from './host-rules.ts';

/**
 * Security headers for every path, and the long cache for the hashed assets. Both hosts join the values of a
 * header set by two matching rules, so Cache-Control is set for the assets alone: every other file keeps the
 * hosts' default, `public, max-age=0, must-revalidate`, which revalidates on each visit as no-cache does.
 */
export function headersFile(headers: [string, string][], base: string): string {
  const block = (path: string, lines: [string, string][]) => `${path}\n${lines.map(([name, value]) => `  ${name}: ${value}\n`).join('')}`;
  return block(`${base}*`, headers) + block(`${base}${ASSETS_FOLDER}*`, [['Cache-Control', CACHE_CONTROL.assets]]);
}

/**
 * One `from to 301` line per redirect. `force` marks each with `!` for Netlify, which otherwise serves a file at
 * the old path (the redirect page every build writes there for hosts without redirects) instead of redirecting;
 * Cloudflare Pages always redirects and refuses a `301!` line, so the mark is only written for Netlify.
 */
export function redirectsFile(redirects: Redirect[], force: boolean): string {
  return redirects.map((r) => `${r.from} ${r.to} 301${force ? '!' : ''}\n`).join('');
}

/**
 * The redirects of site.config.ts, checked before any host file is written: each host reads its paths in its
 * own syntax (a blank ends a _redirects field, a colon or a parenthesis is a pattern to Vercel), so a path
 * holds only the characters a page's route has.
 */
import { BuildError } from '../common/build-error.ts';

const PLAIN_PATH = /^\/[A-Za-z0-9._~/-]*$/;
const TARGET = /^\/[A-Za-z0-9._~/-]*(#[A-Za-z0-9._~-]*)?$/;

/** The 1-based line of the config text where `needle` first appears in quotes, or 0. */
function lineOf(configText: string, needle: string): number {
  const at = configText.search(new RegExp(`['"\`]${needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"\`]`));
  return at < 0 ? 0 : configText.slice(0, at).split('\n').length;
}

/**
 * Each redirect whose path a host could misread, or whose target is not a page of the site, with its problem naming
 * `configFile:line`: the build leaves them out of the site and fails at its end, with every other problem it finds.
 * A base URL a host could misread fails at once.
 */
export function redirectProblems(redirects: { from: string; to: string }[], pagePaths: Set<string>, base: string, configFile: string, configText: string): Map<{ from: string; to: string }, string> {
  if (!PLAIN_PATH.test(base)) throw new BuildError(`BASE_URL ${JSON.stringify(base)}: a base URL holds only letters, digits and - . _ ~ /`);
  const problems = new Map<{ from: string; to: string }, string>();
  const at = (path: string) => `${configFile}:${lineOf(configText, path) || 1}`;
  for (const r of redirects) {
    if (!PLAIN_PATH.test(r.from)) problems.set(r, `${at(r.from)}: redirect source ${JSON.stringify(r.from)} is not a plain path (/, letters, digits, - . _ ~)`);
    else if (!TARGET.test(r.to)) problems.set(r, `${at(r.to)}: redirect target ${JSON.stringify(r.to)} is not a plain path with an optional #anchor`);
    else if (!pagePaths.has(r.to.split('#')[0])) problems.set(r, `${at(r.to)}: redirect target is not a page: ${r.from} -> ${r.to}`);
  }
  return problems;
}

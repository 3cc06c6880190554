/**
 * Pages that did not compile, handed from the pages phase to the prerender: the build goes on without them (their
 * module renders nothing) so that one run names every page's problem, its broken links too, then fails.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** Under .build/: each failed page's source and 'file:line: reason'. */
export const PAGE_FAILURES_FILE = 'page-failures.json';

export async function readPageFailures(buildDir: string): Promise<Record<string, string>> {
  return JSON.parse(await readFile(path.join(buildDir, PAGE_FAILURES_FILE), 'utf8').catch(() => '{}')) as Record<string, string>;
}

/** The build's message for pages that failed and links that are broken, all at once. */
export function failureReport(failures: Record<string, string>, linkReport: string | undefined): string {
  const pages = Object.values(failures).sort();
  const parts = [];
  if (pages.length) parts.push(`${pages.length} ${pages.length === 1 ? 'page does' : 'pages do'} not compile:\n${pages.join('\n')}`);
  if (linkReport) parts.push(linkReport);
  return parts.join('\n\n');
}

/**
 * The routes each version must have, kept in test/fixtures/routes/<version>.txt. The list is written
 * by hand, not derived from the build, so a page that disappears fails a test; a test compares it
 * with the built sitemap, so a page added without being listed fails too.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export const VERSIONS = ['1.1', '1.0', '0.4'] as const;

export async function expectedRoutes(version: string): Promise<string[]> {
  const file = fileURLToPath(new URL(`fixtures/routes/${version}.txt`, import.meta.url));
  return (await readFile(file, 'utf8')).split('\n').filter(Boolean);
}

export async function allExpectedRoutes(): Promise<string[]> {
  return (await Promise.all(VERSIONS.map(expectedRoutes))).flat();
}

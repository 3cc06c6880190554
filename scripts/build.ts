/**
 * The whole build: client bundle, SSR bundle, prerender, link check. Everything is written
 * under .build/ and moved to dist/ only when every step succeeded, so a failed build never
 * leaves a half-written site behind.
 */
import { rm, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'vite';
import { prerender, BuildError } from '../prerender.ts';
import { ContentError } from '../src/content/manifest.ts';
import { resolveBase } from '../vite.config.ts';

const root = process.cwd();
const work = path.join(root, '.build');
const dist = path.join(root, process.env.OUT_DIR ?? 'dist');
const exists = (p: string) => stat(p).then(() => true, () => false);

async function main() {
  const started = performance.now();
  const base = resolveBase();
  await rm(work, { recursive: true, force: true });
  const quiet = { logLevel: 'warn' as const };
  const phases: string[] = [];
  const phase = async <T>(name: string, step: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    const result = await step();
    phases.push(`${name} ${((performance.now() - t) / 1000).toFixed(1)} s`);
    return result;
  };
  await phase('client bundle', () => build({ ...quiet, mode: 'production' }));
  await phase('server bundle', () => build({ ...quiet, mode: 'production', build: { ssr: 'src/server.tsx' } }));
  const report = await phase('prerender', () =>
    prerender({ clientDir: path.join(work, 'client'), serverEntry: path.join(work, 'server/server.js'), base, warnOnly: process.env.BROKEN_LINKS === 'warn' }),
  );

  const old = `${dist}.old`;
  await rm(old, { recursive: true, force: true });
  if (await exists(dist)) await rename(dist, old);
  await rename(path.join(work, 'client'), dist);
  await rm(old, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`built ${report.pages} pages and ${report.redirects} redirects into ${path.relative(root, dist)}/ (base ${base}) on ${report.workers} ${report.workers === 1 ? 'thread' : 'threads'} in ${seconds} s (${phases.join(', ')})`);
}

main().catch((e: unknown) => {
  const known = e instanceof BuildError || e instanceof ContentError;
  const err = e as Error & { id?: string; loc?: { file?: string; line?: number; column?: number } };
  console.error('\nBuild failed; dist/ was left as it was.\n');
  if (known) console.error(err.message);
  else if (err.loc?.file || err.id) console.error(`${err.loc?.file ?? err.id}${err.loc?.line ? `:${err.loc.line}:${err.loc.column ?? 0}` : ''}: ${err.message}`);
  else console.error(err.stack ?? err);
  process.exit(1);
});

/**
 * A throwaway copy of the engine (sources copied, node_modules linked) with content of its own,
 * for builds that must not touch the repository: the build tests and the scale benchmark.
 */
import { chmod, cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { VersionConfig } from '../../site.config.ts';
import { configWithVersions } from '../../scripts/version-cut.ts';

const ENGINE_FILES = ['index.html', 'package.json', 'prerender.ts', 'site.config.ts', 'tsconfig.json', 'vite.config.ts', 'src', 'scripts', 'public'];

export interface Workspace {
  dir: string;
  remove: () => Promise<void>;
}

/**
 * `redirects` replaces site.config.ts's list, whose targets are pages of the real content; `versions`, when given,
 * its versions (those of the content the workspace will get, such as test/fixture-versions.ts's).
 */
export async function createWorkspace(prefix: string, redirects: { from: string; to: string }[] = [], repo = process.cwd(), versions?: readonly VersionConfig[]): Promise<Workspace> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  await chmod(dir, 0o755); // mkdtemp makes it private; nginx's workers must be able to read built sites
  for (const f of ENGINE_FILES) await cp(path.join(repo, f), path.join(dir, f), { recursive: true });
  await symlink(path.join(repo, 'node_modules'), path.join(dir, 'node_modules'));
  const config = path.join(dir, 'site.config.ts');
  const text = (await readFile(config, 'utf8')).replace(/redirects: \[[\s\S]*?\n  \],/, `redirects: ${JSON.stringify(redirects)},`);
  await writeFile(config, versions ? configWithVersions(text, versions) : text);
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * Where a dev server in a workspace keeps its optimised dependencies: its own folder. By default Vite keeps them in
 * node_modules/.vite, and a workspace's node_modules is the repository's: two dev servers of suites running side by
 * side would each write and replace the one folder the other serves from.
 */
export const ownDepsCache = (workspace: string) => path.join(workspace, '.vite-deps');

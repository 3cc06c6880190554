/**
 * Compiles every page body to a standalone module, outside the bundler: pages are content, and
 * bundling thousands of them with the app is what makes builds slow and hungry. Each page is
 * compiled once on a pool of worker threads (one per core), cached on disk under .cache/mdx (keyed
 * by the page and the compiler, so a rebuild compiles only changed pages), and written twice:
 * - for the browser: minified, content-hashed, under assets/pages/, importing the JSX runtime
 *   from the client build's page-runtime chunk;
 * - for the prerender: as compiled, importing react/jsx-runtime from node_modules.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import { minifySync, parseSync } from 'rolldown/utils';
import { ContentError } from '../content/manifest.ts';
import { listPageSources } from './read-content.ts';
import { preprocessMdx } from './mdx-preprocess.ts';
import type { CompileOutput, CompileTask } from './mdx-compile-worker.ts';

const JSX_RUNTIME = 'react/jsx-runtime';

/** Where each page's compiled body went. */
export interface CompiledPage {
  /** Path under the client output folder: 'assets/pages/3f2a….js'. */
  client: string;
  /** Absolute path of the module the prerender imports. */
  server: string;
}

const sha = (...parts: (string | Buffer)[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest('hex');
};

/**
 * What the compiled output depends on besides the page: our remark/rehype plugins and the
 * installed packages. A change to either starts a fresh cache.
 */
function compilerFingerprint(root: string): string {
  const buildDir = path.join(root, 'src/build');
  const parts: Buffer[] = readdirSync(buildDir).sort().map((f) => readFileSync(path.join(buildDir, f)));
  for (const f of ['package-lock.json', 'package.json']) {
    try {
      parts.push(readFileSync(path.join(root, f)));
    } catch {
      // a copy of the engine without it (the build tests): the sources above still count
    }
  }
  return sha(...parts);
}

/** Points the page's one allowed import at `runtimeUrl`; any other import is an error in the page. */
function linkRuntime(source: string, code: string, runtimeUrl: string): string {
  const { program } = parseSync('page.js', code);
  let out = code;
  const imports = program.body.filter((n) => n.type === 'ImportDeclaration');
  for (const node of [...imports].reverse()) {
    const from = node.source.value;
    if (from !== JSX_RUNTIME) {
      throw new ContentError(source, `pages cannot import modules ("${from}"): use the components every page has (Tabs, TabItem, Admonition, Cards, Card, Mermaid)`);
    }
    out = out.slice(0, node.source.start) + JSON.stringify(runtimeUrl) + out.slice(node.source.end);
  }
  return out;
}

export async function compilePages({ root, clientDir, serverDir, runtimeUrl }: { root: string; clientDir: string; serverDir: string; runtimeUrl: string }): Promise<Record<string, CompiledPage>> {
  const sources = await listPageSources(root);
  const fingerprint = compilerFingerprint(root);
  const cacheDir = path.join(root, '.cache/mdx');
  const threads = availableParallelism();
  // Started on the first page the cache does not have: a rebuild of unchanged pages needs no compiler.
  let pool: Piscina<CompileTask, CompileOutput> | undefined;
  const compile = (task: CompileTask) => {
    pool ??= new Piscina({ filename: new URL('./mdx-compile-worker-boot.mjs', import.meta.url).href, minThreads: threads, maxThreads: threads });
    return pool.run(task);
  };
  await mkdir(path.join(clientDir, 'assets/pages'), { recursive: true });
  await mkdir(serverDir, { recursive: true });
  const out: Record<string, CompiledPage> = {};

  const compileOne = async (source: string) => {
    const code = preprocessMdx(await readFile(path.join(root, source), 'utf8'));
    const key = sha(fingerprint, source, code);
    const cached = path.join(cacheDir, key.slice(0, 2), `${key}.js`);
    let compiled = await readFile(cached, 'utf8').catch(() => null);
    if (compiled === null) {
      const result = await compile({ path: path.join(root, source), code, development: false });
      if (result.error) throw new ContentError(`${source}${result.error.line ? `:${result.error.line}` : ''}`, `MDX syntax error: ${result.error.message}`);
      compiled = result.code;
      await mkdir(path.dirname(cached), { recursive: true });
      await writeFile(cached, compiled);
    }
    const server = path.join(serverDir, `${key}.mjs`);
    await writeFile(server, compiled);
    const browserCode = minifySync('page.js', linkRuntime(source, compiled, runtimeUrl), { compress: true, mangle: true }).code;
    const client = `assets/pages/${sha(browserCode).slice(0, 12)}.js`;
    await writeFile(path.join(clientDir, client), browserCode);
    out[source] = { client, server };
  };

  try {
    // A window of pages in flight keeps every thread busy without opening every file at once.
    let next = 0;
    const lane = async () => {
      while (next < sources.length) await compileOne(sources[next++]);
    };
    await Promise.all(Array.from({ length: threads * 4 }, lane));
  } finally {
    await pool?.destroy();
  }
  return out;
}

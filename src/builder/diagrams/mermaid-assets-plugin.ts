/**
 * Mermaid for the diagrams the build cannot draw (src/mdx/mermaid-draw.ts), as the package ships it:
 * its own minified ES modules, copied into the site under assets/mermaid-<version>/ instead of
 * being bundled again. Re-bundling and minifying its 3.6 MB took about 2.6 of the client bundle's
 * 4 CPU-seconds, for a file few readers ever load. The folder is named by mermaid's version, so a
 * reader's cached copy is never stale. `virtual:mermaid-url` is the URL of its entry module.
 * The files are named .js, not .mjs as in the package, and so are their imports of each other:
 * servers that do not know .mjs (Debian's nginx, many static hosts) send it as a download, and
 * the browser refuses a module that is not JavaScript.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
const packageDir = path.dirname(require.resolve('mermaid/package.json'));
const version = (require('mermaid/package.json') as { version: string }).version;
const distDir = path.join(packageDir, 'dist');
const ENTRY = 'mermaid.esm.min.mjs';
const CHUNKS = 'chunks/mermaid.esm.min';
/** Where the copy lies in the site, under the base URL. */
export const MERMAID_FOLDER = `assets/mermaid-${version}`;

/** The entry module and every chunk it may import, relative to mermaid's dist/ folder. */
export function mermaidFiles(): string[] {
  return [ENTRY, ...readdirSync(path.join(distDir, CHUNKS)).filter((f) => f.endsWith('.mjs')).map((f) => `${CHUNKS}/${f}`)];
}

/** Where a file of mermaid's dist/ lies in the copy. */
export const servedName = (rel: string) => rel.replace(/\.mjs$/, '.js');

/**
 * A file as the site serves it: its imports of mermaid's other files renamed as those are, and
 * without the source map comment, as the maps are not copied.
 */
export const mermaidFile = (rel: string) =>
  readFileSync(path.join(distDir, rel), 'utf8')
    .replace(/("\.\/[\w./-]+)\.mjs"/g, '$1.js"')
    .replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '\n');

export function mermaidAssetsPlugin(): Plugin {
  let base = '/';
  let ssr = false;
  const id = 'virtual:mermaid-url';
  return {
    name: 'zrok:mermaid-assets',
    configResolved(config) {
      base = config.base;
      ssr = Boolean(config.build.ssr);
    },
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (resolved) => (resolved === `\0${id}` ? `export default ${JSON.stringify(`${base}${MERMAID_FOLDER}/${servedName(ENTRY)}`)};` : undefined),
    generateBundle() {
      if (ssr) return;
      for (const rel of mermaidFiles()) this.emitFile({ type: 'asset', fileName: `${MERMAID_FOLDER}/${servedName(rel)}`, source: mermaidFile(rel) });
    },
    // The dev server serves the same files from the package.
    configureServer(server) {
      const prefix = `${base}${MERMAID_FOLDER}/`;
      const files = new Map(mermaidFiles().map((rel) => [servedName(rel), rel]));
      server.middlewares.use((req, res, next) => {
        const served = req.url?.startsWith(prefix) ? req.url.slice(prefix.length).split('?')[0] : undefined;
        const rel = served && files.get(served);
        if (!rel) return next();
        res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
        res.end(mermaidFile(rel));
      });
    },
  };
}

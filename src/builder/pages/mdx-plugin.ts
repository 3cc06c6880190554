import path from 'node:path';
import type { Plugin } from 'vite';

const PAGE = /\.mdx?$/;

/**
 * Compiles an MDX page when the dev server is asked for it (the page's data names its source file
 * as its module). Builds do not bundle pages: page-compiler.ts compiles them on its own, so the compiler is loaded
 * on the first page asked for, not with the Vite config (in a build's bundles phase it was loaded for nothing).
 */
export function mdxPlugin(): Plugin {
  let development = false;
  let root = '';
  return {
    name: 'zrok:mdx',
    enforce: 'pre',
    configResolved(config) {
      development = !config.isProduction;
      root = config.root;
    },
    async transform(code, id) {
      const file = id.split('?')[0];
      if (!PAGE.test(file)) return null;
      const source = path.relative(root, file);
      const { default: compilePage } = await import('./mdx-compile-worker.ts');
      const out = await compilePage({ path: file, source, relPath: source, text: code, development, withDoc: false });
      if (out.error) this.error(`${out.error.location}: ${out.error.reason}`);
      for (const w of out.warnings ?? []) this.warn(w);
      // An edited partial compiles the pages that hold it again.
      for (const partial of out.partials ?? []) this.addWatchFile(partial);
      // An edited page must not reload the tab: the body accepts its own update, and the app imports the new body
      // when the content-changed event revalidates the page (browser-pages.ts).
      return { code: development ? `${out.code}\nif (import.meta.hot) import.meta.hot.accept(() => {});\n` : out.code, map: null };
    },
  };
}

import type { Plugin } from 'vite';
import compilePage from './mdx-compile-worker.ts';

const PAGE = /\.mdx?$/;

/**
 * Compiles an MDX page when the dev server is asked for it (the page's data names its source file
 * as its module). Builds do not bundle pages: page-compiler.ts compiles them on its own.
 */
export function mdxPlugin(): Plugin {
  let development = false;
  return {
    name: 'zrok:mdx',
    enforce: 'pre',
    configResolved(config) {
      development = !config.isProduction;
    },
    async transform(code, id) {
      const file = id.split('?')[0];
      if (!PAGE.test(file)) return null;
      const out = await compilePage({ path: file, code, development });
      if (out.error) this.error({ message: out.error.message, id: file, loc: out.error.line ? { file, line: out.error.line, column: out.error.column ?? 0 } : undefined });
      return { code: out.code, map: null };
    },
  };
}

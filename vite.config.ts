/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { mdxPlugin } from './src/builder/pages/mdx-plugin.ts';
import { contentPlugin } from './src/builder/bundles/manifest-plugin.ts';
import { htmlShellPlugin } from './src/builder/bundles/html-shell-plugin.ts';
import { mermaidAssetsPlugin } from './src/builder/diagrams/mermaid-assets-plugin.ts';

import { resolveBase } from './src/builder/common/base-url.ts';

export { resolveBase };

export default defineConfig(({ isSsrBuild }) => ({
  base: resolveBase(),
  plugins: [
    // Fast Refresh in the dev server (an edited component keeps its state) and React's error overlay.
    react(),
    ...contentPlugin(),
    mdxPlugin(),
    htmlShellPlugin(),
    mermaidAssetsPlugin(),
  ],
  // Built sites and caches hold tens of thousands of files at scale: watching them would slow the dev server's start.
  server: {
    watch: {
      ignored: ['**/dist/**', '**/dist-*/**', '**/dist.old/**', '**/.build/**', '**/.cache/**'],
      // chokidar drops a second change to a file within 50 ms of the first (a save, then a formatter's
      // save): the page stayed on the first text until the next edit. Waiting until the file has been
      // still for a moment reports every change that follows, the last of them included. The wait is added to
      // every save: 20 ms, looked at every 10 ms (60 and 20 cost 50 ms more an edit).
      awaitWriteFinish: { stabilityThreshold: 20, pollInterval: 10 },
    },
  },
  // The dev server's dependency scan starts from the shell alone: by default it crawls every .html file under the
  // root, which includes every page of a built site (10,000 pages made the first page take 9 s to show).
  optimizeDeps: { entries: ['index.html'] },
  // These packages' entry points are not ESM that Node can import as they are (autocomplete-core's main is UMD).
  ssr: { noExternal: [/^@docsearch\//, /^@algolia\/autocomplete/] },
  build: {
    outDir: isSsrBuild ? '.build/server' : '.build/client', // never into dist/: the server build would empty it, and dist/ changes only when every phase succeeded
    emptyOutDir: true,
    manifest: !isSsrBuild,
    // Every browser the site supports preloads modules itself: the polyfill would be bytes of every first visit.
    modulePreload: { polyfill: false },
    sourcemap: process.env.SOURCEMAP === '1' && !isSsrBuild, // bench/bundle.ts: what the browser's JS is made of
    chunkSizeWarningLimit: 1500,
    reportCompressedSize: false, // gzipping every page chunk for the report costs seconds at thousands of pages
    rolldownOptions: {
      output: isSsrBuild
        ? undefined
        : {
            // Everything the first page needs is one file: split along the lazy chunks' shared modules (React,
            // the site's settings), it was four, each a request and compressed on its own.
            codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
          },
      onwarn(warning, warn) {
        // React Router's "use client" lines mean nothing to a bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.id?.includes('/node_modules/')) return;
        warn(warning);
      },
    },
  },
  test: {
    // Most tests are of pure logic and need no DOM; a test that renders says so with `// @vitest-environment jsdom`.
    environment: 'node',
    include: ['test/unit/**/*.test.{ts,tsx}'],
    setupFiles: ['test/unit/setup.ts'],
    testTimeout: 30_000, // compiling pages in a test is slow on a busy machine
  },
}));

/// <reference types="vitest/config" />
import path from 'node:path';
import { defineConfig } from 'vite';
import { mdxPlugin } from './src/build/mdx-plugin.ts';
import { contentPlugin } from './src/build/manifest-plugin.ts';
import { htmlShellPlugin } from './src/build/html-shell-plugin.ts';
import { mermaidAssetsPlugin } from './src/build/mermaid-assets-plugin.ts';

import { resolveBase } from './src/build/base-url.ts';

export { resolveBase };

/**
 * The app is written against React's API and runs on Preact's compatible one (preact/compat): the same components
 * in about a sixth of the bytes (react-dom alone was 62 KB gzip of a 124 KB first visit). Every bundle resolves
 * React's modules to Preact's, the server bundle and the prerender included, so the HTML and its hydration come
 * from one renderer. 'react' itself is preact/compat with React's hydration behaviour of one hook (react-on-preact.ts).
 */
const reactIsPreact = [
  // From the project folder, where every command that loads this file runs; not from import.meta, since the build's
  // bundles phase runs this file bundled into .cache/threads/ (build-phases.ts).
  { find: /^react$/, replacement: path.resolve('src/react-on-preact.ts') },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

export default defineConfig(({ isSsrBuild }) => ({
  base: resolveBase(),
  // The unit tests render the components with React itself: under vitest, packages that import React (the router,
  // Testing Library) are loaded by Node as they are, past these aliases, and two renderers in one test do not mix.
  // What Preact makes of the components is checked in the browser, on the built site, by the end-to-end tests.
  resolve: { alias: process.env.VITEST ? [] : reactIsPreact },
  plugins: [
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
      // still for 60 ms reports the last of them, at that much added delay per save.
      awaitWriteFinish: { stabilityThreshold: 60, pollInterval: 20 },
    },
  },
  // The dev server's dependency scan starts from the shell alone: by default it crawls every .html file under the
  // root, which includes every page of a built site (10,000 pages made the first page take 9 s to show).
  optimizeDeps: { entries: ['index.html'] },
  // P5; and every package that imports React, so that its React is Preact too (see reactIsPreact).
  ssr: { noExternal: [/^@docsearch\//, /^@algolia\/autocomplete/, /^react-router/, /^zustand/] },
  build: {
    outDir: isSsrBuild ? '.build/server' : '.build/client', // P6: never write into dist/ directly
    emptyOutDir: true,
    manifest: !isSsrBuild,
    sourcemap: process.env.SOURCEMAP === '1' && !isSsrBuild, // bench/bundle.ts: what the browser's JS is made of
    chunkSizeWarningLimit: 1500,
    reportCompressedSize: false, // gzipping every page chunk for the report costs seconds at thousands of pages
    rolldownOptions: {
      onwarn(warning, warn) {
        // React Router's "use client" lines mean nothing to a bundle, and it looks for React 19 hooks Preact does not
        // have (use, useOptimistic) and falls back without them.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.id?.includes('/node_modules/')) return;
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('react-on-preact')) return;
        warn(warning);
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['test/unit/**/*.test.{ts,tsx}'],
    setupFiles: ['test/unit/setup.ts'],
    testTimeout: 30_000, // P13
  },
}));

import type { Plugin, ViteDevServer } from 'vite';
import { readSiteManifest, CONTENT_DIR } from './read-content.ts';
import { preprocessMdx } from './mdx-preprocess.ts';

export const MANIFEST_ID = 'virtual:site-manifest';
const RESOLVED = `\0${MANIFEST_ID}`;

/**
 * Serves the build-time manifest (routes, titles, sidebar, TOC — never page bodies) as a virtual
 * module, and escapes `{#id}` heading syntax before MDX parses a page. In dev, adding, renaming or
 * deleting a page re-reads the manifest so the sidebar follows without a restart.
 */
export function contentPlugin(): Plugin[] {
  let server: ViteDevServer | undefined;
  let root = process.cwd();
  const invalidate = (file: string) => {
    if (!server || !file.includes(CONTENT_DIR)) return;
    const mod = server.moduleGraph.getModuleById(RESOLVED);
    if (mod) server.moduleGraph.invalidateModule(mod);
    server.ws.send({ type: 'full-reload' });
  };
  return [
    {
      name: 'zrok:mdx-preprocess',
      enforce: 'pre',
      transform(code, id) {
        if (!/\.mdx?$/.test(id.split('?')[0])) return null;
        return { code: preprocessMdx(code), map: null };
      },
    },
    {
      name: 'zrok:manifest',
      configResolved(config) {
        root = config.root;
      },
      resolveId(id) {
        return id === MANIFEST_ID ? RESOLVED : null;
      },
      async load(id) {
        if (id !== RESOLVED) return null;
        const manifest = await readSiteManifest(root);
        return `export default ${JSON.stringify(manifest)};`;
      },
      configureServer(s) {
        server = s;
        s.watcher.on('add', invalidate);
        s.watcher.on('unlink', invalidate);
      },
      handleHotUpdate({ file }) {
        // Front matter or headings may have changed: the manifest is cheap to rebuild.
        if (file.includes(CONTENT_DIR)) invalidate(file);
      },
    },
  ];
}

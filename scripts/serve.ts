/**
 * Serves a built site on 127.0.0.1 the way a static host does: files as they are, a redirect
 * from /path to /path/ for folders, 404.html with status 404 for anything else (no SPA fallback).
 * Usage: tsx scripts/serve.ts [dir]   (PORT and BASE_URL from the environment)
 */
import { createServer, type Server } from 'node:http';
import { stat, readFile } from 'node:fs/promises';
import path from 'node:path';
import sirv from 'sirv';

export interface ServeOptions {
  dir: string;
  port?: number;
  host?: string;
  base?: string;
}

export async function serveStatic({ dir, port = 4173, host = '127.0.0.1', base = '/' }: ServeOptions): Promise<{ server: Server; url: string }> {
  const root = path.resolve(dir);
  const files = sirv(root, { dev: false, etag: true, extensions: ['html'], dotfiles: false });
  const notFound = await readFile(path.join(root, '404.html'));
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send404 = () => {
      res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(notFound);
    };
    if (`${url.pathname}/` === base) {
      res.writeHead(301, { Location: base + url.search });
      return res.end();
    }
    if (!url.pathname.startsWith(base)) return send404();
    const rel = decodeURIComponent(url.pathname.slice(base.length - 1));
    void (async () => {
      if (!rel.endsWith('/') && !path.extname(rel)) {
        const isDir = await stat(path.join(root, rel, 'index.html')).then(() => true, () => false);
        if (isDir) {
          res.writeHead(301, { Location: `${url.pathname}/${url.search}` });
          return res.end();
        }
      }
      req.url = rel + url.search;
      files(req, res, send404);
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return { server, url: `http://${host}:${actualPort}${base}` };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const raw = process.env.BASE_URL ?? '/';
  const base = `/${raw.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
  const { url } = await serveStatic({ dir: process.argv[2] ?? 'dist', port: Number(process.env.PORT ?? 4173), base });
  console.log(`Serving the zrok docs at ${url}  (Ctrl+C to stop)`);
}

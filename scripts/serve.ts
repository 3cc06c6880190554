/**
 * Serves a built site on 127.0.0.1 the way a static host does: files as they are, a redirect
 * from /path to /path/ for folders, 404.html with status 404 for anything else (no SPA fallback).
 * Usage: tsx scripts/serve.ts [dir]   (PORT and BASE_URL from the environment)
 *
 * It is the first server a new user runs, so no request may stop it: every answer is decided from
 * the request and the files under `dir` as they are now (a rebuild that swaps `dir` is followed),
 * files are sent by `send` (ranges, conditional requests, HEAD), and a failing request is logged
 * as one line while the server goes on.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import send from 'send';

export interface ServeOptions {
  dir: string;
  port?: number;
  host?: string;
  base?: string;
  /** Where a failed request is reported, one line each (stderr by default). */
  log?: (line: string) => void;
}

/** Folders of the build that are not part of the site. */
const INTERNAL = /^\/(_nginx|\.vite)(\/|$)/;

export type Resolved =
  | { kind: 'bad-request'; reason: string }
  | { kind: 'not-found' }
  | { kind: 'redirect'; location: string }
  | { kind: 'path'; rel: string };

/**
 * What a request path asks for, from its text alone: a bad request (malformed percent-encoding,
 * NUL), a redirect to the site's base, something that is never served (outside the base, '..',
 * dotfiles, build internals), or a path relative to the site root with '/' as separator.
 */
export function resolveRequestPath(rawPath: string, base: string): Resolved {
  if (!rawPath.startsWith('/')) return { kind: 'bad-request', reason: 'not an origin-form path' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { kind: 'bad-request', reason: 'malformed percent-encoding' };
  }
  if (decoded.includes('\0')) return { kind: 'bad-request', reason: 'NUL in path' };
  // Empty and '.' segments are dropped; any '..' or backslash is refused before the file system sees it.
  const segments = decoded.split('/').filter((s, i, all) => (s !== '' && s !== '.') || i === all.length - 1);
  if (segments.some((s) => s === '..' || s.includes('\\'))) return { kind: 'not-found' };
  const clean = `/${segments.join('/')}`;
  if (`${clean}/` === base) return { kind: 'redirect', location: base };
  if (!clean.startsWith(base)) return { kind: 'not-found' };
  const rel = clean.slice(base.length - 1);
  if (INTERNAL.test(rel) || rel.split('/').some((s) => s.startsWith('.'))) return { kind: 'not-found' };
  return { kind: 'path', rel };
}

/** A same-origin Location for a decoded path: each segment re-encoded, exactly one leading slash. */
export function locationFor(decodedPath: string): string {
  return `/${decodedPath.split('/').filter(Boolean).map(encodeURIComponent).join('/')}${decodedPath.endsWith('/') ? '/' : ''}`.replace(/^\/\/+/, '/');
}

const isFile = (file: string) => stat(file).then((s) => s.isFile(), () => false);

export async function serveStatic({ dir, port = 4173, host = '127.0.0.1', base = '/', log = (l) => console.error(l) }: ServeOptions): Promise<{ server: Server; url: string }> {
  const root = path.resolve(dir);

  const sendNotFound = async (req: IncomingMessage, res: ServerResponse) => {
    // Read each time: a rebuild may have replaced the page since the last 404.
    const page = await readFile(path.join(root, '404.html')).catch(() => Buffer.from('Not found\n'));
    res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': page.length });
    res.end(req.method === 'HEAD' ? undefined : page);
  };
  const answer = (res: ServerResponse, status: number, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
    res.end(`${status}\n`);
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      log(`${req.method} ${req.url}: 405 method not allowed`);
      return answer(res, 405, { Allow: 'GET, HEAD' });
    }
    const raw = req.url ?? '/';
    const q = raw.indexOf('?');
    const [rawPath, search] = q === -1 ? [raw, ''] : [raw.slice(0, q), raw.slice(q)];
    const resolved = resolveRequestPath(rawPath, base);
    if (resolved.kind === 'bad-request') {
      log(`${req.method} ${raw.slice(0, 200)}: 400 ${resolved.reason}`);
      return answer(res, 400);
    }
    if (resolved.kind === 'not-found') return sendNotFound(req, res);
    if (resolved.kind === 'redirect') return answer(res, 301, { Location: resolved.location + search });

    const { rel } = resolved;
    const onDisk = path.join(root, rel);
    if (onDisk !== root && !onDisk.startsWith(root + path.sep)) return sendNotFound(req, res);
    let file = rel;
    if (rel.endsWith('/')) file = `${rel}index.html`;
    else if (!(await isFile(onDisk))) {
      if (await isFile(path.join(onDisk, 'index.html'))) return answer(res, 301, { Location: locationFor(`${base}${rel.slice(1)}/`) + search });
      return sendNotFound(req, res);
    }

    await new Promise<void>((resolve) => {
      const stream = send(req, encodeURI(file).replace(/[?#]/g, encodeURIComponent), { root, dotfiles: 'ignore', index: false, etag: true, lastModified: true });
      stream.on('error', (err: { status?: number; message: string }) => {
        // A file gone between the stat and the read (a rebuild) is simply not found.
        if (err.status === 404 || !err.status) void sendNotFound(req, res).then(resolve, resolve);
        else {
          answer(res, err.status);
          resolve();
        }
      });
      stream.on('directory', () => void sendNotFound(req, res).then(resolve, resolve));
      stream.on('end', resolve);
      res.on('close', resolve);
      stream.pipe(res);
    });
    if (res.statusCode === 416) log(`${req.method} ${raw}: 416 range not satisfiable (${req.headers.range})`);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: Error) => {
      log(`${req.method} ${req.url}: 500 ${e.message.split('\n')[0]}`);
      if (!res.headersSent) answer(res, 500);
      else res.destroy();
    });
  });
  server.on('clientError', (err: Error & { code?: string }, socket) => {
    log(`client error: ${err.code ?? err.message.split('\n')[0]}`);
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
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

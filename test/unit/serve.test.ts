// @vitest-environment node
/**
 * The preview server (`npm run preview`, `npm start`) against hostile requests, rebuilds under it,
 * and a bounded load-and-fault run. It serves a tiny site made in a temporary folder, with a file
 * beside that folder that must never influence an answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { resolveRequestPath, serveStatic } from '../../scripts/serve.ts';

let top: string;
let dir: string;
let origin: string;
let close: () => Promise<void>;
const logged: string[] = [];

async function makeSite(into: string, marker: string) {
  await mkdir(path.join(into, 'docs/a'), { recursive: true });
  await mkdir(path.join(into, '_nginx'), { recursive: true });
  await mkdir(path.join(into, '.vite'), { recursive: true });
  await writeFile(path.join(into, 'index.html'), `<h1>home ${marker}</h1>`);
  await writeFile(path.join(into, '404.html'), `<h1>not found ${marker}</h1>`);
  await writeFile(path.join(into, 'docs/a/index.html'), `<h1>page a ${marker}</h1>`);
  await writeFile(path.join(into, 'robots.txt'), '0123456789'.repeat(10));
  await writeFile(path.join(into, '_nginx/redirects.conf'), 'internal');
  await writeFile(path.join(into, '.vite/manifest.json'), '{"src/main.tsx":{}}');
}

interface Answer { status: number; headers: Record<string, string | string[] | undefined>; body: string }

/** A raw request: the path goes on the wire exactly as written (fetch would normalise it). */
function get(rawPath: string, { method = 'GET', headers = {} as Record<string, string> } = {}): Promise<Answer> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path: rawPath, method, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(5000, () => req.destroy(new Error(`timeout on ${rawPath}`)));
    req.end();
  });
}

beforeAll(async () => {
  top = await mkdtemp(path.join(tmpdir(), 'serve-test-'));
  dir = path.join(top, 'dist');
  await makeSite(dir, 'v1');
  // Beside the site: a folder a path-traversal request would find.
  await mkdir(path.join(top, 'outside'), { recursive: true });
  await writeFile(path.join(top, 'outside/index.html'), 'secret');
  const { server, url } = await serveStatic({ dir, port: 0, log: (l) => logged.push(l) });
  origin = url.replace(/\/$/, '');
  close = () => new Promise((r) => server.close(() => r()));
});

afterAll(async () => {
  await close();
  await rm(top, { recursive: true, force: true });
});

describe('the preview server', () => {
  it('answers 400 to a path that cannot be decoded, and keeps serving', async () => {
    for (const p of ['/%', '/docs/%c0%ae%c0%ae/', '/%E0%A4%A', '/a%00b']) expect((await get(p)).status, p).toBe(400);
    expect((await get('/docs/a/')).status).toBe(200);
  });

  it('answers ranges as RFC 9110 says: 416 when unsatisfiable, a suffix, a single byte', async () => {
    const bad = await get('/robots.txt', { headers: { Range: 'bytes=50-10' } });
    expect(bad.status).toBe(416); // start after end: nothing of it can be sent (as nginx answers)
    const beyond = await get('/robots.txt', { headers: { Range: 'bytes=500-600' } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */100');
    const suffix = await get('/robots.txt', { headers: { Range: 'bytes=-10' } });
    expect([suffix.status, suffix.headers['content-range'], suffix.body]).toEqual([206, 'bytes 90-99/100', '0123456789']);
    const first = await get('/robots.txt', { headers: { Range: 'bytes=0-0' } });
    expect([first.status, first.headers['content-range'], first.body]).toEqual([206, 'bytes 0-0/100', '0']);
  });

  it('answers 405 with Allow to anything but GET and HEAD', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const res = await get('/docs/a/', { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
    }
    const head = await get('/docs/a/', { method: 'HEAD' });
    expect([head.status, head.body]).toEqual([200, '']);
  });

  it('never serves build internals or dotfiles', async () => {
    for (const p of ['/_nginx/redirects.conf', '/.vite/manifest.json', '/%2evite/manifest.json', '/_nginx/']) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(res.body).toContain('not found');
    }
  });

  it('never redirects to another origin', async () => {
    for (const p of ['/.//evil.com/..%2fdocs', '//evil.com/docs', '/%2f%2fevil.com/docs/a', '/\\evil.com/docs/a', '/docs/a?x=//evil.com']) {
      const res = await get(p);
      const location = res.headers.location as string | undefined;
      if (location) expect(new URL(location, 'http://site.test/').origin, `${p} → ${location}`).toBe('http://site.test');
    }
    expect((await get('/docs/a')).headers.location).toBe('/docs/a/');
  });

  it('answers the same whether or not a file exists outside the site', async () => {
    const there = await get('/..%2foutside/');
    const absent = await get('/..%2fnowhere/');
    expect([there.status, there.body]).toEqual([absent.status, absent.body]);
    expect(there.body).not.toContain('secret');
    for (const p of ['/..%2f..%2foutside', '/docs/..%2f..%2foutside/index.html', '/%2e%2e/outside/']) expect((await get(p)).body, p).not.toContain('secret');
  });

  it('serves the files there now: a changed, an added and a deleted file, and a swapped folder', async () => {
    await writeFile(path.join(dir, 'docs/a/index.html'), '<h1>page a, rebuilt and longer than before</h1>');
    const changed = await get('/docs/a/');
    expect(changed.body).toBe('<h1>page a, rebuilt and longer than before</h1>');
    expect(Number(changed.headers['content-length'])).toBe(changed.body.length);
    await mkdir(path.join(dir, 'assets'), { recursive: true });
    await writeFile(path.join(dir, 'assets/new-123.js'), 'export {}');
    expect((await get('/assets/new-123.js')).status).toBe(200);
    await rm(path.join(dir, 'assets/new-123.js'));
    expect((await get('/assets/new-123.js')).status).toBe(404);
    // The build writes a new folder and swaps it in.
    const next = path.join(top, 'next');
    await makeSite(next, 'v2');
    await rename(dir, path.join(top, 'old'));
    await rename(next, dir);
    expect((await get('/')).body).toBe('<h1>home v2</h1>');
    expect((await get('/nope/')).body).toBe('<h1>not found v2</h1>');
  });

  it('stays up through 2,000 mixed requests, 50 at a time, logging one line per failure', { timeout: 60_000 }, async () => {
    const hostile = ['/%', '/..%2f..%2fetc/passwd', '/.//evil.com/..%2fdocs', '/_nginx/x', '/docs/%c0%ae%c0%ae/', '/a%00b'];
    const good = ['/', '/docs/a/', '/robots.txt', '/docs/a', '/missing/'];
    const rawSocket = () =>
      new Promise<void>((resolve) => {
        const url = new URL(origin);
        const s = connect(Number(url.port), url.hostname, () => s.end('GARBAGE \x00\x01 HTTP/9.9\r\n\r\n'));
        s.on('error', () => resolve());
        s.on('close', () => resolve());
        s.setTimeout(5000, () => s.destroy());
      });
    const abort = () =>
      new Promise<void>((resolve) => {
        const url = new URL(origin);
        const req = httpRequest({ host: url.hostname, port: url.port, path: '/robots.txt', agent: false });
        req.on('error', () => resolve());
        req.on('response', (res) => {
          res.destroy();
          resolve();
        });
        req.end();
        setTimeout(() => req.destroy(), 1);
      });
    let next = 0;
    const statuses: Record<number, number> = {};
    const work = async () => {
      while (next < 2000) {
        const i = next++;
        if (i % 50 === 7) await rawSocket();
        else if (i % 50 === 11) await abort();
        else {
          const res = await get(i % 3 === 0 ? hostile[i % hostile.length] : good[i % good.length], {
            method: i % 97 === 0 ? 'POST' : 'GET',
            headers: i % 13 === 0 ? { Range: 'bytes=900-950' } : {},
          });
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        }
      }
    };
    await Promise.all(Array.from({ length: 50 }, work));
    expect(statuses[200]).toBeGreaterThan(500);
    expect((await get('/docs/a/')).status).toBe(200);
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) expect(line, 'one line, no stack trace').not.toMatch(/\n|\s+at\s.+:\d+:\d+/);
  });

  it('keeps every answer inside the site for any path (fuzzed)', { timeout: 30_000 }, async () => {
    const piece = fc.constantFrom('', '.', '..', '%2e%2e', '%2f', '%5c', '\\', '//', 'evil.com', 'docs', 'a', '%', '%zz', '%00', '_nginx', '.vite', 'outside', 'index.html', '?q=/x', '#x', 'é', '%C3%A9');
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 8 }), async (pieces) => {
        const p = `/${pieces.join('/')}`.replace(/#.*/, '');
        const res = await get(encodeURI(p).replace(/%25/g, '%'));
        expect([200, 301, 400, 404]).toContain(res.status);
        expect(res.body).not.toContain('secret');
        expect(res.body).not.toContain('internal');
        const location = res.headers.location as string | undefined;
        if (location) expect(new URL(location, 'http://site.test/').origin).toBe('http://site.test');
      }),
      { numRuns: 400, interruptAfterTimeLimit: 20_000 },
    );
    expect((await get('/')).status).toBe(200);
  });
});

describe('resolveRequestPath', () => {
  it('refuses parent segments, backslashes and NUL, and drops empty and dot segments', () => {
    expect(resolveRequestPath('/docs/..%2f..%2fx', '/')).toEqual({ kind: 'not-found' });
    expect(resolveRequestPath('/a\\b', '/')).toEqual({ kind: 'not-found' });
    expect(resolveRequestPath('/a%00', '/').kind).toBe('bad-request');
    expect(resolveRequestPath('/.//docs//a/', '/')).toEqual({ kind: 'path', rel: '/docs/a/' });
    expect(resolveRequestPath('/zrok-docs', '/zrok-docs/')).toEqual({ kind: 'redirect', location: '/zrok-docs/' });
    expect(resolveRequestPath('/other/', '/zrok-docs/')).toEqual({ kind: 'not-found' });
  });
});

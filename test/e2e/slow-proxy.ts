import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A proxy in front of a served site that answers chosen requests late, as a slow server or network does: any
 * browser engine reads the site through it at its own address, so a test can hold what a page fetches while the
 * reader does something else.
 */
export interface SlowProxy {
  /** The proxy's address (no trailing slash). */
  readonly url: string;
  /** From now on, requests whose path matches are answered `ms` later; the function returned answers them at once and ends the delay. */
  delay(path: RegExp, ms: number): () => void;
  /** Resolves once a request whose path matches arrives, from the call on. */
  arrived(path: RegExp): Promise<void>;
  close(): Promise<void>;
}

export async function startSlowProxy(site: string): Promise<SlowProxy> {
  const target = new URL(site);
  const delays: { path: RegExp; ms: number }[] = [];
  const waiting: { path: RegExp; resolve: () => void }[] = [];
  /** Requests not yet passed on: their path, and what passes them on. */
  const held = new Map<NodeJS.Timeout, { path: string; pass: () => void }>();

  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    for (const w of waiting.filter((w) => w.path.test(path))) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve();
    }
    const pass = () => {
      const upstream = http.request({ host: target.hostname, port: target.port, path, method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    };
    const ms = delays.find((d) => d.path.test(path))?.ms ?? 0;
    const timer = setTimeout(() => {
      held.delete(timer);
      pass();
    }, ms);
    held.set(timer, { path, pass });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    delay(path, ms) {
      const rule = { path, ms };
      delays.unshift(rule);
      return () => {
        delays.splice(delays.indexOf(rule), 1);
        for (const [timer, request] of held) {
          if (!path.test(request.path)) continue;
          clearTimeout(timer);
          held.delete(timer);
          request.pass();
        }
      };
    },
    arrived: (path) => new Promise((resolve) => waiting.push({ path, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of held.keys()) clearTimeout(timer);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

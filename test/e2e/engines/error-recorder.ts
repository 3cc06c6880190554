/**
 * Errors of a page in an engine whose driver cannot read its console (WebKitGTK's WebDriver has no logs and no
 * BiDi, and MiniBrowser writes no console in automation mode): a proxy in front of the served site adds one
 * same-origin script, first in every HTML document's head, that records what Chromium's console would show.
 * Everything else passes through unchanged.
 */
import { createServer, request, type IncomingMessage } from 'node:http';

const RECORDER_PATH = '/__e2e/error-recorder.js';

/** Runs in the page before any of its own scripts. */
const RECORDER = `(() => {
  const errors = (window.__e2eErrors = []);
  const text = (args) => args.map((a) => (a instanceof Error ? a.message : typeof a === 'string' ? a : String(a))).join(' ');
  const error = console.error.bind(console);
  console.error = (...args) => { errors.push('console error: ' + text(args)); error(...args); };
  const warn = console.warn.bind(console);
  console.warn = (...args) => { if (/hydrat/i.test(text(args))) errors.push('console warning: ' + text(args)); warn(...args); };
  addEventListener('error', (e) => {
    const el = e.target;
    if (el && el !== window && (el.src || el.href)) errors.push('failed to load: ' + (el.src || el.href));
    else errors.push('uncaught: ' + (e.error && e.error.message ? e.error.message : e.message));
  }, true);
  addEventListener('unhandledrejection', (e) => errors.push('unhandled rejection: ' + (e.reason && e.reason.message ? e.reason.message : e.reason)));
  const fetch = window.fetch;
  window.fetch = async (...args) => {
    const res = await fetch.apply(window, args);
    if (res.status >= 400) errors.push('failed request: ' + res.status + ' ' + res.url);
    return res;
  };
})();`;

/** The script that takes what the recorder holds (an empty list on a page it is not in). */
export const TAKE_RECORDED = 'return (window.__e2eErrors || []).splice(0)';

export async function startRecordingProxy(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    if (req.url === RECORDER_PATH) {
      res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' });
      res.end(RECORDER);
      return;
    }
    const headers = { ...req.headers, host: upstream.host, 'accept-encoding': 'identity' };
    const forward = request({ hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers }, (up: IncomingMessage) => {
      const out = { ...up.headers };
      if (!String(out['content-type'] ?? '').startsWith('text/html')) {
        res.writeHead(up.statusCode!, out);
        up.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      up.on('data', (c: Buffer) => chunks.push(c));
      up.on('end', () => {
        const html = Buffer.concat(chunks).toString('utf8').replace(/<head>/i, `<head><script src="${RECORDER_PATH}"></script>`);
        delete out['content-length'];
        res.writeHead(up.statusCode!, out);
        res.end(html);
      });
    });
    forward.on('error', (e) => {
      res.writeHead(502);
      res.end(String(e));
    });
    req.pipe(forward);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

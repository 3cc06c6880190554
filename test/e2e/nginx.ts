/**
 * Starts Debian's nginx with deploy/nginx.conf on a free 127.0.0.1 port, serving a built site.
 * The server block is used as it ships; only its root and listen lines are pointed at the test.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const SHIPPED_ROOT = '/var/www/zrok-docs';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

const brotliAvailable = () => existsSync('/etc/nginx/modules-enabled') && readdirSync('/etc/nginx/modules-enabled').some((f) => f.includes('brotli'));

export async function startNginx(dir: string) {
  const root = path.resolve(dir);
  const work = await mkdtemp(path.join(tmpdir(), 'zrok-nginx-'));
  const port = await freePort();
  let server = (await readFile('deploy/nginx.conf', 'utf8'))
    .replaceAll(SHIPPED_ROOT, root)
    .replace(/listen 8080;/, `listen 127.0.0.1:${port};`)
    .replace(/\n\s*listen \[::\]:8080;/, '');
  if (brotliAvailable()) server = server.replace('    gzip on;', `    include ${path.resolve('deploy/nginx-brotli.conf')};\n    gzip on;`);
  await mkdir(path.join(work, 'tmp'));
  await writeFile(path.join(work, 'server.conf'), server);
  await writeFile(
    path.join(work, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${work}/nginx.pid;
error_log ${work}/error.log warn;
${existsSync('/etc/nginx/modules-enabled') ? 'include /etc/nginx/modules-enabled/*.conf;' : ''}
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${work}/tmp/body;
  proxy_temp_path ${work}/tmp/proxy;
  fastcgi_temp_path ${work}/tmp/fastcgi;
  uwsgi_temp_path ${work}/tmp/uwsgi;
  scgi_temp_path ${work}/tmp/scgi;
  include ${work}/server.conf;
}
`,
  );
  // Debian's module snippets load `modules/…` relative to its own prefix; every other path is absolute.
  const child = spawn(NGINX, ['-p', '/usr/share/nginx/', '-e', path.join(work, 'error.log'), '-c', path.join(work, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const url = `http://127.0.0.1:${port}`;
  // Until it answers or exits; the minute is only for an nginx that does neither.
  for (const hangGuard = Date.now() + 60_000; ; ) {
    try {
      await fetch(url + '/');
      break;
    } catch {
      if (child.exitCode !== null || Date.now() > hangGuard) throw new Error(`nginx did not start: ${stderr}${await readFile(path.join(work, 'error.log'), 'utf8').catch(() => '')}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    url,
    brotli: brotliAvailable(),
    close: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await rm(work, { recursive: true, force: true });
    },
  };
}

/** The site behind Debian's nginx with deploy/nginx.conf: headers, caching, compression, redirects, CSP. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { request } from 'node:http';
import type { Browser } from 'playwright-core';
import { startNginx } from './nginx.ts';
import { launchBrowser, waitHydrated } from './support.ts';
import { allExpectedRoutes } from '../expected-routes.ts';
import { inlineStyles, scriptHash } from '../../src/builder/prerender/csp.ts';
import { samplePages } from './a11y-pages.ts';

let site: Awaited<ReturnType<typeof startNginx>>;
let browser: Browser;

before(async () => {
  site = await startNginx(process.env.SITE_DIR ?? 'dist');
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await site?.close();
});

/** A raw request (fetch would follow redirects and decode bodies). */
function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(site.url + path, { headers }, (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The text of each inline script a browser runs: not the data blocks (a JSON type), which CSP does not govern. */
function inlineRunScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes]) => !/type="application\/(ld\+)?json"/.test(attributes)).map((m) => m[2]);
}

describe('nginx with deploy/nginx.conf', () => {
  it('sends the security headers, with a CSP that allows no inline script but the hashed ones', async () => {
    const res = await get('/docs/getting-started/');
    assert.equal(res.status, 200);
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]+)/.exec(csp)![1];
    assert.doesNotMatch(scriptSrc, /unsafe-inline|unsafe-eval|\*/);
    assert.match(scriptSrc, /'sha256-/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.match(csp, /object-src 'none'/);
    assert.doesNotMatch(csp, /algolia|googletagmanager/, 'third parties only when configured');
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin');
    assert.match(String(res.headers['permissions-policy']), /camera=\(\)/);
    assert.equal(res.headers['cache-control'], 'no-cache');
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const html = (await get('/docs/getting-started/')).body;
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1];
    const gz = await get(asset, { 'Accept-Encoding': 'gzip' });
    assert.equal(gz.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.ok(gz.headers['content-security-policy'], 'security headers on assets too');
    if (site.brotli) assert.equal((await get(asset, { 'Accept-Encoding': 'br, gzip' })).headers['content-encoding'], 'br');
  });

  it('sends every kind of file the build writes with a type, not as a download', async () => {
    // One file of each extension: a module sent as application/octet-stream is refused by the browser
    // (mermaid's own build is .mjs in its package, which Debian's mime.types does not know).
    const dir = process.env.SITE_DIR ?? 'dist';
    const byExtension = new Map<string, string>();
    for (const rel of await readdir(dir, { recursive: true })) {
      const ext = path.extname(rel);
      if (ext && !rel.startsWith('_nginx') && !byExtension.has(ext) && (await stat(path.join(dir, rel))).isFile()) byExtension.set(ext, rel);
    }
    assert.ok(byExtension.has('.js') && byExtension.has('.html'), [...byExtension.keys()].join(' '));
    const untyped: string[] = [];
    for (const rel of byExtension.values()) {
      const type = (await get(`/${rel.split(path.sep).join('/')}`)).headers['content-type'] as string | undefined;
      if (!type || type.startsWith('application/octet-stream')) untyped.push(`${rel}: ${type ?? 'no type'}`);
    }
    assert.deepEqual(untyped, []);
  });

  it('answers unknown paths with 404.html and status 404, and hides the build snippets', async () => {
    const res = await get('/docs/no-such-page/');
    assert.equal(res.status, 404);
    assert.match(res.body, /Page Not Found/);
    assert.equal((await get('/_nginx/security-headers.conf')).status, 404);
    assert.equal((await get('/.vite/manifest.json')).status, 404, 'no bundler metadata');
  });

  it('ships no bundler metadata in the build', async () => {
    await assert.rejects(readFile(`${process.env.SITE_DIR ?? 'dist'}/.vite/manifest.json`));
  });

  it('sends the security headers on every answer: redirects, errors and 416', async () => {
    const robots = await get('/robots.txt');
    const answers = {
      'old-path 301': await get('/docs/guides/self-hosting/self_hosting_guide/'),
      'folder 301': await get('/docs/concepts'),
      '404': await get('/docs/no-such-page/'),
      '416': await get('/robots.txt', { Range: `bytes=${robots.body.length + 100}-${robots.body.length + 200}` }),
      '400': await get('/%'),
    };
    // nginx runs the header filters twice for a 416 it makes itself, so there the headers come twice.
    const values = (v: unknown) => [...new Set(String(v).split(/,\s*/))];
    for (const [what, res] of Object.entries(answers)) {
      assert.match(String(res.headers['content-security-policy']), /default-src 'self'/, what);
      assert.deepEqual(values(res.headers['x-content-type-options']), ['nosniff'], what);
      assert.deepEqual(values(res.headers['x-frame-options']), ['DENY'], what);
    }
    assert.equal(answers['416'].status, 416);
  });

  it("compresses the pages' Markdown copies", async () => {
    const md = await get('/docs/concepts/tunnels/index.md', { 'Accept-Encoding': 'gzip' });
    assert.equal(md.status, 200);
    assert.match(String(md.headers['content-type']), /^text\/markdown; charset=utf-8$/);
    assert.equal(md.headers['content-encoding'], 'gzip');
  });

  it('redirects folders to their trailing-slash URL and old paths with 301', async () => {
    const folder = await get('/docs/concepts');
    assert.equal(folder.status, 301);
    assert.equal(folder.headers.location, '/docs/concepts/');
    const list = JSON.parse(await readFile(`${process.env.SITE_DIR ?? 'dist'}/redirects.json`, 'utf8')) as { from: string; to: string }[];
    for (const r of list) {
      const res = await get(r.from);
      assert.equal(res.status, 301, r.from);
      assert.equal(res.headers.location, r.to, r.from);
    }
    const root = await get('/docs/');
    assert.equal(root.status, 200, 'the current root keeps its page: it picks the preferred version');
  });

  it('sends every page with a CSP that names the hash of each of its inline scripts and <style> elements', async () => {
    const missing: string[] = [];
    for (const route of ['/', '/search/', ...(await allExpectedRoutes())]) {
      const res = await get(route);
      const csp = String(res.headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]+)/.exec(csp)![1].split(' ');
      const styleSrc = /style-src-elem ([^;]+)/.exec(csp)![1].split(' ');
      for (const script of inlineRunScripts(res.body)) if (!scriptSrc.includes(scriptHash(script))) missing.push(`${route}: script ${script.slice(0, 40)}`);
      if (styleSrc.includes("'unsafe-inline'")) continue;
      for (const style of inlineStyles(res.body)) if (!styleSrc.includes(scriptHash(style))) missing.push(`${route}: style ${style.slice(0, 40)}`);
    }
    assert.deepEqual(missing, []);
  });

  it('runs a page of every kind and version in both colour modes, with search opened, without a CSP violation', async () => {
    const routes = [...(await samplePages(site.url)), '/docs/concepts/sharing-public/'];
    for (const colorChoice of ['dark', 'light']) {
      const ctx = await browser.newContext();
      await ctx.addInitScript((c) => {
        localStorage.setItem('zrok-docs-settings', JSON.stringify({ state: { colorChoice: c }, version: 0 }));
        (window as unknown as { __csp: string[] }).__csp = [];
        document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
      }, colorChoice);
      const page = await ctx.newPage();
      const refused: string[] = [];
      page.on('console', (m) => /Content Security Policy|Refused to/.test(m.text()) && refused.push(m.text()));
      for (const route of routes) {
        await page.goto(site.url + route);
        await waitHydrated(page);
        assert.deepEqual(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp), [], `${route} (${colorChoice})`);
      }
      await page.locator('.diagram svg').first().scrollIntoViewIfNeeded();
      await page.keyboard.press('Control+k');
      await page.locator('.DocSearch-Input').fill('oauth');
      await page.locator('.DocSearch-Hit').first().waitFor();
      assert.deepEqual(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp), [], `search and diagrams (${colorChoice})`);
      assert.deepEqual(refused, []);
      await ctx.close();
    }
  });
});

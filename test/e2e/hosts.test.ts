/**
 * The hosts' configurations in the built site, read by the hosts' own parsers: every redirect of redirects.json
 * (which must list every redirect of site.config.ts) and every header of _nginx/security-headers.conf is in
 * vercel.json, in _redirects and _headers (Netlify, Cloudflare Pages), and GitHub Pages, which has neither
 * redirects nor headers, gets a redirect page at each old path. No browser: the files are read as the hosts read them.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import siteConfig from '../../site.config.ts';
import { netlifyHeaderRules, netlifyHeadersFor, netlifyRedirects, nginxHeaders, vercelAnswer, vercelRedirectChain, vercelRoutes } from '../host-parsers.ts';

const dist = process.env.SITE_DIR ?? 'dist';
const read = (rel: string) => readFile(path.join(dist, rel), 'utf8');

let redirects: { from: string; to: string; status: number }[];
let securityHeaders: [string, string][];
/** A page, a page's data and a hashed asset: what a reader's visit asks for. */
let samples: { page: string[]; asset: string };

before(async () => {
  redirects = JSON.parse(await read('redirects.json'));
  securityHeaders = nginxHeaders(await read('_nginx/security-headers.conf'));
  const asset = (await readdir(path.join(dist, 'assets'))).find((f) => f.endsWith('.js'))!;
  samples = { page: ['/docs/getting-started/', '/docs/getting-started/page-data.json', '/'], asset: `/assets/${asset}` };
});

describe('the redirect list and the header set', () => {
  it("lists every redirect of site.config.ts and every older version's root, and five security headers", () => {
    const expected = [
      ...siteConfig.versions.filter((v) => !v.current).map((v) => ({ from: `/docs/${v.pathPrefix}`, to: `/docs/${v.pathPrefix}${v.mainDoc}/` })),
      ...siteConfig.redirects,
    ];
    assert.deepEqual(redirects.map(({ from, to }) => ({ from, to })).sort((a, b) => a.from.localeCompare(b.from)), expected.sort((a, b) => a.from.localeCompare(b.from)));
    assert.deepEqual(securityHeaders.map(([name]) => name), ['Content-Security-Policy', 'X-Content-Type-Options', 'Referrer-Policy', 'Permissions-Policy', 'X-Frame-Options']);
    assert.match(Object.fromEntries(securityHeaders)['Content-Security-Policy'], /frame-ancestors 'none'/);
  });
});

describe('Vercel (vercel.json, through @vercel/routing-utils)', () => {
  it('answers every old path, with or without its slash, with a 301 to its new one', async () => {
    const routes = vercelRoutes(JSON.parse(await read('vercel.json')));
    for (const r of redirects) {
      for (const from of [r.from, r.from.replace(/\/$/, '')]) {
        const chain = vercelRedirectChain(routes, from);
        assert.deepEqual(chain.at(-1), { status: 301, location: r.to }, from);
        // Before it, at most Vercel's own move to or from the trailing slash.
        assert.ok(chain.length <= 2 && chain.slice(0, -1).every((hop) => hop.status === 308), `${from}: ${JSON.stringify(chain)}`);
      }
    }
  });

  it('gives a page every security header and no-cache, and an asset every security header and a year of cache', async () => {
    const routes = vercelRoutes(JSON.parse(await read('vercel.json')));
    for (const page of samples.page) assert.deepEqual(vercelAnswer(routes, page), { headers: { ...Object.fromEntries(securityHeaders), 'Cache-Control': 'no-cache' } }, page);
    assert.deepEqual(vercelAnswer(routes, samples.asset), { headers: { ...Object.fromEntries(securityHeaders), 'Cache-Control': 'public, max-age=31536000, immutable' } });
    const html = vercelAnswer(routes, '/docs/getting-started/index.html');
    assert.deepEqual([html.status, html.location], [308, '/docs/getting-started/'], 'an .html path goes to its clean URL');
  });
});

describe('Netlify and Cloudflare Pages (_redirects and _headers, through Netlify’s parsers)', () => {
  it('has every redirect as a 301, in the form Cloudflare Pages accepts too', async () => {
    const parsed = await netlifyRedirects(await read('_redirects'));
    assert.deepEqual(
      parsed.map(({ from, to, status, force }) => ({ from, to, status, force })),
      // A build on Netlify (NETLIFY=true) forces them; this one is for both hosts: a plain 301.
      redirects.map(({ from, to }) => ({ from, to, status: 301, force: false })),
    );
  });

  it('gives a page every security header, and an asset those and a year of cache, each once', async () => {
    const rules = await netlifyHeaderRules(await read('_headers'));
    for (const page of samples.page) assert.deepEqual(netlifyHeadersFor(rules, page), Object.fromEntries(securityHeaders), page);
    assert.deepEqual(netlifyHeadersFor(rules, samples.asset), { ...Object.fromEntries(securityHeaders), 'Cache-Control': 'public, max-age=31536000, immutable' });
  });
});

describe('GitHub Pages (no server-side redirects, no headers)', () => {
  it('has a redirect page at every old path, a 404.html, and .nojekyll so that Jekyll keeps the _data/ folder', async () => {
    for (const r of redirects) {
      const html = await read(path.join(r.from, 'index.html'));
      assert.ok(html.includes(`<meta http-equiv="refresh" content="0; url=${r.to}" />`), r.from);
      assert.ok(html.includes(`<link rel="canonical" href="${siteConfig.url}${r.to}" />`), r.from);
    }
    assert.equal((await stat(path.join(dist, '.nojekyll'))).size, 0);
    assert.match(await read('404.html'), /Page Not Found/);
  });
});

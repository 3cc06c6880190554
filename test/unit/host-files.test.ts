// @vitest-environment node
/**
 * The hosts' configurations as the build writes them, read by the hosts' own parsers: under a base URL, on a
 * Netlify build, and the nginx snippets; and the build errors for redirect paths a host would misread.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { BuildError } from '../../src/builder/common/build-error.ts';
import { hostFiles } from '../../src/builder/hosts/host-files.ts';
import { CACHE_CONTROL, securityHeaders } from '../../src/builder/hosts/host-rules.ts';
import { redirectProblems } from '../../src/builder/hosts/redirect-check.ts';
import { netlifyHeaderRules, netlifyHeadersFor, netlifyRedirects, nginxHeaders, vercelAnswer, vercelRedirectChain, vercelRoutes } from '../host-parsers.ts';

const CSP = "default-src 'self'; frame-ancestors 'none'";
const redirects = [
  { from: '/zrok-docs/docs/7.0/', to: '/zrok-docs/docs/7.0/getting-started/' },
  { from: '/zrok-docs/docs/old-guide/', to: '/zrok-docs/docs/guides/one/#step-one' },
];
const files = (netlify = false) => hostFiles({ redirects, csp: CSP, base: '/zrok-docs/', netlify });
const security = Object.fromEntries(securityHeaders(CSP));

describe('host files under a base URL', () => {
  it('Vercel: 301s the old paths and caches the assets under the base URL alone', () => {
    const routes = vercelRoutes(JSON.parse(files()['vercel.json']));
    for (const r of redirects) expect(vercelRedirectChain(routes, r.from).at(-1)).toEqual({ status: 301, location: r.to });
    expect(vercelAnswer(routes, '/zrok-docs/assets/app-1a2b.js').headers).toEqual({ ...security, 'Cache-Control': CACHE_CONTROL.assets });
    expect(vercelAnswer(routes, '/zrok-docs/docs/guides/one/').headers).toEqual({ ...security, 'Cache-Control': CACHE_CONTROL.pages });
    expect(vercelAnswer(routes, '/zrok-docs/docs/assets/').headers['Cache-Control'], 'a page named assets is no asset').toBe(CACHE_CONTROL.pages);
  });

  it('Netlify and Cloudflare Pages: headers for the base URL, and the long cache for its assets', async () => {
    const rules = await netlifyHeaderRules(files()._headers);
    expect(netlifyHeadersFor(rules, '/zrok-docs/assets/app-1a2b.js')).toEqual({ ...security, 'Cache-Control': CACHE_CONTROL.assets });
    expect(netlifyHeadersFor(rules, '/zrok-docs/docs/')).toEqual(security);
  });
});

describe('_redirects', () => {
  it('forces each redirect on a Netlify build, over the redirect page at the old path, and only there', async () => {
    expect((await netlifyRedirects(files(true)._redirects)).map((r) => [r.from, r.to, r.status, r.force])).toEqual(redirects.map((r) => [r.from, r.to, 301, true]));
    // Cloudflare Pages refuses a status other than a number: "301!" would drop the line.
    expect(files(false)._redirects).toBe(redirects.map((r) => `${r.from} ${r.to} 301\n`).join(''));
  });
});

describe('nginx', () => {
  it('gets the same security headers, and deploy/nginx.conf the same Cache-Control values', () => {
    expect(nginxHeaders(files()['_nginx/security-headers.conf'])).toEqual(securityHeaders(CSP));
    const conf = readFileSync('deploy/nginx.conf', 'utf8');
    const values = [...conf.matchAll(/add_header Cache-Control "([^"]+)" always;/g)].map((m) => m[1]);
    expect(new Set(values)).toEqual(new Set([CACHE_CONTROL.assets, CACHE_CONTROL.pages]));
    expect(conf).toMatch(new RegExp(`location /assets/ \\{[^}]*add_header Cache-Control "${CACHE_CONTROL.assets}"`));
  });
});

describe('redirect paths a host would misread', () => {
  const config = `const siteConfig = {\n  redirects: [\n    { from: '/docs/a b/', to: '/docs/one/' },\n    { from: '/docs/:old/', to: '/docs/one/' },\n    { from: '/docs/gone/', to: '/docs/nowhere/' },\n  ],\n};\n`;
  const pages = new Set(['/docs/one/']);
  const fail = (list: { from: string; to: string }[], base = '/') => {
    try {
      const problems = redirectProblems(list, pages, base, 'site.config.ts', config);
      // Each problem belongs to its own redirect, which the build leaves out of the site.
      expect([...problems.keys()].every((r) => list.includes(r))).toBe(true);
      return problems.size ? [...problems.values()].join('\n') : 'no error';
    } catch (e) {
      expect(e).toBeInstanceOf(BuildError);
      return (e as Error).message;
    }
  };

  it('names site.config.ts and the line of each, for the build to fail with', () => {
    expect(fail([{ from: '/docs/a b/', to: '/docs/one/' }, { from: '/docs/:old/', to: '/docs/one/' }, { from: '/docs/gone/', to: '/docs/nowhere/' }]).split('\n')).toEqual([
      'site.config.ts:3: redirect source "/docs/a b/" is not a plain path (/, letters, digits, - . _ ~)',
      'site.config.ts:4: redirect source "/docs/:old/" is not a plain path (/, letters, digits, - . _ ~)',
      'site.config.ts:5: redirect target is not a page: /docs/gone/ -> /docs/nowhere/',
    ]);
    expect(fail([{ from: '/docs/x/', to: '/docs/one/' }], '/docs (old)/')).toMatch(/^BASE_URL "\/docs \(old\)\/": /);
    expect(fail([{ from: '/docs/x/', to: '/docs/one/#part' }])).toBe('no error');
  });
});

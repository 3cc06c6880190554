/**
 * Writes every host's configuration into the built site from one redirect list and one header set, so nginx,
 * Vercel, Netlify, Cloudflare Pages and GitHub Pages cannot drift apart.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { nginxRedirects, nginxSecurityHeaders } from './nginx-files.ts';
import { headersFile, redirectsFile } from './pages-host-files.ts';
import { securityHeaders, type Redirect } from './host-rules.ts';
import { vercelJson } from './vercel-json.ts';

export interface HostFilesInput {
  /** The server-side 301s (not the current version's root, whose page picks the reader's version). */
  redirects: Redirect[];
  /** The Content-Security-Policy for a header (with frame-ancestors). */
  csp: string;
  base: string;
  /** Netlify is building (it sets NETLIFY=true): its redirects must win over the redirect pages. */
  netlify: boolean;
}

/** The files, by path in the site. */
export function hostFiles({ redirects, csp, base, netlify }: HostFilesInput): Record<string, string> {
  const headers = securityHeaders(csp);
  return {
    '_nginx/redirects.conf': nginxRedirects(redirects),
    '_nginx/security-headers.conf': nginxSecurityHeaders(headers),
    'vercel.json': JSON.stringify(vercelJson(redirects, headers, base), null, 2) + '\n',
    _headers: headersFile(headers, base),
    _redirects: redirectsFile(redirects, netlify),
    'redirects.json': JSON.stringify(redirects.map((r) => ({ ...r, status: 301 })), null, 2),
    // GitHub Pages runs Jekyll on what it is given unless told not to; Jekyll drops every path that starts
    // with "_", such as the sidebar parts under _data/.
    '.nojekyll': '',
  };
}

export async function writeHostFiles(dir: string, input: HostFilesInput): Promise<void> {
  for (const [rel, text] of Object.entries(hostFiles(input))) {
    await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await writeFile(path.join(dir, rel), text);
  }
}

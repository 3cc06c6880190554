/** The two snippets deploy/nginx.conf includes from dist/_nginx/. */
import type { Redirect } from './host-rules.ts';

/** The security headers as add_header lines (included in every location of deploy/nginx.conf). */
export function nginxSecurityHeaders(headers: [string, string][]): string {
  return headers.map(([name, value]) => `add_header ${name} "${value}" always;\n`).join('');
}

/** `location = /old/ { return 301 /new/; }` for every redirect (nginx matches the exact path, so with and without its slash). */
export function nginxRedirects(redirects: Redirect[]): string {
  return redirects.map((r) => `location = ${r.from} { return 301 ${r.to}; }\nlocation = ${r.from.replace(/\/$/, '')} { return 301 ${r.to}; }`).join('\n') + '\n';
}

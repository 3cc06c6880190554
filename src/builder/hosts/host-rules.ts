/**
 * What every host is told, in one place: the response headers and the shape of a redirect. deploy/nginx.conf
 * (through dist/_nginx/), vercel.json, _headers and _redirects are all written from these.
 */

/** A server-side redirect, both paths with the base URL. */
export interface Redirect {
  from: string;
  to: string;
}

/** The security headers of every response, after the Content-Security-Policy the build computed. */
export function securityHeaders(csp: string): [name: string, value: string][] {
  return [
    ['Content-Security-Policy', csp],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()'],
    // Older browsers ignore the CSP's frame-ancestors; both say: never in a frame.
    ['X-Frame-Options', 'DENY'],
  ];
}

/** Cache-Control: hashed file names under assets/ never change; everything else is revalidated on each visit. */
export const CACHE_CONTROL = {
  assets: 'public, max-age=31536000, immutable',
  pages: 'no-cache',
} as const;

/** The folder of hashed files, under the base URL. */
export const ASSETS_FOLDER = 'assets/';

/**
 * Each host's configuration read by the host's own parser, for the unit and end-to-end tests: vercel.json by
 * @vercel/routing-utils (its schemas, then the routes Vercel serves with), _redirects and _headers by Netlify's
 * parsers (Cloudflare Pages reads the same files). The answers say what a reader's request would get.
 */
import { parseAllHeaders, type Header } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { cleanUrlsSchema, getTransformedRoutes, headersSchema, isHandler, redirectsSchema, trailingSlashSchema, type Route } from '@vercel/routing-utils';
import { Ajv } from 'ajv';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The keys of vercel.json the build writes, each held to Vercel's own schema; any other key is an error. */
const vercelSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['trailingSlash', 'cleanUrls', 'redirects', 'headers'],
  properties: { $schema: { type: 'string' }, trailingSlash: trailingSlashSchema, cleanUrls: cleanUrlsSchema, redirects: redirectsSchema, headers: headersSchema },
};

/** The routes Vercel makes of a vercel.json; throws on a schema error or a rule it cannot turn into routes. */
export function vercelRoutes(config: unknown): Route[] {
  const validate = new Ajv({ allErrors: true, strict: false }).compile(vercelSchema);
  if (!validate(config)) throw new Error(`vercel.json does not match Vercel's schema: ${JSON.stringify(validate.errors)}`);
  const { routes, error } = getTransformedRoutes(config as Parameters<typeof getTransformedRoutes>[0]);
  if (error || !routes) throw new Error(`vercel.json: ${error?.message}`);
  return routes;
}

export interface HostAnswer {
  /** Set when the request is redirected. */
  status?: number;
  location?: string;
  headers: Record<string, string>;
}

/**
 * What Vercel's routes (those before its file system) answer for a path: they are tried in order; a route with a status
 * answers at once, with its Location filled from the path's groups; a `continue` route adds its headers; any
 * other matching route ends the list. A header that two routes set gets both values, comma-joined: a
 * configuration must not rest on which of the two Vercel keeps.
 */
export function vercelAnswer(routes: Route[], pathname: string): HostAnswer {
  const headers: Record<string, string> = {};
  for (const route of routes) {
    // A handler starts the next phase (the file system first): the rules before it are the ones of vercel.json.
    if (isHandler(route)) break;
    const match = new RegExp(route.src).exec(pathname);
    if (!match) continue;
    if (route.status) {
      const location = route.headers?.Location?.replace(/\$(\d+)/g, (_: string, i: string) => match[Number(i)] ?? '');
      return { status: route.status, location, headers: { ...route.headers } };
    }
    for (const [name, value] of Object.entries(route.headers ?? {})) headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
    if (!route.continue) break;
  }
  return { headers };
}

/** The redirects Vercel answers a path with, one after another (the browser sends no #fragment), until a request is served. */
export function vercelRedirectChain(routes: Route[], pathname: string): { status: number; location: string }[] {
  const chain: { status: number; location: string }[] = [];
  for (let answer = vercelAnswer(routes, pathname); answer.status && chain.length < 5; answer = vercelAnswer(routes, answer.location!.split('#')[0])) {
    chain.push({ status: answer.status, location: answer.location! });
  }
  return chain;
}

/** Netlify's parsers read files: the text goes through a temporary one. */
async function throughFile<T>(text: string, parse: (file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'host-file-'));
  try {
    await writeFile(path.join(dir, 'file'), text);
    return await parse(path.join(dir, 'file'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface NetlifyRedirect {
  from: string;
  to: string;
  status: number;
  force: boolean;
}

/** A _redirects file as Netlify reads it; throws on any line it refuses. */
export async function netlifyRedirects(text: string): Promise<NetlifyRedirect[]> {
  const { redirects, errors } = await throughFile(text, (file) => parseAllRedirects({ redirectsFiles: [file], configRedirects: [], minimal: false }));
  if (errors.length) throw new Error(`_redirects: ${errors.map((e: Error) => e.message).join('; ')}`);
  return redirects as NetlifyRedirect[];
}

/** A _headers file as Netlify reads it, with each rule's path pattern as a regular expression; throws on errors. */
export async function netlifyHeaderRules(text: string): Promise<Header[]> {
  const { headers, errors } = await throughFile(text, (file) => parseAllHeaders({ headersFiles: [file], configHeaders: [], minimal: false }));
  if (errors.length) throw new Error(`_headers: ${errors.map((e) => e.message).join('; ')}`);
  return headers as Header[];
}

/** The headers a path gets from _headers rules: every matching rule's, and a header two rules set has both values, comma-joined, as both hosts send it. */
export function netlifyHeadersFor(rules: Header[], pathname: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules.filter((r) => r.forRegExp.test(pathname))) {
    for (const [name, value] of Object.entries(rule.values)) headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  return headers;
}

/** The headers of nginx add_header lines, as [name, value]. */
export function nginxHeaders(conf: string): [string, string][] {
  return [...conf.matchAll(/^add_header (\S+) "(.*)" always;$/gm)].map((m) => [m[1], m[2]]);
}

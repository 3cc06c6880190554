/**
 * Gives every link of a page the href it means in the page's own version (resolve-link.ts): Markdown links and
 * definitions, and the `href` of JSX elements (`<a>`, `<Card>`); a partial's links from the partial's own folder. A
 * link that resolves to no page of its version fails the compile, each such link named with its line among the page's
 * problems (page-problems.ts). What each link was resolved against is recorded in `file.data.linkAnswers`, so the
 * page cache can tell when a linked page's route changed (page-compiler.ts); where each link it rewrote is written, in
 * `file.data.linkPlaces`, for the link check's report (link-places.ts).
 */
import path from 'node:path';
import type { Root } from 'mdast';
import type { Node } from 'unist';
import type { VFile } from 'vfile';
import { visit } from 'unist-util-visit';
import { pageProblem } from './page-problems.ts';
import type { LinkPlaces } from '../links/link-places.ts';
import type { LinkMapping } from '../../../site.config.ts';
import { answerOf, resolveLink, type LinkFrom, type LinkQuery, type RouteLookup, type VersionRoutes } from '../links/resolve-link.ts';

/** What the compiler gives the plugin: where the page is, and every version's routes. */
export interface LinkContext {
  from: LinkFrom;
  versions: VersionRoutes[];
  /** site.config.ts's linkMappings. */
  mappings?: LinkMapping[];
}

/** A recorded lookup's key: 'file 1.1 concepts/tunnels.mdx'. */
export const queryKey = (q: LinkQuery) => `${q.kind} ${q.version} ${q.path}`;

function parseKey(key: string): LinkQuery {
  const [kind, version, ...rest] = key.split(' ');
  return { kind: kind as LinkQuery['kind'], version, path: rest.join(' ') };
}

/** Whether every recorded lookup still gets the answer it got: if so, the page's links resolve as they did. */
export function linkAnswersHold(answers: Record<string, string> | undefined, versions: readonly VersionRoutes[]): boolean {
  if (!answers) return true;
  return Object.entries(answers).every(([key, answer]) => answerOf(versions, parseKey(key)) === answer);
}

/** What the recorded lookups `keys` answer now. */
export function answersNow(keys: readonly string[], versions: readonly VersionRoutes[]): Record<string, string> {
  return Object.fromEntries(keys.map((key) => [key, answerOf(versions, parseKey(key))]));
}

function recordingLookup(versions: VersionRoutes[], answers: Record<string, string>): RouteLookup {
  return {
    versions,
    fileRoute(version, relPath) {
      const q: LinkQuery = { kind: 'file', version: version.name, path: relPath };
      answers[queryKey(q)] = answerOf(versions, q);
      return version.files.get(relPath);
    },
    hasRoute(version, relRoute) {
      const q: LinkQuery = { kind: 'route', version: version.name, path: relRoute };
      answers[queryKey(q)] = answerOf(versions, q);
      return version.routes.has(relRoute);
    },
  };
}

type HrefHolder = { value: string | unknown };

export function remarkLinks() {
  return (tree: Root, file: VFile) => {
    const context = file.data.linkContext;
    if (!context) return;
    const answers: Record<string, string> = {};
    const lookup = recordingLookup(context.versions, answers);
    // A partial's links are relative to the partial's file, as Docusaurus reads them (remark-docusaurus-imports.ts).
    const versionDir = file.path.endsWith(context.from.relPath) ? file.path.slice(0, -context.from.relPath.length) : undefined;
    const fromOf = (node: Node): LinkFrom => {
      const partial = (node.data as { fromFile?: string } | undefined)?.fromFile;
      return partial && versionDir && partial.startsWith(versionDir) ? { ...context.from, relPath: partial.slice(versionDir.length).split(path.sep).join('/'), page: context.from.relPath } : context.from;
    };
    // Where each rewritten link is written, for the link check's report (link-places.ts).
    const places: LinkPlaces = {};
    const placeOf = (node: Node) => {
      const partial = (node.data as { fromFile?: string } | undefined)?.fromFile;
      const line = node.position?.start.line;
      return `${partial ? path.relative(file.cwd, partial) : (file.data.source ?? file.path)}${line ? `:${line}` : ''}`;
    };
    const resolve = (href: string, at: Node, set: (href: string) => void) => {
      const out = resolveLink(href, fromOf(at), lookup, context.mappings);
      if ('href' in out) {
        if (out.href === href) return;
        set(out.href);
        const place = (places[out.href] ??= { written: href, at: [] });
        place.at.push(placeOf(at));
        if (href !== place.written && !place.also?.includes(href)) (place.also ??= []).push(href);
      } else pageProblem(file, `broken link ${href}: ${out.reason}${out.hint ? ` (${out.hint})` : ''}`, at);
    };
    visit(tree, (node) => {
      if (node.type === 'link' || node.type === 'definition') {
        resolve(node.url, node, (href) => (node.url = href));
      } else if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
        for (const attr of node.attributes) {
          if (attr.type !== 'mdxJsxAttribute' || attr.name !== 'href' || typeof attr.value !== 'string') continue;
          const holder = attr as HrefHolder;
          resolve(attr.value, node, (href) => (holder.value = href));
        }
      }
    });
    file.data.linkAnswers = answers;
    file.data.linkPlaces = places;
  };
}

declare module 'vfile' {
  interface DataMap {
    /** Set by the compiler: the page's place and every version's routes; without it links are left as written. */
    linkContext: LinkContext;
    /** Set by remarkLinks: each route lookup its links made and the answer (see linkAnswersHold). */
    linkAnswers: Record<string, string>;
    /** Set by remarkLinks: where the links it rewrote are written. */
    linkPlaces: LinkPlaces;
  }
}

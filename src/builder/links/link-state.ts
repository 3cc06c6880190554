/**
 * What the link check leaves for the next build (.cache/link-state.json), so that a build which
 * renders a few pages judges their links and the links that reach their anchors, not every link of
 * every page brought back from the render cache (at ten thousand pages, reading those pages' facts
 * was 38 MB of JSON and most of the prerender's garbage collection).
 *
 * A link's verdict depends on the site's page paths, redirects and files (does it reach anything?)
 * and on the ids of the page it reaches (does its anchor?). `targets` is a hash of the first three:
 * while it is as it was, a kept page's link can change its verdict only by reaching an anchor of a
 * page rendered again, and `anchored` lists those links by the page they reach. The state is removed
 * when a prerender starts and written when its check found nothing broken: a build stopped half-way,
 * or one that let broken links through, leaves none, and the next checks every page.
 */
import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { sha256 } from '../common/hash.ts';
import { anchoredLinks, targetsOf, type AnchoredLink, type LinkTargets } from './link-check.ts';
import type { PageFacts } from './html-facts.ts';

export interface LinkState {
  targets: string;
  anchored: Record<string, AnchoredLink[]>;
}

interface Site {
  redirects: { from: string; to: string }[];
  base: string;
}

/** The hash of what decides whether a link reaches anything: page paths, redirects, base URL and the other files of the site. */
export function targetsKey(pagePaths: string[], files: string[], { redirects, base }: Site): string {
  return sha256(JSON.stringify({ pages: [...pagePaths].sort(), files: [...files].sort(), redirects, base }));
}

/** The last build's state, or undefined when there is none (or it cannot be read). */
export function readLinkState(file: string): LinkState | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LinkState;
  } catch {
    return undefined;
  }
}

export const forgetLinkState = (file: string) => rm(file, { force: true });

export const saveLinkState = (file: string, state: LinkState) => writeFile(file, JSON.stringify(state));

/** What this build's check judges, against which pages, and the state it leaves if nothing is broken. */
export interface LinkPlan {
  pages: PageFacts[];
  targets: LinkTargets;
  next: LinkState;
}

interface PlanInput extends Site {
  targets: string;
  previous: LinkState | undefined;
  /** Facts of the pages rendered in this build. */
  rendered: PageFacts[];
  /** Every page of the site, rendered or kept (the 404 page is none). */
  pagePaths: string[];
  /** A kept page's facts, read from its render-cache entry (asked for only when needed). */
  keptFacts: (path: string) => PageFacts;
}

/** Plans the check: the rendered pages and the kept links that reach them when the state allows, every page otherwise. */
export function planLinkCheck({ targets, previous, rendered, pagePaths, keptFacts, redirects, base }: PlanInput): LinkPlan {
  const site = { redirects, base };
  if (previous?.targets !== targets) {
    const renderedPaths = new Set(rendered.map((f) => f.path));
    const all = [...rendered, ...pagePaths.filter((p) => !renderedPaths.has(p)).map(keptFacts)];
    const allTargets = targetsOf(all);
    return { pages: all, targets: allTargets, next: { targets, anchored: Object.fromEntries(anchoredLinks(all, { ...site, targets: allTargets })) } };
  }
  const fresh = new Map(rendered.map((f) => [f.path, f]));
  const pageSet = new Set(pagePaths);
  const pageTargets: LinkTargets = { has: (p) => pageSet.has(p), idsOf: (p) => (fresh.get(p) ?? keptFacts(p)).ids };
  // A kept page's links to a rendered page's anchors, judged as one-link pages.
  const reaching = [...fresh.keys()].flatMap((p) => previous.anchored[p] ?? []).filter(([page]) => !fresh.has(page));
  const pages = [...rendered, ...reaching.map(([path, source, link]) => ({ path, source, ids: [], links: [link] }))];
  // The state goes on: the rendered pages' anchored links replace those they had.
  const anchored = new Map<string, AnchoredLink[]>();
  for (const [target, links] of Object.entries(previous.anchored)) {
    const kept = links.filter(([page]) => !fresh.has(page));
    if (kept.length) anchored.set(target, kept);
  }
  for (const [target, links] of anchoredLinks(rendered, { ...site, targets: pageTargets })) anchored.set(target, [...(anchored.get(target) ?? []), ...links]);
  return { pages, targets: pageTargets, next: { targets, anchored: Object.fromEntries(anchored) } };
}

/**
 * One version, one story: a fact the pages of one docs version state in several places must be stated the
 * same way everywhere. Two facts are read:
 * - the default permission mode, from sentences such as "shares are closed by default" or "closed is the
 *   default" (a sentence about earlier releases, "before v1.0.5 …" or in a tab for them, is history and is skipped); the
 *   release's own default (content/cli/<version>.json `permissionModes`) is the story when all its
 *   share-creating commands agree;
 * - the hosted share domain, from share host names such as `toaster.share.zrok.io` anywhere on the page;
 *   the domain most places use is the story (zrok's source does not say which domain the hosted
 *   service uses).
 * Each statement that differs names the place that tells the story.
 */
import type { CliFacts } from './cli-facts.ts';
import { forOlderReleasesOnly } from './older-releases.ts';
import type { PageProse } from './prose.ts';

export type StoryKind = 'default permission mode' | 'hosted share domain';

export interface Statement {
  kind: StoryKind;
  value: string;
  file: string;
  line: number;
}

const DEFAULT_MODE = [/\b(open|closed)\b(?: permission mode)? (?:is (?:still )?the default|by default)\b/i, /\bdefault (?:permission )?mode (?:is|was) `?(open|closed)\b/i];
const ABOUT_SHARES = /\bshares?\b|\bpermission\b/i;
const HISTORY = /\b(?:before|until|prior to|older|earlier|up to|used to)\b|\bto `?v?\d+\.\d+\.\d+/i;
/** First labels of zrok.io hosts that are services, not shares (api-v1.zrok.io has three labels and never counts). */
const SERVICE_LABELS = new Set(['api', 'api-v1', 'oauth', 'www', 'docs', 'console', 'myzrok']);
const HOST_CHAR = /[\w.<>*{}-]/;

/** `tag`: the release the version documents; a tab for earlier releases only is history too. */
export function pageStatements(file: string, text: string, prose: PageProse, tag: string): Statement[] {
  const out: Statement[] = [];
  for (const s of prose.sentences) {
    if (!ABOUT_SHARES.test(s.text) || HISTORY.test(s.text) || forOlderReleasesOnly(s.tab, tag)) continue;
    for (const pattern of DEFAULT_MODE) {
      const m = pattern.exec(s.text);
      if (m) {
        out.push({ kind: 'default permission mode', value: m[1].toLowerCase(), file, line: s.line });
        break;
      }
    }
  }
  // Each host name ending in .zrok.io, read backwards from its domain.
  let line = 1;
  let counted = 0;
  for (let end = text.indexOf('.zrok.io'); end >= 0; end = text.indexOf('.zrok.io', end + 1)) {
    if (HOST_CHAR.test(text[end + 8] ?? '') && text[end + 8] !== '.') continue; // zrok.iox, not zrok.io
    let start = end;
    while (start > 0 && HOST_CHAR.test(text[start - 1])) start--;
    const labels = text.slice(start, end + 8).split('.');
    // `.domains.staging.zrok.io` is a suffix, not a host.
    if (labels.length !== 4 || !labels[0] || SERVICE_LABELS.has(labels[0].toLowerCase())) continue;
    for (; counted < start; counted++) if (text[counted] === '\n') line++;
    out.push({ kind: 'hosted share domain', value: labels.slice(1).join('.').toLowerCase(), file, line });
  }
  return out;
}

const place = (s: Statement) => `${s.file}:${s.line}`;
const alsoSaid = (n: number) => (n === 0 ? '' : n === 1 ? ', as does one more place of this version' : `, as do ${n} more places of this version`);

/** The release's default permission mode, when every share-creating command has the same one. */
function releaseDefault(facts: CliFacts) {
  const modes = new Set(facts.permissionModes.map((p) => p.default));
  return modes.size === 1 ? { value: [...modes][0], source: facts.permissionModes.map((p) => p.source).join(', ') } : undefined;
}

export function oneStoryProblems(statements: Statement[], facts: CliFacts): { file: string; line: number; message: string }[] {
  const problems: { file: string; line: number; message: string }[] = [];
  const kinds: StoryKind[] = ['default permission mode', 'hosted share domain'];
  for (const kind of kinds) {
    const stated = statements.filter((s) => s.kind === kind);
    const release = kind === 'default permission mode' ? releaseDefault(facts) : undefined;
    const counts = new Map<string, number>();
    for (const s of stated) counts.set(s.value, (counts.get(s.value) ?? 0) + 1);
    // Most places first; Map keeps the first-seen order among equals.
    const story = release?.value ?? [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
    const told = stated.find((s) => s.value === story);
    for (const s of stated.filter((x) => x.value !== story)) {
      const why = release
        ? `${story} in ${facts.tag} (${release.source})${told ? `, as ${place(told)} says` : ''}`
        : `${place(told!)} says ${story}${alsoSaid(counts.get(story!)! - 1)}`;
      problems.push({ file: s.file, line: s.line, message: `${kind} "${s.value}" → ${why}` });
    }
  }
  return problems;
}

/**
 * Holds what a page says about who may access a private share to the permission mode the command next to
 * it gives the share (content/cli/<version>.json `permissionModes`).
 *
 * The rule, kept narrow so that it fails only on a real contradiction: in a section (between two headings)
 * whose code creates private shares (`zrok share private`, `zrok reserve private`) all in one mode,
 * - a closed share: a sentence that lets anyone / any user / every account access it, run the access
 *   command, or reach it, is an error;
 * - an open share: a sentence that limits access to you, your account or the owner is an error.
 * A sentence that names a permission mode or its flag, public shares, or limits or negates itself (only,
 * not, unless, grant), speaks of the rule or the other mode, and is never read as a claim about this share.
 */
import type { CliFacts, PermissionFact, PermissionMode } from './cli-facts.ts';
import { lineOf, type PageProse } from './prose.ts';

/** A command on the page that creates a private share. */
export interface ShareCreation {
  line: number;
  command: string;
  mode: PermissionMode;
  fact: PermissionFact;
}

/** The mode a resolved invocation gives its share, if it creates a private one (`line` is the caller's to fill). */
export function privateShareMode(path: string, positionals: string[], flags: string[], facts: CliFacts): Omit<ShareCreation, 'line'> | undefined {
  const fact = facts.permissionModes.find((p) => p.command === path);
  if (!fact) return undefined;
  const isPrivate = path.endsWith(' private') || (path === 'zrok reserve' && positionals[0] === 'private');
  if (!isPrivate) return undefined;
  const given = flags.some((f) => f === `--${fact.flag}` || f === `--${fact.flag}=true`);
  return { command: path === 'zrok reserve' ? 'zrok reserve private' : path, mode: given ? fact.flagMode : fact.default, fact };
}

const SUBJECT = String.raw`\b(?:anyone|anybody|any(?: \`?zrok\`?)? (?:user|account|one|environment)s?|every(?: \`?zrok\`?)? (?:user|account|environment)s?|all(?: \`?zrok\`?)? (?:users|accounts))\b`;
const MAY = String.raw`\b(?:can|may|could|is able to|are able to|will be able to)\b`;
const ACT = String.raw`\b(?:access|run|use|reach|connect|open|get in|join)\b`;
const OPEN_CLAIM = new RegExp(String.raw`${SUBJECT}[^.;:]{0,80}?${MAY}[^.;:]{0,60}?${ACT}`, 'i');
const CLOSED_CLAIM = new RegExp(String.raw`\bonly\b[^.;:]{0,60}?\b(?:you|your(?: own)? account|the owner|the owner's account)\b[^.;:]{0,80}?${MAY}[^.;:]{0,60}?${ACT}`, 'i');
/**
 * Speaks of the other mode, of limits, or of public shares (which anyone reaches through a frontend, in
 * either mode): not a claim about the private share made in this mode.
 */
const ABOUT_OPEN = /--open\b|\bopen (?:permission )?mode\b|\bopen shares?\b|\bpublic\b|\bonly\b|\bnot\b|n't\b|\bunless\b|\bgrant/i;
const ABOUT_CLOSED = /--closed\b|\bclosed (?:permission )?mode\b|\bclosed shares?\b|\bnot\b|n't\b|\bunless\b/i;

const excerpt = (s: string) => (s.length > 70 ? `${s.slice(0, 67)}…` : s);

export function permissionClaimProblems(prose: PageProse, creations: ShareCreation[], tag: string): { line: number; message: string }[] {
  const bySection = new Map<number, ShareCreation[]>();
  for (const c of creations) {
    const s = prose.sectionOf(c.line);
    bySection.set(s, [...(bySection.get(s) ?? []), c]);
  }
  const problems: { line: number; message: string }[] = [];
  for (const sentence of prose.sentences) {
    const here = bySection.get(sentence.section);
    if (!here || new Set(here.map((c) => c.mode)).size !== 1) continue; // no share, or shares of both modes
    const [share] = here;
    const claim = share.mode === 'closed' ? OPEN_CLAIM.exec(sentence.text) : CLOSED_CLAIM.exec(sentence.text);
    if (!claim || (share.mode === 'closed' ? ABOUT_OPEN : ABOUT_CLOSED).test(sentence.text)) continue;
    const { fact } = share;
    const how = share.mode === fact.default ? `without --${fact.flag}` : `with --${fact.flag}`;
    const made = `${share.command} ${how} (line ${share.line}) makes a ${share.mode} share in ${tag} (${fact.source})`;
    const who = share.mode === 'closed' ? 'only its owner\'s account and accounts granted access can reach it' : 'any account that has its token can access it';
    problems.push({ line: lineOf(sentence, claim.index), message: `"${excerpt(sentence.text.slice(claim.index))}" → ${made}: ${who}` });
  }
  return problems;
}

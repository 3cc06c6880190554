/**
 * Holds what a page says about a config key's default to how zrok loads the config (content/cli/<version>.json
 * `stanzaDefaults`). A key that DefaultConfig() seeds inside a nested stanza (`limits.cycle`) keeps that value only
 * while the whole stanza is absent: a stanza the file has is bound into a fresh, zero-valued struct, so a key
 * left out of it is zero. A page must not promise such a key its default when it is left out.
 *
 * The rule, kept narrow so that it fails only on a real promise: a sentence, or a table row, that names a seeded key
 * in a code span and speaks of a default or of leaving the key out (default, without the key, leave … out, omit,
 * if not set, falls back) is an error. A key is named by its full path (`limits.cycle`), or by a shorter tail
 * (`cycle`, `bandwidth.period`) on a page whose YAML shows its stanza (`limits:`) or in a sentence that names
 * it. A sentence about leaving out the whole stanza (whole, entire), or one that says the key is then zero or
 * has no default, is what the page should say and never counts.
 */
import type { CliFacts, StanzaDefault } from './cli-facts.ts';
import type { CodeFence } from './code-fences.ts';
import { lineOf, type PageProse } from './prose.ts';

const CLAIM =
  /\bdefaults?\b|\bwithout (?:the|this|that|a|an) key\b|\b(?:leave|leaves|leaving|left)\b[^.;]{0,40}?\bout\b|\bomit(?:s|ted|ting)?\b|\b(?:if|when|while) (?:it is |it's |they are |the key is )?(?:not set|unset|missing|absent)\b|\bfalls? back\b/i;
const WHOLE_STANZA = /\b(?:whole|entire)\b/i;
const SAYS_ZERO = /\bzero\b|\bnot (?:its|their|the) defaults?\b|\binstead of (?:its|their|the) defaults?\b|\bno defaults?\b/i;
const CODE_SPAN = /`([^`\n]+)`/g;

export interface StanzaDefaultProblem {
  line: number;
  message: string;
}

/** The seeded key a code span names, if any: its full path, or a tail of it where the stanza is in view. */
function namedKey(span: string, seeds: StanzaDefault[], stanzasInView: Set<string>): StanzaDefault | undefined {
  const name = span.trim().replace(/:$/, '');
  for (const seed of seeds) {
    const parts = seed.key.split('.');
    for (let n = 1; n <= parts.length; n++) {
      if (parts.slice(-n).join('.') !== name) continue;
      if (n === parts.length || stanzasInView.has(parts[0])) return seed;
    }
  }
  return undefined;
}

/** One sentence or table row: an error for each seeded key it promises a default. */
function claims(text: string, at: (index: number) => number, seeds: StanzaDefault[], pageStanzas: Set<string>, tag: string): StanzaDefaultProblem[] {
  if (!CLAIM.test(text) || SAYS_ZERO.test(text)) return [];
  const spans = [...text.matchAll(CODE_SPAN)].map((m) => ({ name: m[1].trim().replace(/:$/, ''), index: m.index }));
  const stanzas = new Set([...pageStanzas, ...spans.map((s) => s.name)]);
  const speaksOfStanza = (stanza: string) => WHOLE_STANZA.test(text) && spans.some((s) => s.name === stanza);
  const out: StanzaDefaultProblem[] = [];
  const seen = new Set<string>();
  for (const span of spans) {
    const seed = namedKey(span.name, seeds, stanzas);
    if (!seed || seen.has(seed.key)) continue;
    const stanza = seed.key.split('.')[0];
    if (speaksOfStanza(stanza)) continue;
    seen.add(seed.key);
    out.push({
      line: at(span.index),
      message: `\`${span.name}\` default → ${seed.key} is ${seed.value} (${seed.source}) only while the whole \`${stanza}:\` stanza is absent in ${tag}; a key left out of a written stanza is zero`,
    });
  }
  return out;
}

/** `fences`: the page's code fences (codeFences(text)), `prose`: its sentences (pageProse(text)). */
export function stanzaDefaultProblems(text: string, fences: CodeFence[], prose: PageProse, facts: CliFacts): StanzaDefaultProblem[] {
  const seeds = Object.values(facts.stanzaDefaults ?? {}).flat();
  if (!seeds.length) return [];
  // Stanzas a YAML example of the page shows at its top level.
  const pageStanzas = new Set(
    fences.filter((f) => f.lang === 'yaml' || f.lang === 'yml').flatMap((f) => f.content.map((l) => /^([a-z_]+):/.exec(l)?.[1]).filter((k): k is string => !!k)),
  );
  const inFence = new Set(fences.flatMap((f) => Array.from({ length: f.content.length + 2 }, (_, i) => f.fenceLine + i)));
  const rows = new Set<number>();
  const out: StanzaDefaultProblem[] = [];
  // A table row is read whole: its first cell names the key, a later cell may promise the default.
  text.split(/\r?\n/).forEach((raw, i) => {
    if (inFence.has(i + 1) || !/^\s*\|/.test(raw)) return;
    rows.add(i + 1);
    out.push(...claims(raw, () => i + 1, seeds, pageStanzas, facts.tag));
  });
  for (const s of prose.sentences) {
    if (rows.has(s.line)) continue;
    out.push(...claims(s.text, (index) => lineOf(s, index), seeds, pageStanzas, facts.tag));
  }
  return out;
}

/**
 * axe-core, run in the page itself. Its source goes into a page once; only violations are collected. (The
 * @axe-core/playwright builder sent the 580 KB source over the protocol twice per check and gathered every passing
 * node too: a doc page took 0.9 s a check, this takes 0.45 s.)
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.1 A and AA rules, which every page must pass. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** What to check: rules by tag (WCAG 2.1 A and AA unless told) but those `skip` names, or by name, over the page or the elements `include` selects. */
export interface AxeScope {
  tags?: string[];
  rules?: string[];
  skip?: string[];
  include?: string;
}

async function run(page: Page, { tags = WCAG_TAGS, rules, skip = [], include }: AxeScope): Promise<Result[]> {
  return page.evaluate(
    ({ tags, rules, skip, include }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const runOnly = rules ? { type: 'rule' as const, values: rules } : { type: 'tag' as const, values: tags };
      const off = Object.fromEntries(skip.map((id) => [id, { enabled: false }]));
      return axe.run(include ? { include: [include] } : document, { runOnly, rules: off, resultTypes: ['violations'] }).then((r) => r.violations);
    },
    { tags, rules, skip, include },
  );
}

/**
 * The colours of a gradient behind the page (the dark mode's), darkest to lightest as written. axe cannot tell the
 * contrast of text on a gradient and leaves it unchecked, so the page is checked on each of its colours in turn:
 * between two of them, the contrast is between theirs.
 */
async function pageGradientStops(page: Page): Promise<string[]> {
  return page.evaluate(() => getComputedStyle(document.body).backgroundImage.match(/rgba?\([^)]*\)/g) ?? []);
}

async function onSolidPage<T>(page: Page, colour: string, check: () => Promise<T>): Promise<T> {
  await page.evaluate((c) => [document.documentElement, document.body].forEach((e) => e.style.setProperty('background', c, 'important')), colour);
  try {
    return await check();
  } finally {
    await page.evaluate(() => [document.documentElement, document.body].forEach((e) => e.style.removeProperty('background')));
  }
}

/** The violations axe-core finds in `page`; text over a background gradient is checked against each of its colours. */
export async function axeViolations(page: Page, scope: AxeScope = {}): Promise<Result[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const contrast = scope.rules ? scope.rules.includes('color-contrast') : !scope.skip?.includes('color-contrast');
  const stops = contrast ? await pageGradientStops(page) : [];
  if (stops.length === 0) return run(page, scope);
  const [first, ...others] = stops;
  const found = await onSolidPage(page, first, () => run(page, scope));
  for (const colour of others) {
    for (const v of await onSolidPage(page, colour, () => run(page, { ...scope, rules: ['color-contrast'] }))) {
      const same = found.find((f) => f.id === v.id);
      if (same) same.nodes.push(...v.nodes.filter((n) => !same.nodes.some((m) => m.target.join() === n.target.join())));
      else found.push(v);
    }
  }
  return found;
}

/** Each violation as a line: the rule, its impact and the first three elements it names. */
export async function violationLines(page: Page, scope?: AxeScope): Promise<string[]> {
  return (await axeViolations(page, scope)).map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

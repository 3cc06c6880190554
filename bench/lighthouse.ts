/**
 * Lighthouse on the built site served by nginx with deploy/nginx.conf (as in production), for the pages the
 * performance, diagrams and reading goals name, in the mobile and desktop presets, with the system Chromium.
 * Each page and preset runs RUNS times (default 3); the row shows the run with the median performance score,
 * and the CLS column shows the largest CLS of all runs (the goal is 0 in every run, not in the median).
 * Then it lists what kept any category below 100 in that median run.
 * Usage: npx tsx bench/lighthouse.ts [RUNS] [ROUTE …]   (after npm run build; needs nginx, see test/e2e/nginx.ts)
 * Performance uses Lighthouse's simulated throttling: it scales the main-thread time it observes, so run it on an
 * idle machine and compare pages within one run.
 */
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';
import { startNginx } from '../test/e2e/nginx.ts';
import { CHROMIUM_ARGS } from '../test/e2e/support.ts';
import siteConfig from '../site.config.ts';

/** Lighthouse needs the whole browser (its new headless mode), not the headless shell the tests drive. */
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const DEFAULT_PAGES = [
  '/',
  '/docs/getting-started/',
  '/docs/concepts/sharing-public/',
  '/docs/guides/self-hosting/oauth/configuring-oauth/',
  '/docs/guides/install/linux/',
  '/docs/guides/self-hosting/linux/',
  // An older version's page: the first older version's main route.
  `/docs/${siteConfig.versions.find((v) => !v.current)!.pathPrefix}getting-started/`,
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const RUNS = Number(process.argv[2] ?? 3);
const PAGES = process.argv.length > 3 ? process.argv.slice(3) : DEFAULT_PAGES;

const site = await startNginx('dist');
const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
const below: string[] = [];
const score = (lhr: Result, c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
console.log(`median of ${RUNS} runs; CLS is the largest of the runs`);
console.log('page                                                | preset  | perf | a11y | best | seo | LCP      | TBT     | CLS max | bytes');
try {
  for (const page of PAGES) {
    for (const preset of ['mobile', 'desktop'] as const) {
      const runs: Result[] = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(site.url + page, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES }, preset === 'desktop' ? desktopConfig : undefined);
        runs.push(result!.lhr);
      }
      runs.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
      const lhr = runs[Math.floor(runs.length / 2)];
      const audit = (id: string) => lhr.audits[id];
      const clsMax = Math.max(...runs.map((r) => r.audits['cumulative-layout-shift'].numericValue ?? 0));
      console.log(
        `${page.padEnd(52)}| ${preset.padEnd(8)}| ${String(score(lhr, 'performance')).padEnd(5)}| ${String(score(lhr, 'accessibility')).padEnd(5)}| ${String(score(lhr, 'best-practices')).padEnd(5)}| ${String(score(lhr, 'seo')).padEnd(4)}| ${(audit('largest-contentful-paint').displayValue ?? '').padEnd(9)}| ${(audit('total-blocking-time').displayValue ?? '').padEnd(8)}| ${clsMax.toFixed(3).padEnd(8)}| ${Math.round((audit('total-byte-weight').numericValue ?? 0) / 1024)} KB`,
      );
      for (const c of CATEGORIES) {
        const cat = lhr.categories[c];
        if (!cat || cat.score === 1) continue;
        const failing = cat.auditRefs
          .filter((r) => r.weight > 0 && (lhr.audits[r.id].score ?? 1) < 1)
          .map((r) => `${r.id} (${lhr.audits[r.id].displayValue ?? Math.round((lhr.audits[r.id].score ?? 0) * 100)})`);
        below.push(`${page} ${preset} ${c} ${score(lhr, c)}: ${failing.join(', ')}`);
      }
    }
  }
} finally {
  await chrome.kill();
  await site.close();
}
console.log(below.length ? `\nBelow 100:\n${below.join('\n')}` : '\nEvery category is 100 on every page.');

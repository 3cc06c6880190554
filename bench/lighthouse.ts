/**
 * Lighthouse on the built site served by nginx with deploy/nginx.conf (as in production), for four
 * pages in the mobile and desktop presets, with the system Chromium. Prints the four category
 * scores and LCP, TBT, CLS and transferred bytes, then what kept any score below 100.
 * Usage: npx tsx bench/lighthouse.ts   (after npm run build; needs nginx, see test/e2e/nginx.ts)
 * Scores of "performance" use Lighthouse's simulated throttling, which is noisy on a busy machine.
 */
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';
import { startNginx } from '../test/e2e/nginx.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../test/e2e/support.ts';

const PAGES = ['/', '/docs/getting-started/', '/docs/guides/self-hosting/linux/', '/docs/1.0/getting-started/'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const site = await startNginx('dist');
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
const below: string[] = [];
console.log('page                               | preset  | perf | a11y | best | seo | LCP      | TBT     | CLS   | bytes');
try {
  for (const page of PAGES) {
    for (const preset of ['mobile', 'desktop'] as const) {
      const result = await lighthouse(site.url + page, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES }, preset === 'desktop' ? desktopConfig : undefined);
      const lhr = result!.lhr;
      const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
      const audit = (id: string) => lhr.audits[id];
      console.log(
        `${page.padEnd(35)}| ${preset.padEnd(8)}| ${String(score('performance')).padEnd(5)}| ${String(score('accessibility')).padEnd(5)}| ${String(score('best-practices')).padEnd(5)}| ${String(score('seo')).padEnd(4)}| ${(audit('largest-contentful-paint').displayValue ?? '').padEnd(9)}| ${(audit('total-blocking-time').displayValue ?? '').padEnd(8)}| ${(audit('cumulative-layout-shift').displayValue ?? '').padEnd(6)}| ${Math.round((audit('total-byte-weight').numericValue ?? 0) / 1024)} KB`,
      );
      for (const c of CATEGORIES) {
        const cat = lhr.categories[c];
        if (!cat || cat.score === 1) continue;
        const failing = cat.auditRefs
          .filter((r) => r.weight > 0 && (lhr.audits[r.id].score ?? 1) < 1)
          .map((r) => `${r.id} (${lhr.audits[r.id].displayValue ?? Math.round((lhr.audits[r.id].score ?? 0) * 100)})`);
        below.push(`${page} ${preset} ${c} ${score(c)}: ${failing.join(', ')}`);
      }
    }
  }
} finally {
  await chrome.kill();
  await site.close();
}
console.log(below.length ? `\nBelow 100:\n${below.join('\n')}` : '\nEvery category is 100 on every page.');

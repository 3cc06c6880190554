/**
 * Search benchmark on the built site, per version: the whole published index (core + parts, gzip)
 * and what the pages' keywords add to it, what a first search downloads and how long it takes
 * (empty cache), and the median and p95 query time once the parts are loaded, over a fixed query
 * list. Exits 1 when a budget is missed: keywords (the `keywords` and `phrases` fields) add at most
 * 10 % to a version's whole index, and a first search downloads at most 30 KB gzip (median).
 * Usage: npx tsx bench/search.ts  (after npm run build)
 */
import { clientOverDist, firstQueryDownloads, modalRequest, wholeIndex, wholeIndexWithout } from './search-files.ts';

const KEYWORD_GROWTH_BUDGET = 0.1;
const FIRST_SEARCH_BUDGET = 30 * 1024;

const QUERIES = [
  'zrok share', 'reserved', 'oauth github', 'docker compose', 'private access', 'tunnel udp', 'nginx tls', 'limits bandwidth',
  'agent', 'frontdoor', 'invite', 'metrics influxdb', 'windows service', 'vpn', 'custom domain', 'enable environment', 'tok',
];
const ROUNDS = 20;
const TAGS = ['docs-default-current', 'docs-default-1.0', 'docs-default-0.4'];
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const missed: string[] = [];
console.log('version tag            | whole index (gzip) | of it keywords | first search downloads, median | first search time | median query | p95 query');
for (const tag of TAGS) {
  const whole = await wholeIndex('dist', tag);
  const growth = whole.gzip / (await wholeIndexWithout('dist', tag, ['keywords', 'phrases'])) - 1;
  const first = await firstQueryDownloads('dist', tag, QUERIES);
  const { client } = clientOverDist('dist', [tag]);
  let t = performance.now();
  await client.search({ requests: [modalRequest(tag, QUERIES[0])] });
  const firstMs = performance.now() - t;
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of QUERIES) {
      t = performance.now();
      await client.search({ requests: [modalRequest(tag, q)] });
      times.push(performance.now() - t);
    }
  }
  const p95 = [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.95)];
  const medianFirst = first.sort((a, b) => a.gzip - b.gzip)[Math.floor(first.length / 2)];
  console.log(
    `${tag.padEnd(23)}| ${`${kb(whole.gzip)} in ${whole.files} files`.padEnd(19)}| ${`+${(100 * growth).toFixed(1)} %`.padEnd(15)}| ${`${kb(medianFirst.gzip)} in ${medianFirst.files} files`.padEnd(31)}| ${`${firstMs.toFixed(1)} ms`.padEnd(18)}| ${`${median(times).toFixed(2)} ms`.padEnd(13)}| ${p95.toFixed(2)} ms`,
  );
  if (growth > KEYWORD_GROWTH_BUDGET) missed.push(`${tag}: keywords add ${(100 * growth).toFixed(1)} % to the whole index (budget ${100 * KEYWORD_GROWTH_BUDGET} %)`);
  if (medianFirst.gzip > FIRST_SEARCH_BUDGET) missed.push(`${tag}: a first search downloads ${kb(medianFirst.gzip)} (budget ${kb(FIRST_SEARCH_BUDGET)})`);
}
console.log(`(${QUERIES.length} queries × ${ROUNDS} rounds per version, with highlighting and snippets; file reads stand in for fetches)`);
if (missed.length) {
  console.error(`over budget:\n${missed.join('\n')}`);
  process.exit(1);
}

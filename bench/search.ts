/**
 * Search benchmark on the built site, per version: the whole published index (core + parts, gzip),
 * what a first search downloads and how long it takes (empty cache), and the median and p95
 * query time once the parts are loaded, over a fixed query list.
 * Usage: npx tsx bench/search.ts  (after npm run build)
 */
import { clientOverDist, firstQueryDownloads, modalRequest, wholeIndex } from './search-files.ts';

const QUERIES = [
  'zrok share', 'reserved', 'oauth github', 'docker compose', 'private access', 'tunnel udp', 'nginx tls', 'limits bandwidth',
  'agent', 'frontdoor', 'invite', 'metrics influxdb', 'windows service', 'vpn', 'custom domain', 'enable environment', 'tok',
];
const ROUNDS = 20;
const TAGS = ['docs-default-current', 'docs-default-1.0', 'docs-default-0.4'];
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log('version tag            | whole index (gzip) | first search downloads, median | first search time | median query | p95 query');
for (const tag of TAGS) {
  const whole = await wholeIndex('dist', tag);
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
    `${tag.padEnd(23)}| ${`${kb(whole.gzip)} in ${whole.files} files`.padEnd(19)}| ${`${kb(medianFirst.gzip)} in ${medianFirst.files} files`.padEnd(31)}| ${`${firstMs.toFixed(1)} ms`.padEnd(18)}| ${`${median(times).toFixed(2)} ms`.padEnd(13)}| ${p95.toFixed(2)} ms`,
  );
}
console.log(`(${QUERIES.length} queries × ${ROUNDS} rounds per version, with highlighting and snippets; file reads stand in for fetches)`);

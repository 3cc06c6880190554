/**
 * Search benchmark on the built site: size of each version's local index (raw and gzip), the
 * time to build the in-browser index from it (first search), and the median query time over a
 * fixed query list. Usage: npx tsx bench/search.ts  (after npm run build)
 */
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { createLocalSearchClient } from '../src/search/local-client.ts';
import { searchIndexPath, type SearchRecord } from '../src/search/types.ts';

const QUERIES = [
  'zrok share', 'reserved', 'oauth github', 'docker compose', 'private access', 'tunnel udp', 'nginx tls', 'limits bandwidth',
  'agent', 'frontdoor', 'invite', 'metrics influxdb', 'windows service', 'vpn', 'custom domain', 'enable environment', 'tok',
];
const ROUNDS = 20;
const TAGS = ['docs-default-current', 'docs-default-1.0', 'docs-default-0.4'];
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log('version tag            | records | index raw | index gzip | first search (load+index) | median query | p95 query');
for (const tag of TAGS) {
  const file = path.join('dist', searchIndexPath(tag));
  const raw = await readFile(file);
  const client = createLocalSearchClient(async () => JSON.parse(raw.toString()) as SearchRecord[], TAGS);
  const request = (query: string) => ({ indexName: 'bench', query, hitsPerPage: 20, facetFilters: [[`docusaurus_tag:${tag}`]], attributesToSnippet: ['content:10'], highlightPreTag: '<mark>', highlightPostTag: '</mark>' });
  let t = performance.now();
  await client.search({ requests: [request(QUERIES[0])] });
  const first = performance.now() - t;
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of QUERIES) {
      t = performance.now();
      await client.search({ requests: [request(q)] });
      times.push(performance.now() - t);
    }
  }
  const p95 = [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.95)];
  const records = (JSON.parse(raw.toString()) as unknown[]).length;
  console.log(`${tag.padEnd(23)}| ${String(records).padEnd(8)}| ${kb(raw.length).padEnd(10)}| ${kb(gzipSync(raw, { level: 9 }).length).padEnd(11)}| ${`${first.toFixed(1)} ms`.padEnd(26)}| ${`${median(times).toFixed(2)} ms`.padEnd(13)}| ${p95.toFixed(2)} ms`);
}
console.log(`(${QUERIES.length} queries × ${ROUNDS} rounds per version, with highlighting and snippets)`);

/**
 * Prints the docs fact guard's findings (the same check the unit tests run), one `file:line: …` a line, and the CPU
 * time each version's check took (its speed is measured here, not in a test).
 * Usage: npx tsx scripts/check-cli.ts [version ...]      (default: every docs version)
 */
import path from 'node:path';
import { withGrammars } from '../src/builder/common/tree-sitter.ts';

const { borrowedFactsNotice, checkVersion, docsVersions, formatError } = await withGrammars('check-cli', () => import('../src/builder/commands/cli-check.ts'));

const root = path.join(import.meta.dirname, '..');
const versions = process.argv.length > 2 ? process.argv.slice(2) : docsVersions(root);
let total = 0;
for (const version of versions) {
  const notice = borrowedFactsNotice(root, version);
  if (notice) console.error(notice);
  const started = process.cpuUsage();
  const errors = checkVersion(root, version);
  const used = process.cpuUsage(started);
  total += errors.length;
  for (const e of errors) console.log(formatError(e));
  console.error(`${version}: ${errors.length} error(s), ${Math.round((used.user + used.system) / 1000)} CPU-ms`);
}
process.exit(total ? 1 : 0);

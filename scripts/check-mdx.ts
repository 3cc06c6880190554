/**
 * Compiles MDX pages with the site's real plugin chain and reports syntax errors with file:line.
 * Usage: npx tsx scripts/check-mdx.ts content/docs/1.1/getting-started.mdx [...more files]
 */
import { compile } from '@mdx-js/mdx';
import { readFile } from 'node:fs/promises';
import { VFile } from 'vfile';
import { mdxCompileOptions } from '../src/builder/pages/mdx-options.ts';
import { preprocessMdx } from '../src/builder/pages/mdx-preprocess.ts';

let failed = 0;
for (const path of process.argv.slice(2)) {
  const value = preprocessMdx(await readFile(path, 'utf8'));
  try {
    await compile(new VFile({ path, value }), mdxCompileOptions);
    console.log(`ok   ${path}`);
  } catch (e) {
    failed++;
    const err = e as { line?: number; column?: number; reason?: string; message: string };
    console.log(`FAIL ${path}:${err.line ?? '?'}:${err.column ?? '?'} ${err.reason ?? err.message}`);
  }
}
process.exit(failed ? 1 : 0);

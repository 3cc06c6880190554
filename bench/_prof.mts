import { createProcessor } from '@mdx-js/mdx';
import { VFile } from 'vfile';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { mdxCompileOptions } from '../src/build/mdx-options.ts';
import { preprocessMdx } from '../src/build/mdx-preprocess.ts';
const dir = process.argv[2];
const files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.mdx')).slice(0, 400);
const texts = await Promise.all(files.map(async (f) => preprocessMdx(await readFile(path.join(dir, f), 'utf8'))));
for (const [name, opts] of [['full', mdxCompileOptions], ['no-shiki', { ...mdxCompileOptions, rehypePlugins: [] }]] as const) {
  const p = createProcessor({ ...opts, jsx: false } as never);
  for (const t of texts.slice(0, 50)) await p.process(new VFile({ value: t, path: 'x.mdx' }));
  const t0 = performance.now();
  for (const t of texts.slice(50)) await p.process(new VFile({ value: t, path: 'x.mdx' }));
  console.log(name, 'ms/page', ((performance.now() - t0) / (texts.length - 50)).toFixed(1));
}

// @vitest-environment jsdom
/**
 * The dev server's body keeps plain HTML as strings (dev-inner-html.ts): it must render the page the build renders,
 * with far fewer elements for React to make. Checked on the longest pages of every version, which have the most
 * code blocks, tables and lists.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compile, evaluate } from '@mdx-js/mdx';
import * as runtime from 'react/jsx-runtime';
import * as devRuntime from 'react/jsx-dev-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { VFile } from 'vfile';
import siteConfig from '../../site.config.ts';
import { mdxCompileOptions, mdxCompileOptionsFor } from '../../src/builder/pages/mdx-options.ts';
import { preprocessMdx } from '../../src/builder/pages/mdx-preprocess.ts';
import { mdxComponents } from '../../src/mdx/components.tsx';

const root = path.resolve('content/docs');

/** The two longest pages of each version. */
const pages = siteConfig.versions.flatMap((v) =>
  readdirSync(path.join(root, v.name), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.mdx?$/.test(f) && !path.basename(f).startsWith('_'))
    .map((f) => path.join(root, v.name, f))
    .sort((a, b) => readFileSync(b, 'utf8').split('\n').length - readFileSync(a, 'utf8').split('\n').length)
    .slice(0, 2),
);

const file = (page: string) => new VFile({ path: page, cwd: process.cwd(), value: preprocessMdx(readFileSync(page, 'utf8')), data: { source: path.relative(process.cwd(), page) } });

/** The body's HTML as the browser's DOM holds it (so that escaping and quoting are the DOM's). */
async function rendered(page: string, development: boolean): Promise<string> {
  const options = development ? { ...mdxCompileOptionsFor({ development }), ...devRuntime, development } : { ...mdxCompileOptions, ...runtime, development };
  const { default: Content } = await evaluate(file(page), options as never);
  const box = document.createElement('div');
  box.innerHTML = renderToStaticMarkup(
    <MemoryRouter>
      <Content components={mdxComponents} />
    </MemoryRouter>,
  );
  return box.innerHTML;
}

/** How many elements the compiled body makes (MDX's JSX calls). */
async function elementsMade(page: string, development: boolean): Promise<number> {
  const options = development ? mdxCompileOptionsFor({ development }) : mdxCompileOptions;
  const code = String(await compile(file(page), { ...options, development }));
  return code.split(/_jsx(?:s|DEV)?\(/).length - 1;
}

describe("the dev server's body", () => {
  it.each(pages.map((p) => [path.relative(root, p), p]))('renders what the build renders: %s', async (_, page) => {
    expect(await rendered(page, true)).toBe(await rendered(page, false));
  });

  it('makes at most half the elements the build makes on a long page', async () => {
    const [longest] = pages;
    expect(await elementsMade(longest, true)).toBeLessThanOrEqual((await elementsMade(longest, false)) / 2);
  });
});

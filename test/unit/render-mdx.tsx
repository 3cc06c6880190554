import { evaluate } from '@mdx-js/mdx';
import * as runtime from 'react/jsx-runtime';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { VFile } from 'vfile';
import { mdxCompileOptions } from '../../src/builder/pages/mdx-options.ts';
import { problemLines, problemsOf } from '../../src/builder/pages/page-problems.ts';
import { preprocessMdx } from '../../src/builder/pages/mdx-preprocess.ts';
import { mdxComponents } from '../../src/mdx/components.tsx';
import { MarkdownBody } from '../../src/theme/MarkdownBody.tsx';

/** Compiles a page with the site's compiler and renders its body as a page shows it. `path`/`cwd`: where it lies. */
export async function renderMdx(source: string, { path = 'page.mdx', cwd }: { path?: string; cwd?: string } = {}) {
  const file = new VFile({ path, ...(cwd ? { cwd } : {}), value: preprocessMdx(source) });
  const { default: Content } = await evaluate(file, { ...mdxCompileOptions, ...runtime, development: false } as never);
  // A page's problems fail it, as in the build (page-problems.ts).
  const problems = problemLines(problemsOf(file, path));
  if (problems.length) throw new Error(problems.join('\n'));
  return render(
    <MemoryRouter>
      <MarkdownBody>
        <Content components={mdxComponents} />
      </MarkdownBody>
    </MemoryRouter>,
  );
}

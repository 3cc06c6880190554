/**
 * Under the dev server, a page that does not compile (an MDX error, broken links or images, bad front matter) is
 * served as a module that shows what the build would say of it, every problem of the page: in that page alone, the
 * other pages keep working, and the page shows its own text again once the file is fixed.
 */
import { problemLines, type PageProblem } from './page-problems.ts';

export function pageErrorModule(problems: readonly PageProblem[]): string {
  const items = problemLines(problems).map((line) => `_jsx('li', { children: _jsx('code', { children: ${JSON.stringify(line)} }) })`);
  return [
    "import { jsx as _jsx, jsxs as _jsxs } from 'react/jsx-runtime';",
    'export default function MDXContent() {',
    `  return _jsxs('div', { className: 'admonition admonition--danger page-error', role: 'alert', children: [`,
    `    _jsx('p', { className: 'admonition__heading', children: ${JSON.stringify(problems.length === 1 ? 'The build would stop here' : `The build would stop here, for ${problems.length} reasons`)} }),`,
    `    _jsx('div', { className: 'admonition__body', children: _jsxs('ul', { children: [${items.join(', ')}] }) }),`,
    '  ] });',
    '}',
    '',
  ].join('\n');
}

/**
 * Under the dev server, a page that does not compile (an MDX error, a broken link or image, bad front matter) is
 * served as a module that shows what the build would say, in that page alone: the other pages keep working, and the
 * page shows its own text again once the file is fixed.
 */
export function pageErrorModule(location: string, reason: string): string {
  const text = (s: string) => JSON.stringify(s);
  return [
    "import { jsx as _jsx, jsxs as _jsxs } from 'react/jsx-runtime';",
    'export default function MDXContent() {',
    `  return _jsxs('div', { className: 'admonition admonition--danger page-error', role: 'alert', children: [`,
    `    _jsx('p', { className: 'admonition__heading', children: 'The build would stop here' }),`,
    `    _jsx('div', { className: 'admonition__body', children: _jsx('p', { children: _jsx('code', { children: ${text(`${location}: ${reason}`)} }) }) }),`,
    '  ] });',
    '}',
    '',
  ].join('\n');
}

/**
 * The browser's copy of a compiled page: its one import (the JSX runtime) pointed at the client
 * build's page-runtime chunk, minified, and named by its content so it can be cached for ever.
 */
import { createHash } from 'node:crypto';
import { minifySync, parseSync } from 'rolldown/utils';

const JSX_RUNTIME = 'react/jsx-runtime';

export class PageImportError extends Error {}

/** Points the page's one allowed import at `runtimeUrl`; any other import is an error in the page. */
export function linkRuntime(code: string, runtimeUrl: string): string {
  const { program } = parseSync('page.js', code);
  let out = code;
  const imports = program.body.filter((n) => n.type === 'ImportDeclaration');
  for (const node of [...imports].reverse()) {
    const from = node.source.value;
    if (from !== JSX_RUNTIME) {
      throw new PageImportError(`pages cannot import modules ("${from}"): use the components every page has (Tabs, TabItem, Admonition, Cards, Card, Mermaid)`);
    }
    out = out.slice(0, node.source.start) + JSON.stringify(runtimeUrl) + out.slice(node.source.end);
  }
  return out;
}

/** The browser module of a page and its file name under assets/pages/. */
export function browserPage(code: string, runtimeUrl: string): { file: string; code: string } {
  const min = minifySync('page.js', linkRuntime(code, runtimeUrl), { compress: true, mangle: true }).code;
  return { file: `assets/pages/${createHash('sha256').update(min).digest('hex').slice(0, 12)}.js`, code: min };
}

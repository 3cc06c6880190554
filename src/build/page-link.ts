/**
 * The browser's copy of a compiled page: its one import (the JSX runtime) pointed at the client
 * build's page-runtime chunk, minified, and named by its content so it can be cached for ever.
 */
import { init, parse } from 'es-module-lexer';
import { minifySync } from 'rolldown/utils';
import { contentName } from './hash.ts';

/** Resolves once the import lexer (WebAssembly) is ready; await it before linking. */
export const linkerReady = init;

const JSX_RUNTIME = 'preact/jsx-runtime';

export class PageImportError extends Error {}

/** Points the page's one allowed import at `runtimeUrl`; any other import is an error in the page. */
export function linkRuntime(code: string, runtimeUrl: string): string {
  const [imports] = parse(code);
  let out = code;
  for (const i of [...imports].reverse()) {
    if (i.n !== JSX_RUNTIME) {
      throw new PageImportError(`pages cannot import modules ("${i.n ?? code.slice(i.s, i.e)}"): use the components every page has (Tabs, TabItem, Admonition, Cards, Card, Mermaid)`);
    }
    // s..e is the specifier without its quotes.
    out = out.slice(0, i.s) + runtimeUrl + out.slice(i.e);
  }
  return out;
}

/** The browser module of a page and its file name under assets/pages/. */
export function browserPage(code: string, runtimeUrl: string): { file: string; code: string } {
  const min = minifySync('page.js', linkRuntime(code, runtimeUrl), { compress: true, mangle: true }).code;
  return { file: `assets/pages/${contentName(min)}.js`, code: min };
}

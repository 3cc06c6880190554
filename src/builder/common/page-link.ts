/**
 * A compiled page's imports: the JSX runtime is the one it may have (checked when it is compiled), and its browser
 * copy points it at the client build's page-runtime chunk (page-browser-copy.ts).
 */
import { init, parse } from 'es-module-lexer';

/** Resolves once the import lexer (WebAssembly) is ready; await it before linking. */
export const linkerReady = init;

const JSX_RUNTIME = 'react/jsx-runtime';

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

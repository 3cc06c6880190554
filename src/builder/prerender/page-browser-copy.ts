/**
 * The browser's copy of a compiled page: its one import (the JSX runtime) pointed at the client build's page-runtime
 * chunk, minified, and named by its content so it can be cached for ever. Apart from page-link.ts, so that the page
 * compiler's check of a page's imports does not load the minifier (rolldown's native binding).
 */
import { minifySync } from 'rolldown/utils';
import { contentName } from '../common/hash.ts';
import { linkRuntime } from '../common/page-link.ts';

/** The browser module of a page and its file name under assets/pages/. */
export function browserPage(code: string, runtimeUrl: string): { file: string; code: string } {
  const min = minifySync('page.js', linkRuntime(code, runtimeUrl), { compress: true, mangle: true }).code;
  return { file: `assets/pages/${contentName(min)}.js`, code: min };
}

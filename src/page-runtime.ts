/**
 * What a compiled page body imports in the browser: the JSX runtime of the app's own React. The
 * build compiles pages outside the bundler and points their one import here (page-compiler.ts).
 */
export { jsx, jsxs, Fragment } from 'react/jsx-runtime';

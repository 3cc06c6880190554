/**
 * The environment of the threads that compile and render pages. A page's MDX expressions run in
 * them, so `{process.env.CI_SECRET}` would publish whatever the build machine holds: they get only
 * NODE_ENV, which React reads to pick its production build.
 */
export const PAGE_ENV: Record<string, string> = {
  NODE_ENV: process.env.NODE_ENV ?? 'production',
  // BUILD_TRACE (trace.ts): times only.
  ...(process.env.BUILD_TRACE === '1' ? { BUILD_TRACE: '1', BUILD_TRACE_T0: process.env.BUILD_TRACE_T0 ?? '' } : {}),
};

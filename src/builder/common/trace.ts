/**
 * BUILD_TRACE=1: each step of a build, as it ends, on stderr with the time since the build started, in whichever
 * process or thread it ran (the build passes its start on as BUILD_TRACE_T0). For bench/README's phase tables.
 */
const on = process.env.BUILD_TRACE === '1';
const t0 = Number(process.env.BUILD_TRACE_T0) || Date.now();
if (on) process.env.BUILD_TRACE_T0 ??= String(t0);

export function trace(step: string): void {
  if (on) process.stderr.write(`[${((Date.now() - t0) / 1000).toFixed(2)} s] ${step}\n`);
}

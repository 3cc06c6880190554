/**
 * A promise React's `use()` can read at once once it has settled: React looks for these fields on a thenable and
 * only suspends when they are missing. A page loaded before hydration (or before the prerender renders it) is then
 * rendered in the same pass, with no fallback and no second render.
 */
type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

export function settled<T>(promise: Promise<T>): Promise<T> {
  const p = promise as Tracked<T>;
  if (p.status) return p;
  p.status = 'pending';
  p.then(
    (value) => {
      p.status = 'fulfilled';
      p.value = value;
    },
    (reason: unknown) => {
      p.status = 'rejected';
      p.reason = reason;
    },
  );
  return p;
}

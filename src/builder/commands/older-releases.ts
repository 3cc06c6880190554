/**
 * Parts of a page written for earlier patch releases of the line only: a code block titled
 * `title="v1.0.0 to v1.0.4"`, or a tab labelled so. They show a command or a default as those releases
 * had it, which the newest release of the line may no longer have, and the reader sees which releases
 * they are for. The guard, which knows only the newest release, does not hold them to it.
 */

/** [major, minor, patch] of 'v1.0.8' or '1.0.4'. */
const releaseParts = (v: string) => v.replace(/^v/, '').split('.').map(Number);
const olderThan = (a: number[], b: number[]) => a[0] !== b[0] ? a[0] < b[0] : a[1] !== b[1] ? a[1] < b[1] : a[2] < b[2];

/** True when `title` names releases, and all of them are older than `tag`. */
export function forOlderReleasesOnly(title: string | undefined, tag: string): boolean {
  const named = [...(title ?? '').matchAll(/\bv?(\d+\.\d+\.\d+)\b/g)].map((m) => releaseParts(m[1]));
  return named.length > 0 && named.every((r) => olderThan(r, releaseParts(tag)));
}

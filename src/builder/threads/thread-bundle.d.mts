/**
 * Bundles `entry` into .cache/threads/<name>-<hash of the code>/, and gives the path of its entry module. `alongside`:
 * entries asked for later in the same run, bundled in the same esbuild run.
 */
export function threadBundle(entry: string, root: string, alongside?: string[]): Promise<string>;

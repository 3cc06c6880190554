/** Bundles `entry` into .cache/threads/<name>-<hash of the code>/, and gives the path of its entry module. */
export function threadBundle(entry: string, root: string): Promise<string>;

/**
 * The dev server's page compiles: one per text of a page. A saved page is compiled once, as soon as the watcher
 * reports it (manifest-plugin.ts, for its front matter and headings), and the browser's request for its body, which
 * comes after, takes the same compile. Each page keeps only its latest text, so memory grows with the pages a writer
 * opened, not with the edits.
 */
import compilePage, { type CompileOutput, type CompileTask } from './mdx-compile-worker.ts';

/**
 * The body and the manifest entry from one parse. A page whose front matter is at fault still shows its body, as it
 * did when the body was compiled alone; the content reader reports the front matter's error (manifest-plugin.ts).
 */
export async function compileWithDoc(task: CompileTask): Promise<CompileOutput> {
  const both = await compilePage({ ...task, withDoc: true });
  return both.error ? compilePage({ ...task, withDoc: false }) : both;
}

const latest = new Map<string, { text: string; output: Promise<CompileOutput> }>();

/**
 * The page at `file` compiled from `text`: the compile of that text made before, while `holds` says it still stands
 * (its links resolve as they did), or else `compile()`.
 */
export async function compileOnce(file: string, text: string, compile: () => Promise<CompileOutput>, holds: (output: CompileOutput) => Promise<boolean>): Promise<CompileOutput> {
  const known = latest.get(file);
  if (known?.text === text) {
    const output = await known.output;
    if (await holds(output)) return output;
    if (latest.get(file) !== known) return compileOnce(file, text, compile, holds); // another caller compiled it again
  }
  const output = compile();
  latest.set(file, { text, output });
  return output;
}

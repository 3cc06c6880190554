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
async function compileBoth(task: CompileTask): Promise<CompileOutput> {
  const both = await compilePage(task);
  return both.error ? compilePage({ ...task, withDoc: false }) : both;
}

const latest = new Map<string, { text: string; output: Promise<CompileOutput> }>();

/**
 * The page at `file` (absolute) compiled from `text` for the dev server, with its manifest entry. `source` is its
 * path from the project root, as errors name it; `relPath` its path inside its version folder.
 */
export function compileForDev(file: string, source: string, relPath: string, text: string): Promise<CompileOutput> {
  const known = latest.get(file);
  if (known?.text === text) return known.output;
  const output = compileBoth({ path: file, source, relPath, text, development: true, withDoc: true });
  latest.set(file, { text, output });
  return output;
}

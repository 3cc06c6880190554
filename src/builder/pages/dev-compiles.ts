/**
 * The dev server's page compiles: one per text of a page. A saved page is compiled once, as soon as the watcher
 * reports it (manifest-plugin.ts, for its front matter and headings), and the browser's request for its body, which
 * comes after, takes the same compile. Each page keeps only its latest text, so memory grows with the pages a writer
 * opened, not with the edits.
 */
import { readFileSync } from 'node:fs';
import compilePage, { type CompileOutput, type CompileTask } from './mdx-compile-worker.ts';

/** What the page plugin (mdx-plugin.ts) offers the content plugin (manifest-plugin.ts) under the dev server. */
export interface MdxPluginApi {
  /** The page at `file` (absolute) compiled from `text`, with its manifest entry; compiled once per text. */
  compileForDev(file: string, text: string): Promise<CompileOutput>;
}

const latest = new Map<string, { text: string; output: Promise<CompileOutput> }>();

/**
 * The page at `file` compiled from `text`: the compile of that text made before, while `holds` says it still stands
 * (its links resolve as they did), or else `compile()`.
 */
async function compileOnceBy(file: string, text: string, compile: () => Promise<CompileOutput>, holds: (output: CompileOutput) => Promise<boolean>): Promise<CompileOutput> {
  const known = latest.get(file);
  if (known?.text === text) {
    const output = await known.output;
    if (await holds(output)) return output;
    if (latest.get(file) !== known) return compileOnceBy(file, text, compile, holds); // another caller compiled it again
  }
  const output = compile();
  latest.set(file, { text, output });
  return output;
}

/** A partial's text, or null when it is gone. */
const textOf = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

/** The texts of the partials each compile took in (mdx-compile-worker.ts), when it was made. */
const partialsOf = new WeakMap<CompileOutput, [string, string | null][]>();

/**
 * The dev server's compile of `task`, with its manifest entry, made once per text of the page: again only when it
 * failed, when a partial it takes in changed, or when `linksHold` says its links now resolve otherwise.
 */
export function compileForDev(task: Omit<CompileTask, 'development' | 'withDoc'>, linksHold: (output: CompileOutput) => Promise<boolean>): Promise<CompileOutput> {
  const compile = async () => {
    const output = await compilePage({ ...task, development: true, withDoc: true });
    partialsOf.set(output, (output.partials ?? []).map((p) => [p, textOf(p)]));
    return output;
  };
  // A page that failed (a broken link among other reasons) is compiled again, as whatever changed may mend it.
  const holds = async (output: CompileOutput) => !output.errors && (partialsOf.get(output) ?? []).every(([p, text]) => textOf(p) === text) && (await linksHold(output));
  return compileOnceBy(task.path, task.text, compile, holds);
}

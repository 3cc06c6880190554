/**
 * A page's problems that fail its compile without stopping it (a broken link, a missing image, a component no page
 * has): each is recorded as a fatal message of the page's file and the compile goes on, so that one run names every
 * problem of the page, each with its line (mdx-compile-worker.ts collects them). A problem after which the compile
 * cannot go on (MDX that does not parse) is still thrown.
 */
import path from 'node:path';
import type { Node } from 'unist';
import type { VFile } from 'vfile';

/** Where and why: 'content/docs/1.1/x.mdx:7' and the reason. */
export interface PageProblem {
  location: string;
  reason: string;
}

/** Records a problem of the page at `node`'s line, in the partial the node was written in if it was (remark-docusaurus-imports.ts). */
export function pageProblem(file: VFile, reason: string, node?: Node): void {
  const message = file.message(reason, node);
  message.fatal = true;
  const fromFile = (node?.data as { fromFile?: string } | undefined)?.fromFile;
  if (fromFile) message.file = fromFile;
}

/** The problems recorded on the page, in the order of their lines; `source` names the page. */
export function problemsOf(file: VFile, source: string): PageProblem[] {
  return file.messages
    .filter((m) => m.fatal === true)
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0))
    .map((m) => ({ location: `${m.file && m.file !== file.path ? path.relative(file.cwd, m.file) : source}${m.line ? `:${m.line}` : ''}`, reason: m.reason }));
}

/** 'file:line: reason', one line each. */
export const problemLines = (problems: readonly PageProblem[]) => problems.map((p) => `${p.location}: ${p.reason}`);

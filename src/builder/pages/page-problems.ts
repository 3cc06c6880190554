/**
 * A page's problems that fail its compile without stopping it (a broken link, a missing image, a component no page
 * has): each is recorded as a fatal message of the page's file and the compile goes on, so that one run names every
 * problem of the page, each with its line (mdx-compile-worker.ts collects them). A problem after which the compile
 * cannot go on (MDX that does not parse) is still thrown.
 */
import path from 'node:path';
import type { Node } from 'unist';
import type { VFile } from 'vfile';

type VFileMessage = VFile['messages'][number];

/** Where and why: 'content/docs/1.1/x.mdx:7' and the reason. */
export interface PageProblem {
  location: string;
  reason: string;
}

/** Records a warning at `node`'s line, in the partial it was written in if so (remark-docusaurus-imports.ts). */
export function pageWarning(file: VFile, reason: string, node?: Node): VFileMessage {
  const message = file.message(reason, node);
  const fromFile = (node?.data as { fromFile?: string } | undefined)?.fromFile;
  if (fromFile) message.file = fromFile;
  return message;
}

/** Records a problem of the page at `node`'s line, as pageWarning does. */
export function pageProblem(file: VFile, reason: string, node?: Node): void {
  pageWarning(file, reason, node).fatal = true;
}

/** Where a message of the page is: 'content/docs/1.1/x.mdx:7' (`source` names the page), or a partial's file, line. */
export const locationOf = (file: VFile, message: VFileMessage, source: string) =>
  `${message.file && message.file !== file.path ? path.relative(file.cwd, message.file) : source}${message.line ? `:${message.line}` : ''}`;

/** The problems recorded on the page, in the order of their lines; `source` names the page. */
export function problemsOf(file: VFile, source: string): PageProblem[] {
  return file.messages
    .filter((m) => m.fatal === true)
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0))
    .map((m) => ({ location: locationOf(file, m, source), reason: m.reason }));
}

/** 'file:line: reason', one line each. */
export const problemLines = (problems: readonly PageProblem[]) => problems.map((p) => `${p.location}: ${p.reason}`);

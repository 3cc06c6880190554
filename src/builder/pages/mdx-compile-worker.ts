/**
 * Reads and compiles one page in a worker thread of the build's pool (see page-compiler.ts): its
 * manifest entry (front matter, headings) and its compiled body, from the same text.
 */
import { createProcessor } from '@mdx-js/mdx';
import { VFile } from 'vfile';
import { workerData } from 'node:worker_threads';
import { keepHighlightsIn, mdxCompileOptionsFor } from './mdx-options.ts';
import type { DiagramFallback } from '../diagrams/remark-mermaid.ts';
import type { PageImage } from './remark-images.ts';
import type { PageAnchors } from './page-anchors.ts';
import { preprocessMdx } from './mdx-preprocess.ts';
import { frontMatterOf, syntaxError } from './front-matter.ts';
import type { Root } from 'mdast';
import type { DocSource } from '../../content/types.ts';
import { ContentError } from '../../content/manifest.ts';
import type { LinkContext } from './remark-links.ts';
import type { LinkPlaces } from '../links/link-places.ts';
import { locationOf, problemsOf, type PageProblem } from './page-problems.ts';
import { trace } from '../common/trace.ts';

/** What the build's pool gives its threads (page-compiler.ts). */
export interface CompileThreadData {
  /** Where highlighted code blocks are kept between builds (kept-highlights.ts). */
  highlightDir?: string;
}
const threadData = workerData as CompileThreadData | undefined;
if (threadData?.highlightDir) keepHighlightsIn(threadData.highlightDir);
trace('compile thread: loaded');

export interface CompileTask {
  /** Absolute path (for messages and the compiled module's file name). */
  path: string;
  /** Path from the project root, as errors name it: 'content/docs/1.1/x.mdx'. */
  source: string;
  /** Path inside its version folder: 'x.mdx'. */
  relPath: string;
  /** The page's text as written. */
  text: string;
  development: boolean;
  /** Also read the manifest entry (builds); the dev server compiles bodies only. */
  withDoc: boolean;
  /** The page's version and every version's routes: its links are resolved in its version (remark-links.ts). */
  links?: LinkContext;
}

export interface CompileOutput {
  code: string;
  doc?: DocSource;
  /** Why the page is not valid: every problem found, each with where ('file:line') and the reason. */
  errors?: PageProblem[];
  /** Diagrams the build could not draw: the browser draws them (see remark-mermaid.ts). */
  diagramFallbacks?: DiagramFallback[];
  /** What its links were resolved against (remark-links.ts), for the page cache to check. */
  linkAnswers?: Record<string, string>;
  /** Where the links it rewrote are written (link-places.ts), for the link check's report. */
  linkPlaces?: LinkPlaces;
  /** What the build says of the page without failing it: 'file:line: reason'. */
  warnings?: string[];
  /** The partial files whose text is part of the page (absolute paths). */
  partials?: string[];
  /** The page's images, which the build copies into the site (remark-images.ts). */
  images?: PageImage[];
  /** Under the dev server: the page's ids and anchored links, for it to check (page-anchors.ts). */
  anchors?: PageAnchors;
}

// One processor per mode, made once per thread: making one per page costs more than compiling. A `.md` page is MDX
// too, as Docusaurus reads it by default (its imports and components work there).
const processors = new Map<boolean, ReturnType<typeof createProcessor>>();
function processorFor(development: boolean) {
  let p = processors.get(development);
  if (!p) {
    p = createProcessor({ ...mdxCompileOptionsFor({ development }), format: 'mdx', development });
    processors.set(development, p);
  }
  return p;
}

export default async function compilePage(task: CompileTask): Promise<CompileOutput> {
  // The project's folder (path less source) is where `@site/…` imports and messages' paths start.
  const cwd = task.path.endsWith(task.source) ? task.path.slice(0, -task.source.length) || '.' : process.cwd();
  const file = new VFile({ value: preprocessMdx(task.text), path: task.path, cwd, data: { source: task.source, ...(task.links ? { linkContext: task.links } : {}) } });
  try {
    const processor = processorFor(task.development);
    // What process() does, in its three steps: the manifest entry comes from the same tree, parsed once,
    // and the reader's checks come first, as they name syntax and front matter errors precisely.
    let tree;
    try {
      tree = processor.parse(file);
    } catch (e) {
      throw syntaxError(task.source, e);
    }
    const frontMatterWarnings: string[] = [];
    const frontMatter = task.withDoc ? frontMatterOf(tree as Root, task.source, frontMatterWarnings) : undefined;
    // MDX's processor type says run() takes the program it returns; it takes the parsed mdast, as process() gives it.
    const program = await processor.run(tree as never, file);
    const doc: DocSource | undefined = frontMatter && { relPath: task.relPath, frontMatter, toc: file.data.toc!, firstHeading: file.data.firstHeading, ...(file.data.docCardList ? { docCardList: true } : {}) };
    const problems = problemsOf(file, task.source);
    if (doc && !doc.frontMatter.title && !doc.firstHeading) problems.push({ location: task.source, reason: 'no title: add `title:` to the front matter, or begin the page with a `# Heading`' });
    if (problems.length) return { code: '', errors: problems };
    const code = String(processor.stringify(program, file));
    const fallbacks = file.data.diagramFallbacks;
    const linkAnswers = file.data.linkAnswers;
    const linkPlaces = file.data.linkPlaces;
    const warnings = [...frontMatterWarnings, ...file.messages.filter((m) => !m.fatal).map((m) => `${locationOf(file, m, task.source)}: ${m.reason}`)];
    const partials = file.data.partials ?? [];
    const images = file.data.images ?? [];
    return {
      code,
      doc,
      ...(fallbacks?.length ? { diagramFallbacks: fallbacks } : {}),
      ...(linkAnswers && Object.keys(linkAnswers).length ? { linkAnswers } : {}),
      ...(linkPlaces && Object.keys(linkPlaces).length ? { linkPlaces } : {}),
      ...(warnings.length ? { warnings } : {}),
      ...(partials.length ? { partials } : {}),
      ...(images.length ? { images } : {}),
      ...(file.data.anchors ? { anchors: file.data.anchors } : {}),
    };
  } catch (e) {
    // What stopped the compile, after the problems found before it (a message thrown by file.fail() is among them).
    const before = problemsOf(file, task.source);
    if (file.messages.includes(e as never)) return { code: '', errors: before };
    if (e instanceof ContentError) return { code: '', errors: [...before, { location: e.file, reason: e.message.slice(e.file.length + 2) }] };
    const err = e as { reason?: string; message: string; line?: number; place?: { line?: number; start?: { line?: number } } };
    const line = err.line ?? err.place?.start?.line ?? err.place?.line;
    return { code: '', errors: [...before, { location: `${task.source}${line ? `:${line}` : ''}`, reason: err.reason ?? err.message }] };
  }
}

/**
 * The versions of one page, one after the other (the build's unit of work): what they share, a
 * diagram's layout or a highlighted code block, is made once (diagram-svg.ts, mdx-options.ts).
 */
export async function compileVersions(tasks: CompileTask[]): Promise<CompileOutput[]> {
  const out: CompileOutput[] = [];
  for (const task of tasks) out.push(await compilePage(task));
  trace('compile thread: compiled');
  return out;
}

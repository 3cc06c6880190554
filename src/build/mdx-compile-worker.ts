/** Compiles one MDX page in a worker thread of the build's MDX pool (see mdx-plugin.ts). */
import { createProcessor } from '@mdx-js/mdx';
import { VFile } from 'vfile';
import { mdxCompileOptions } from './mdx-options.ts';

export interface CompileTask {
  path: string;
  code: string;
  development: boolean;
}

export interface CompileOutput {
  code: string;
  /** file:line: reason of the first fatal message, when the page does not compile. */
  error?: { message: string; line?: number; column?: number };
}

// One processor per format and mode, made once per thread: making one per page costs more than compiling.
const processors = new Map<string, ReturnType<typeof createProcessor>>();
function processorFor(path: string, development: boolean) {
  const format = path.endsWith('.md') ? 'md' : 'mdx';
  const key = `${format}:${development}`;
  let p = processors.get(key);
  if (!p) {
    p = createProcessor({ ...mdxCompileOptions, format, development });
    processors.set(key, p);
  }
  return p;
}

export default async function compilePage({ path, code, development }: CompileTask): Promise<CompileOutput> {
  try {
    const file = await processorFor(path, development).process(new VFile({ value: code, path }));
    return { code: String(file.value) };
  } catch (e) {
    const err = e as { reason?: string; message: string; line?: number; column?: number; place?: { line?: number; column?: number; start?: { line?: number; column?: number } } };
    const line = err.line ?? err.place?.start?.line ?? err.place?.line;
    const column = err.column ?? err.place?.start?.column ?? err.place?.column;
    return { code: '', error: { message: err.reason ?? err.message, line, column } };
  }
}

// @vitest-environment node
/**
 * The import rules of ARCHITECTURE.md, read from the sources' import statements (oxc's parser, through rolldown):
 * - the build's modules (src/builder/) import one another without a cycle;
 * - the browser's code (the rest of src/) imports nothing from src/builder/;
 * - src/content/ is plain TypeScript: no React, router or store package, nothing from theme/, search/ or store/;
 * - src/store/ knows no components: nothing from theme/, mdx/ or search/, no .tsx module;
 * - the app runs on React itself, not on a look-alike behind aliases.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'rolldown/utils';

interface Import {
  /** The specifier as written. */
  spec: string;
  /** The project file it names (relative, with forward slashes); undefined for a package. */
  file?: string;
}

const files = execFileSync('git', ['ls-files', '-z', 'src'], { encoding: 'utf8' })
  .split('\0')
  .filter((f) => /\.(ts|tsx|mts|mjs)$/.test(f) && existsSync(f));

/** Every import of a file: static, re-exports and dynamic ones with a literal specifier; type-only ones too. */
function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const { module, errors } = parseSync(file, text);
  if (errors.length) throw new Error(`${file}: ${errors[0].message}`);
  const specs = [
    ...module.staticImports.map((i) => i.moduleRequest.value),
    ...module.staticExports.flatMap((e) => e.entries.map((x) => x.moduleRequest?.value)),
    ...module.dynamicImports.map((d) => text.slice(d.moduleRequest.start, d.moduleRequest.end)).filter((s) => /^(['"]).*\1$/.test(s)).map((s) => s.slice(1, -1)),
  ].filter((s): s is string => s !== undefined);
  return [...new Set(specs)].map((spec) => (spec.startsWith('.') ? { spec, file: path.posix.join(path.posix.dirname(file), spec) } : { spec }));
}

const graph = new Map(files.map((f) => [f, importsOf(f)]));

/** The package a bare specifier names: `react-dom/server` → react-dom, `@scope/x/y` → @scope/x. */
const packageOf = (spec: string) => spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');

function crossings(from: (f: string) => boolean, forbidden: (i: Import) => boolean): string[] {
  return [...graph].filter(([f]) => from(f)).flatMap(([f, imports]) => imports.filter(forbidden).map((i) => `${f} imports ${i.spec}`));
}

/** One cycle among src/builder/'s modules, as the list of files around it, or undefined. */
function builderCycle(): string[] | undefined {
  const inBuilder = (f?: string): f is string => f !== undefined && f.startsWith('src/builder/');
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (f: string): string[] | undefined => {
    state.set(f, 'open');
    stack.push(f);
    for (const { file } of graph.get(f) ?? []) {
      if (!inBuilder(file)) continue;
      if (state.get(file) === 'open') return [...stack.slice(stack.indexOf(file)), file];
      if (!state.has(file)) {
        const found = visit(file);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(f, 'done');
    return undefined;
  };
  for (const f of files.filter(inBuilder)) {
    if (state.has(f)) continue;
    const found = visit(f);
    if (found) return found;
  }
  return undefined;
}

describe('import rules', () => {
  it('reads the imports of every module under src/', () => {
    // A parser that found nothing would pass every rule below.
    expect(graph.size).toBeGreaterThan(100);
    const builderEdges = [...graph].filter(([f]) => f.startsWith('src/builder/')).flatMap(([, i]) => i.filter((x) => x.file?.startsWith('src/builder/')));
    expect(builderEdges.length).toBeGreaterThan(100);
    for (const [f, imports] of graph) for (const i of imports) if (i.file) expect(existsSync(i.file), `${f} imports ${i.spec}`).toBe(true);
  });

  it('has no cycle among the build modules', () => {
    expect(builderCycle()?.join(' → ')).toBeUndefined();
  });

  it('keeps the browser code apart from the build', () => {
    expect(crossings((f) => !f.startsWith('src/builder/'), (i) => i.file?.startsWith('src/builder/') === true)).toEqual([]);
  });

  it('keeps src/content/ free of React, the router, the store and the UI folders', () => {
    const uiPackages = /^(react|react-dom|react-router.*|zustand)$/;
    const uiFolders = /^src\/(theme|search|store)\//;
    expect(crossings((f) => f.startsWith('src/content/'), (i) => (i.file ? uiFolders.test(i.file) : uiPackages.test(packageOf(i.spec))))).toEqual([]);
  });

  it('runs on React itself: no module imports Preact, and react and react-dom are run-time dependencies', () => {
    expect(crossings(() => true, (i) => /^preact/.test(packageOf(i.spec)))).toEqual([]);
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    expect(Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((n) => n.includes('preact'))).toEqual([]);
    expect(pkg.dependencies.react).toMatch(/^19\./);
    expect(pkg.dependencies['react-dom']).toBe(pkg.dependencies.react);
    expect(readFileSync('vite.config.ts', 'utf8')).not.toMatch(/preact/i);
  });

  it('keeps components out of src/store/', () => {
    expect(crossings((f) => f.startsWith('src/store/'), (i) => i.file !== undefined && (/^src\/(theme|mdx|search)\//.test(i.file) || i.file.endsWith('.tsx')))).toEqual([]);
  });
});

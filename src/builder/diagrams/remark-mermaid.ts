/**
 * ```mermaid fences, drawn at build time: each becomes <Diagram …/> (src/mdx/Diagram.tsx), an
 * inline SVG drawn by diagram-svg.ts, before the highlighter sees the fence. Every diagram needs
 * a title (its accessible name): `title="…"` on the fence line or a `%% title: …` line inside.
 * The source must be valid mermaid (checked by mermaid's own parser); a type the build cannot
 * draw becomes <Mermaid …/>, drawn in the browser, and is reported (VFile data `diagramFallbacks`).
 * A build fails on a missing title or a syntax error, naming file and line; the dev server shows
 * the message in the page instead.
 */
import type { Code, Root, RootContent } from 'mdast';
import type { VFile } from 'vfile';
import { jsxElement } from '../common/mdast-jsx.ts';
import { BUILD_TIME_TYPES, DIAGRAM_RENDERER, drawDiagram, drawNarrowDiagram, isSequence, type DrawnDiagram } from './diagram-svg.ts';
import { BOX_BORDER, PHONE_COLUMN, SHORT_LINE_LENGTH, WIDEST_COLUMN } from './narrow-layout.ts';
import { MermaidSyntaxError, parseMermaid } from './mermaid-parse.ts';
import { sha256 } from '../common/hash.ts';

export interface DiagramFallback {
  line: number;
  reason: string;
}

export interface RemarkMermaidOptions {
  /** The dev server: show a diagram's error in the page instead of failing. */
  development?: boolean;
}

/** The title of a diagram: `title="…"` (or '…') in the fence's meta, else a `%% title: …` line. */
export function diagramTitle(meta: string | null | undefined, source: string): string | undefined {
  const fromMeta = /(?:^|\s)title=(?:"([^"]*)"|'([^']*)')/.exec(meta ?? '');
  const fromLine = /^\s*%%\s*title:\s*(.*?)\s*$/m.exec(source);
  const title = (fromMeta?.[1] ?? fromMeta?.[2] ?? fromLine?.[1] ?? '').trim();
  return title || undefined;
}

class DiagramError extends Error {}

/** Where errors name the page: its path from the project root ('content/docs/1.1/x.mdx'). */
const sourceOf = (file: VFile) => (file.data.source as string | undefined) ?? file.path;

/**
 * The layouts a page shows of a diagram drawn as `drawn`: a diagram too wide for a phone's column gets one for
 * narrow screens, when that is narrower and shows all the same; one too wide for any column is drawn in that
 * layout alone, as the other could never be seen whole. A flowchart whose subgraphs run across may have them turned
 * down as well in that layout, where that is narrower.
 */
/** The column width from which a sequence diagram shows its author's layout rather than its phone one. */
const SEQUENCE_WIDE_FROM = 600;

async function layoutsOf(source: string, drawn: DrawnDiagram, idPrefix: string): Promise<[DrawnDiagram, (DrawnDiagram & { wideFrom?: number })?]> {
  if (drawn.width + BOX_BORDER <= PHONE_COLUMN) return [drawn];
  // A sequence diagram's phone layout (sequence-narrow.ts) reads well in a phone's column only: wider ones keep the
  // author's layout, scrolling where it must.
  if (isSequence(source)) {
    const phone = await drawNarrowDiagram(source, `${idPrefix}n`);
    const same = !!phone && Object.entries(drawn.counts).every(([k, n]) => phone.counts[k] === n);
    return same ? [drawn, { ...phone, wideFrom: SEQUENCE_WIDE_FROM }] : [drawn];
  }
  // Its subgraphs keep their direction, or are turned too: whichever is narrower (the first when they tie).
  const [kept, turned] = await Promise.all([drawNarrowDiagram(source, `${idPrefix}n`), drawNarrowDiagram(source, `${idPrefix}n`, { turnSubgraphs: true })]);
  const same = (d: DrawnDiagram | undefined): d is DrawnDiagram => !!d && Object.entries(drawn.counts).every(([k, n]) => d.counts[k] === n);
  let narrow = [kept, turned].filter(same).sort((a, b) => a.width - b.width)[0];
  // Still too wide for a phone: labels on shorter lines may bring it in (a drawing a little too wide scrolls).
  if (narrow && narrow.width + BOX_BORDER > PHONE_COLUMN) {
    const shorter = await drawNarrowDiagram(source, `${idPrefix}n`, { turnSubgraphs: narrow === turned, lineLength: SHORT_LINE_LENGTH });
    if (same(shorter) && shorter.width < narrow.width) narrow = shorter;
  }
  if (!narrow || narrow.width >= drawn.width) return [drawn];
  return drawn.width + BOX_BORDER > WIDEST_COLUMN ? [narrow] : [drawn, narrow];
}

export function remarkMermaid({ development = false }: RemarkMermaidOptions = {}) {
  return async (tree: Root, file: VFile) => {
    const fences: { node: Code; parent: { children: RootContent[] } }[] = [];
    const walk = (parent: { children: RootContent[] }) => {
      for (const node of parent.children) {
        if (node.type === 'code' && node.lang === 'mermaid') fences.push({ node, parent });
        else if ('children' in node) walk(node as { children: RootContent[] });
      }
    };
    walk(tree);
    const fallbacks: DiagramFallback[] = [];
    let ordinal = 0;
    for (const { node, parent } of fences) {
      const line = node.position?.start.line ?? 0;
      const source = node.value;
      let replacement: RootContent;
      try {
        const title = diagramTitle(node.meta, source);
        if (!title) {
          throw new DiagramError('a mermaid diagram needs a title, its accessible name: ```mermaid title="What it shows" or a line `%% title: What it shows`');
        }
        let parsed;
        try {
          parsed = await parseMermaid(source);
        } catch (e) {
          if (e instanceof MermaidSyntaxError) throw new DiagramError(`mermaid syntax error: ${e.message.replace(/\s+/g, ' ')}`);
          throw e;
        }
        let reason: string | undefined;
        let drawn;
        let idPrefix: string | undefined;
        if (!BUILD_TIME_TYPES.has(parsed.type)) reason = `${DIAGRAM_RENDERER} does not draw "${parsed.type}" diagrams`;
        else {
          idPrefix = `d${sha256(source).slice(0, 6)}${ordinal++}`;
          drawn = await drawDiagram(source, idPrefix);
          const missing = Object.entries(parsed.counts ?? {}).filter(([k, n]) => drawn!.counts[k] !== undefined && drawn!.counts[k] !== n);
          const unsupported = Object.entries(parsed.counts ?? {}).filter(([k, n]) => drawn!.counts[k] === undefined && n > 0);
          if (missing.length || unsupported.length) {
            reason = `${DIAGRAM_RENDERER} would not draw it faithfully (${[
              ...missing.map(([k, n]) => `${k}: ${drawn!.counts[k]} drawn of ${n}`),
              ...unsupported.map(([k]) => `${k} not drawn`),
            ].join(', ')})`;
          }
        }
        if (reason || !drawn) {
          fallbacks.push({ line, reason: reason ?? 'not drawn' });
          replacement = jsxElement('Mermaid', { chart: source, title }, []);
        } else {
          const [wide, narrow] = await layoutsOf(source, drawn, idPrefix!);
          replacement = jsxElement(
            'Diagram',
            {
              title,
              svg: wide.inner,
              width: String(wide.width),
              height: String(wide.height),
              narrowSvg: narrow?.inner,
              narrowWidth: narrow && String(narrow.width),
              narrowHeight: narrow && String(narrow.height),
              wideFrom: narrow?.wideFrom === undefined ? undefined : String(narrow.wideFrom),
              source,
            },
            [],
          );
        }
      } catch (e) {
        if (!(e instanceof DiagramError)) throw e;
        if (!development) file.fail(e.message, node);
        console.warn(`${sourceOf(file)}:${line}: ${e.message}`);
        replacement = jsxElement('DiagramError', { location: `${sourceOf(file)}:${line}`, message: e.message }, []);
      }
      parent.children[parent.children.indexOf(node)] = replacement;
    }
    file.data.diagramFallbacks = fallbacks;
  };
}

declare module 'vfile' {
  interface DataMap {
    /** Set by the compiler: the page's path from the project root, as errors name it. */
    source: string;
    /** Set by remarkMermaid: the diagrams drawn in the browser, not at build time. */
    diagramFallbacks: DiagramFallback[];
  }
}

/**
 * A diagram drawn at build time (src/builder/diagrams/remark-mermaid.ts): an inline SVG whose colours are
 * CSS custom properties of the theme, so it needs no script, serves both colour modes and takes
 * its size from the HTML. It is never drawn smaller than its size (its text stays at 11 px or more):
 * a flowchart too wide for a phone has a second layout for narrow screens, and the CSS shows the
 * one that fits the column (container queries, so nothing moves once the page runs); a diagram
 * that still does not fit scrolls sideways in its box, with a hint while part of it is hidden.
 */
interface DiagramProps {
  /** The accessible name: the fence's title="…" or the diagram's `%% title:` line. */
  title: string;
  /** The SVG's children, as the build drew them (no script, no style). */
  svg: string;
  width: string;
  height: string;
  /** The layout for narrow screens, when the diagram has one. */
  narrowSvg?: string;
  narrowWidth?: string;
  narrowHeight?: string;
  /** The column width from which the wide layout shows, where the build chose it (else: from where it fits). */
  wideFrom?: string;
  /** The mermaid source, for copying and for readers who want the steps as text. */
  source: string;
}

/** The column widths at which theme.css switches layouts (`diagram--wide-from-N`): from 360 to 880 px in steps of 40. */
const SWITCH_STEP = 40;
const FIRST_SWITCH = 360;
/** The box's border: a drawing fits a column this much wider than itself. */
const BOX_BORDER = 2;

/** The first column width of theme.css's steps at which a drawing `width` wide fits. */
export function wideFrom(width: number): number {
  return Math.max(FIRST_SWITCH, Math.ceil((width + BOX_BORDER) / SWITCH_STEP) * SWITCH_STEP);
}

export function Diagram({ title, svg, width, height, narrowSvg, narrowWidth, narrowHeight, wideFrom: chosen, source }: DiagramProps) {
  const layouts = narrowSvg && narrowWidth && narrowHeight;
  return (
    <div className={layouts ? `diagram diagram--wide-from-${chosen ?? wideFrom(Number(width))}` : 'diagram'}>
      {/* Focusable so a keyboard can scroll a wide diagram; named so that focus says what it is. */}
      <figure className="diagram__figure" tabIndex={0} aria-label={`Diagram: ${title}`}>
        <DiagramSvg title={title} svg={svg} width={width} height={height} layout={layouts ? 'wide' : undefined} />
        {layouts && <DiagramSvg title={title} svg={narrowSvg} width={narrowWidth} height={narrowHeight} layout="narrow" />}
      </figure>
      <span className="diagram__hint" aria-hidden="true">
        scroll →
      </span>
      <DiagramSource source={source} />
    </div>
  );
}

function DiagramSvg({ title, svg, width, height, layout }: { title: string; svg: string; width: string; height: string; layout?: 'wide' | 'narrow' }) {
  return (
    <svg
      className={layout ? `diagram__svg diagram__svg--${layout}` : 'diagram__svg'}
      xmlns="http://www.w3.org/2000/svg"
      role="img"
      aria-label={title}
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}

/** The mermaid source under a diagram, for copying and for readers who want the steps as text. */
export function DiagramSource({ source, open }: { source: string; open?: boolean }) {
  return (
    <details className="diagram__source" open={open}>
      <summary>Diagram source</summary>
      <pre tabIndex={0}>
        <code>{source}</code>
      </pre>
    </details>
  );
}

/** What the dev server shows instead of a diagram it cannot draw (a build fails instead). */
export function DiagramError({ location, message }: { location: string; message: string }) {
  return (
    <div className="diagram diagram--error" role="alert">
      <p>
        <strong>This diagram cannot be drawn</strong> ({location}): {message}
      </p>
    </div>
  );
}

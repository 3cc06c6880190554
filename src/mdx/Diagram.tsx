/**
 * A diagram drawn at build time (src/builder/diagrams/remark-mermaid.ts): an inline SVG whose colours are
 * CSS custom properties of the theme, so it needs no script, serves both colour modes and takes
 * its size from the HTML. A wide diagram keeps a readable scale and scrolls sideways in its box.
 */
interface DiagramProps {
  /** The accessible name: the fence's title="…" or the diagram's `%% title:` line. */
  title: string;
  /** The SVG's children, as the build drew them (no script, no style). */
  svg: string;
  width: string;
  height: string;
  /** The mermaid source, for copying and for readers who want the steps as text. */
  source: string;
}

/** A diagram is never drawn below this share of its size: beyond it, its box scrolls. */
const MIN_SCALE = 0.8;

export function Diagram({ title, svg, width, height, source }: DiagramProps) {
  const w = Number(width);
  return (
    <div className="diagram">
      {/* Focusable so a keyboard can scroll a wide diagram; named so that focus says what it is. */}
      <figure className="diagram__figure" tabIndex={0} aria-label={`Diagram: ${title}`}>
        <svg
          className="diagram__svg"
          xmlns="http://www.w3.org/2000/svg"
          role="img"
          aria-label={title}
          viewBox={`0 0 ${width} ${height}`}
          width={width}
          height={height}
          style={{ minWidth: `${Math.round(w * MIN_SCALE)}px` }}
          dangerouslySetInnerHTML={{ __html: svg }}
        />
      </figure>
      <DiagramSource source={source} />
    </div>
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

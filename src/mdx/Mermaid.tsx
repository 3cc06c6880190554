import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useColorMode } from '../theme/color-mode.ts';
import { DiagramSource } from './Diagram.tsx';
import { chunkLoader } from '../retry-import.ts';

/** The drawing code, with mermaid behind it; a failed fetch is asked for again on 'Try again'. */
const importDraw = chunkLoader(() => import('./mermaid-draw.ts'));

/** True once the element comes within a screen of the viewport: mermaid loads only when needed. */
function useNearViewport(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '100% 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [ref, near]);
  return near;
}

/**
 * The fallback for a diagram type the build cannot draw (the build names each one): drawn in the
 * browser by mermaid, loaded only on pages that have such a diagram, when it nears the viewport.
 * The server (and a reader without JavaScript) gets the title and the diagram source as text.
 * Every other diagram is an SVG in the HTML (Diagram.tsx).
 */
export function Mermaid({ chart, title }: { chart: string; title: string }) {
  const mode = useColorMode();
  const id = `mermaid-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const [svg, setSvg] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const figure = useRef<HTMLElement>(null);
  const visible = useNearViewport(figure);

  useEffect(() => {
    if (!visible) return;
    let cancelled = false;
    (async () => {
      try {
        const { drawWithMermaid } = await importDraw();
        const drawn = await drawWithMermaid(`${id}-${mode}`, chart, mode);
        if (!cancelled) {
          setSvg(drawn);
          setError(null);
        }
      } catch (e) {
        if (!cancelled) setError((e as Error).message);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [chart, mode, id, visible]);

  // A diagram that cannot be drawn fails as a part: its boundary shows the message and 'Try again'.
  if (error) throw new Error(`The diagram could not be drawn: ${error}`);
  return (
    <div className="diagram diagram--client">
      {/* Wide diagrams scroll sideways, so the box takes keyboard focus. */}
      <figure className="diagram__figure" ref={figure} tabIndex={0} aria-label={`Diagram: ${title}`}>
        {svg ? (
          <div className="diagram__drawn" role="img" aria-label={title} dangerouslySetInnerHTML={{ __html: svg }} />
        ) : (
          <figcaption className="diagram__pending">{title}</figcaption>
        )}
      </figure>
      <DiagramSource source={chart} open={svg ? undefined : true} />
    </div>
  );
}

import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useColorMode } from '../theme/color-mode.ts';

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
 * A diagram drawn in the browser by mermaid, which is loaded only on pages that have one.
 * The server (and a reader without JavaScript) gets the diagram source as text.
 */
export function Mermaid({ chart }: { chart: string }) {
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
        const { default: mermaid } = await import('mermaid');
        mermaid.initialize({
          startOnLoad: false,
          securityLevel: 'strict',
          theme: mode === 'dark' ? 'dark' : 'default',
          // The dark theme's grey edge-label box leaves its text below 4.5:1.
          ...(mode === 'dark' ? { themeVariables: { edgeLabelBackground: '#1d1257' } } : {}),
        });
        const { svg } = await mermaid.render(`${id}-${mode}`, chart);
        if (!cancelled) {
          setSvg(svg);
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
  // Wide diagrams scroll sideways, so the box takes keyboard focus.
  if (svg) return <div className="mermaid" role="img" aria-label="Diagram" tabIndex={0} dangerouslySetInnerHTML={{ __html: svg }} />;
  return (
    <figure className="mermaid mermaid--source" ref={figure}>
      <pre tabIndex={0}>
        <code>{chart}</code>
      </pre>
    </figure>
  );
}

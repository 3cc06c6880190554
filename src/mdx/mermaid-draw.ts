/**
 * Draws a diagram with mermaid in the browser: only for a diagram type the build cannot draw
 * (src/builder/diagrams/remark-mermaid.ts). Loaded by Mermaid.tsx when such a diagram nears the viewport;
 * mermaid itself is a further dynamic import, of the package's own build copied into the site
 * (src/builder/diagrams/mermaid-assets-plugin.ts), so no page without such a diagram names its chunks.
 */
import mermaidUrl from 'virtual:mermaid-url';
import { importRetrying } from '../retry-import.ts';

type Mermaid = typeof import('mermaid').default;

export async function drawWithMermaid(id: string, chart: string, mode: 'light' | 'dark'): Promise<string> {
  const { default: mermaid } = await importRetrying<{ default: Mermaid }>(mermaidUrl);
  mermaid.initialize({
    startOnLoad: false,
    securityLevel: 'strict',
    theme: mode === 'dark' ? 'dark' : 'default',
    // The dark theme's grey edge-label box leaves its text below 4.5:1.
    ...(mode === 'dark' ? { themeVariables: { edgeLabelBackground: '#1d1257' } } : {}),
  });
  const { svg } = await mermaid.render(id, chart);
  return svg;
}

declare module 'virtual:site-manifest' {
  import type { SiteManifest } from './content/types.ts';
  const manifest: SiteManifest;
  export default manifest;
}
declare module '@docsearch/css';
interface Window {
  __staticRouterHydrationData?: unknown;
  __hydrated?: boolean;
  __hydrationErrors?: string[];
}

declare module 'virtual:site-manifest' {
  const manifest: import('./content/types.ts').SiteManifest;
  export default manifest;
}
declare module '@docsearch/css';
interface Window {
  __hydrated?: boolean;
  __hydrationErrors?: string[];
}

declare module 'virtual:site-index' {
  const index: import('./content/page-data.ts').SiteIndex;
  export default index;
}
declare module 'virtual:site-manifest' {
  const manifest: import('./content/types.ts').SiteManifest;
  export default manifest;
}
declare module '@docsearch/css';
interface Window {
  __hydrated?: boolean;
  __hydrationErrors?: string[];
}

declare module 'virtual:site-index' {
  const index: import('./content/page-data.ts').SiteIndex;
  export default index;
}
declare module 'virtual:mermaid-url' {
  /** Where the site serves mermaid's entry module (src/builder/diagrams/mermaid-assets-plugin.ts). */
  const url: string;
  export default url;
}
declare module '@docsearch/css';
interface Window {
  __hydrated?: boolean;
}

declare module 'virtual:site-index' {
  const index: import('./content/page-data.ts').SiteIndex;
  export default index;
}
declare module '@docsearch/css';
interface Window {
  __hydrated?: boolean;
}

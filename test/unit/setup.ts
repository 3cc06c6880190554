// jsdom has no matchMedia.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) as MediaQueryList;
}

// shiki's inlined WASM reads Blob#stream, which jsdom's Blob lacks; Node's Blob has it.
import { Blob as NodeBlob } from 'node:buffer';
if (typeof Blob.prototype.stream !== 'function') globalThis.Blob = NodeBlob as unknown as typeof Blob;

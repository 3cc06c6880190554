import { configure } from '@testing-library/dom';

// A findBy… waits for what must appear almost as long as the test may run (testTimeout in vite.config.ts), so that it
// fails with its own message on a hang, and not after the library's 1 s, which a busy or slow machine can cross.
configure({ asyncUtilTimeout: 25_000 });

// jsdom has no matchMedia.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) as MediaQueryList;
}

// shiki's inlined WASM reads Blob#stream, which jsdom's Blob lacks; Node's Blob has it.
import { Blob as NodeBlob } from 'node:buffer';
if (typeof Blob.prototype.stream !== 'function') globalThis.Blob = NodeBlob as unknown as typeof Blob;

/**
 * What `react` means in the built site (src/react-on-preact.ts), rendered with Preact itself: while a prerendered
 * page hydrates, useSyncExternalStore gives the server snapshot, so the first render matches the HTML; then the
 * browser's. (The other unit tests render with React: see vite.config.ts.)
 */
import { describe, expect, it } from 'vitest';
import { h, hydrate, render } from 'preact';
import { act } from 'preact/test-utils';
import React, { hydrateWithServerSnapshots, useSyncExternalStore } from '../../src/react-on-preact.ts';

let stored = 'light';
const listeners = new Set<() => void>();
const subscribe = (cb: () => void) => {
  listeners.add(cb);
  return () => listeners.delete(cb);
};

function Choice({ via }: { via: 'named' | 'default' }) {
  const use = via === 'named' ? useSyncExternalStore : React.useSyncExternalStore;
  const choice = use(subscribe, () => stored, () => 'dark (default)');
  return h('button', { 'aria-label': `Colour mode: ${choice}` }, choice);
}

describe('useSyncExternalStore on Preact', () => {
  for (const via of ['named', 'default'] as const) {
    it(`renders the server snapshot while hydrating, then the stored value (${via} import)`, async () => {
      const root = document.createElement('div');
      // What the prerender wrote: on the server there is no stored value.
      root.innerHTML = '<button aria-label="Colour mode: dark (default)">dark (default)</button>';
      const seen: string[] = [];
      await act(() => {
        hydrateWithServerSnapshots(() => hydrate(h(Choice, { via }), root));
        seen.push(root.querySelector('button')!.getAttribute('aria-label')!);
      });
      expect(seen).toEqual(['Colour mode: dark (default)']); // the hydrating render matched the HTML
      expect(root.querySelector('button')!.getAttribute('aria-label')).toBe('Colour mode: light'); // and then changed it
      await act(() => {
        stored = 'dark';
        listeners.forEach((l) => l());
      });
      expect(root.querySelector('button')!.textContent).toBe('dark');
      stored = 'light';
    });
  }

  it('gives a component mounted after hydration the stored value at once', async () => {
    const root = document.createElement('div');
    await act(() => render(h(Choice, { via: 'named' }), root));
    expect(root.querySelector('button')!.textContent).toBe('light');
  });
});

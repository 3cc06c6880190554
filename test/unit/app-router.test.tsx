// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, use } from 'react';
import { Link, UNSAFE_createMemoryHistory as createMemoryHistory, useLocation } from 'react-router-dom';
import { AppRouter, useNavigationPending } from '../../src/router/AppRouter.tsx';
import { settled } from '../../src/router/settled.ts';

afterEach(cleanup);

/** A page whose content arrives when the test says so. */
const pages = new Map<string, { promise: Promise<string>; arrive: (text: string) => void }>();
function pageAt(path: string) {
  let entry = pages.get(path);
  if (!entry) {
    let arrive!: (text: string) => void;
    const promise = settled(new Promise<string>((r) => (arrive = r)));
    entry = { promise, arrive };
    pages.set(path, entry);
  }
  return entry;
}

function Page() {
  const { pathname } = useLocation();
  const pending = useNavigationPending();
  return (
    <main>
      <h1>{use(pageAt(pathname).promise)}</h1>
      <p>{pending ? 'loading the next page' : 'idle'}</p>
      <Link to="/b/">to b</Link>
    </main>
  );
}

function renderAt(path: string, redirects: Record<string, string> = {}) {
  const history = createMemoryHistory({ initialEntries: [path], v5Compat: true });
  render(
    <AppRouter history={history as never} basename="/" redirectTarget={(p) => redirects[p]} prepare={(p) => pageAt(redirects[p] ?? p).promise}>
      <Suspense fallback={<p>nothing yet</p>}>
        <Page />
      </Suspense>
    </AppRouter>,
  );
  return history;
}

describe('AppRouter', () => {
  it('keeps the page and its URL while the next one loads, says a navigation is under way, then shows the next', async () => {
    pages.clear();
    await act(async () => pageAt('/a/').arrive('Page A'));
    const history = renderAt('/a/');
    await screen.findByRole('heading', { name: 'Page A' });
    expect(screen.getByText('idle')).toBeTruthy();

    await act(async () => screen.getByRole('link', { name: 'to b' }).click());
    expect(screen.getByRole('heading', { name: 'Page A' })).toBeTruthy();
    expect(screen.getByText('loading the next page')).toBeTruthy();
    expect(screen.queryByText('nothing yet')).toBeNull();
    expect(history.location.pathname).toBe('/a/');

    await act(async () => pageAt('/b/').arrive('Page B'));
    await screen.findByRole('heading', { name: 'Page B' });
    expect(screen.getByText('idle')).toBeTruthy();
    expect(history.location.pathname).toBe('/b/');
  });

  it('shows the page of the last link followed when an earlier one arrives later', async () => {
    pages.clear();
    await act(async () => pageAt('/a/').arrive('Page A'));
    const history = renderAt('/a/');
    await screen.findByRole('heading', { name: 'Page A' });
    await act(async () => screen.getByRole('link', { name: 'to b' }).click());
    await act(async () => screen.getByRole('link', { name: 'to b' }).click()); // the same link again: one entry
    await act(async () => pageAt('/b/').arrive('Page B'));
    await screen.findByRole('heading', { name: 'Page B' });
    expect(history.index).toBe(1);
  });

  it('goes on to a redirect target at once, replacing the entry', async () => {
    pages.clear();
    await act(async () => {
      pageAt('/a/').arrive('Page A');
      pageAt('/c/').arrive('Page C');
    });
    const history = renderAt('/a/', { '/b/': '/c/' });
    await screen.findByRole('heading', { name: 'Page A' });
    await act(async () => screen.getByRole('link', { name: 'to b' }).click());
    await screen.findByRole('heading', { name: 'Page C' });
    expect(history.location.pathname).toBe('/c/');
    expect(history.index).toBe(1);
  });
});

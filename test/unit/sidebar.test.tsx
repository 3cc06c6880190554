// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { Sidebar } from '../../src/theme/Sidebar.tsx';
import { setPageSource } from '../../src/page-loader.ts';
import type { PageData } from '../../src/content/page-data.ts';
import type { SidebarItem } from '../../src/content/types.ts';

/** A page of a large version: its own category is open, "Reference" was left out of the page data. */
const data: PageData = {
  route: '/docs/guides/one/',
  source: 'content/docs/7.1/guides/one.mdx',
  version: '7.1',
  kind: 'doc',
  title: 'One',
  label: 'One',
  description: '',
  lvl0: 'Guides',
  crumbs: [],
  versionLinks: {},
  sidebar: [
    { type: 'category', label: 'Guides', dir: 'guides', items: [{ type: 'doc', label: 'One', href: '/docs/guides/one/', docId: 'guides/one' }] },
    { type: 'category', label: 'Reference', dir: 'reference', items: [], deferred: 2 },
  ],
};

function sourceWith(fragment: (dir: string) => Promise<SidebarItem[]>) {
  const asked: string[] = [];
  setPageSource({
    data: async () => undefined,
    body: async () => ({ default: () => null }),
    components: async () => ({}),
    sidebarFragment: (version, dir) => {
      asked.push(`${version}:${dir}`);
      return fragment(dir);
    },
  });
  return asked;
}

const renderSidebar = () =>
  render(
    <MemoryRouter initialEntries={['/docs/guides/one/']}>
      <Sidebar data={data} />
    </MemoryRouter>,
  );

describe('sidebar of a large version', () => {
  afterEach(cleanup);

  it('is made of <details>, open on the current page’s path only, so a reader without JavaScript can open the others', async () => {
    sourceWith(async () => [{ type: 'doc', label: 'CLI', href: '/docs/reference/cli/', docId: 'reference/cli' }]);
    const { container } = renderSidebar();
    const state = () => [...container.querySelectorAll('details')].map((d) => `${d.querySelector('summary')!.textContent} ${d.open ? 'open' : 'closed'}`);
    expect(state()).toEqual(['Guides open', 'Reference closed']);
    // With JavaScript, a click on a summary goes through the sidebar's state (auto-collapse, fetch, animation).
    await act(async () => fireEvent.click(screen.getByText('Reference', { selector: 'summary' })));
    await screen.findByRole('link', { name: 'CLI' });
    expect(state()).toContain('Reference open');
  });

  it('fetches a closed category’s items when it is opened, once', async () => {
    const asked = sourceWith(async () => [
      { type: 'doc', label: 'CLI', href: '/docs/reference/cli/', docId: 'reference/cli' },
      { type: 'doc', label: 'API', href: '/docs/reference/api/', docId: 'reference/api' },
    ]);
    renderSidebar();
    expect(screen.getByRole('link', { name: 'One' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('link', { name: 'CLI' })).toBeNull();
    await act(async () => fireEvent.click(screen.getByText('Reference', { selector: 'summary' })));
    expect(await screen.findByRole('link', { name: 'CLI' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'API' })).toBeTruthy();
    // Closed and opened again: no second fetch.
    await act(async () => fireEvent.click(screen.getByText('Reference', { selector: 'summary' })));
    await act(async () => fireEvent.click(screen.getByText('Reference', { selector: 'summary' })));
    expect(asked).toEqual(['7.1:reference']);
  });

  it('says when a part could not be loaded, and Retry fetches it again', async () => {
    let fail = true;
    sourceWith(async () => {
      if (fail) throw new Error('This part of the sidebar could not be loaded (HTTP 503)');
      return [{ type: 'doc', label: 'CLI', href: '/docs/reference/cli/', docId: 'reference/cli' }];
    });
    renderSidebar();
    await act(async () => fireEvent.click(screen.getByText('Reference', { selector: 'summary' })));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('HTTP 503');
    fail = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(await screen.findByRole('link', { name: 'CLI' })).toBeTruthy();
  });

  it('gives a plain left click on a link to the router, and leaves a modified click to the browser', async () => {
    sourceWith(async () => [{ type: 'doc', label: 'CLI', href: '/docs/reference/cli/', docId: 'reference/cli' }]);
    const Where = () => <output>{useLocation().pathname}</output>;
    render(
      <MemoryRouter initialEntries={['/docs/guides/one/']}>
        <Sidebar data={data} />
        <Where />
      </MemoryRouter>,
    );
    await act(async () => fireEvent.click(screen.getByText('Reference', { selector: 'summary' })));
    const cli = await screen.findByRole('link', { name: 'CLI' });
    expect(cli.getAttribute('href')).toBe('/docs/reference/cli/');
    // A click with Ctrl (a new tab) is not the app's: nothing prevents it and the route stays.
    expect(fireEvent.click(cli, { button: 0, ctrlKey: true })).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('/docs/guides/one/');
    expect(fireEvent.click(cli, { button: 1 })).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('/docs/guides/one/');
    // A plain click is the router's: the default (a page load) is prevented and the route changes.
    expect(fireEvent.click(cli, { button: 0 })).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('/docs/reference/cli/');
  });
});

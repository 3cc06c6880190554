import { describe, expect, it } from 'vitest';
import { checkLinks } from '../../src/builder/links/link-check.ts';
import { planLinkCheck, targetsKey, type LinkState } from '../../src/builder/links/link-state.ts';
import type { PageFacts } from '../../src/builder/links/html-facts.ts';

const page = (path: string, links: string[], ids: string[] = []): PageFacts => ({ path, source: `content${path}x.mdx`, ids, links });
const site = { redirects: [{ from: '/old/', to: '/docs/b/' }], base: '/' };
const paths = ['/docs/a/', '/docs/b/', '/docs/c/'];

/** The site as the last build left it: a links to b's #setup (once through a redirect), c to a page without anchor. */
const before = [page('/docs/a/', ['/docs/b/#setup', '../../old/#setup', '/docs/c/'], ['top']), page('/docs/b/', ['#setup'], ['setup']), page('/docs/c/', ['/docs/b/', '/docs/a/#top'])];

/** One build: its plan's check and next state, with the kept pages' facts read as asked. */
async function build(rendered: PageFacts[], kept: PageFacts[], previous: LinkState | undefined, pagePaths = paths) {
  const read: string[] = [];
  const keptFacts = (path: string) => (read.push(path), kept.find((p) => p.path === path)!);
  const plan = planLinkCheck({ targets: targetsKey(pagePaths, ['assets/app.js'], site), previous, rendered, pagePaths, keptFacts, ...site });
  const errors = await checkLinks({ pages: plan.pages, targets: plan.targets, ...site, staticExists: async () => false });
  return { errors: errors.map((e) => `${e.page} ${e.link}: ${e.reason}`), next: plan.next, read };
}

describe('the link check between builds', () => {
  it("with no state, judges every page's links and records the links to other pages' anchors", async () => {
    const { errors, next, read } = await build([], before, undefined);
    expect(errors).toEqual([]);
    expect(read).toEqual(paths);
    expect(next.anchored).toEqual({
      '/docs/b/': [
        ['/docs/a/', 'content/docs/a/x.mdx', '/docs/b/#setup'],
        ['/docs/a/', 'content/docs/a/x.mdx', '../../old/#setup'],
      ],
      '/docs/a/': [['/docs/c/', 'content/docs/c/x.mdx', '/docs/a/#top']],
    });
  });

  it('after an edit, judges the rendered page and the kept links to its anchors, and finds them broken', async () => {
    const { next: state } = await build([], before, undefined);
    // b renamed its heading: a's links to #setup broke though a was not rendered again
    const edited = page('/docs/b/', ['#set-up'], ['set-up']);
    const { errors, read } = await build([edited], before, state);
    expect(errors).toEqual([
      '/docs/a/ /docs/b/#setup: no element with id "setup" on /docs/b/',
      '/docs/a/ ../../old/#setup: no element with id "setup" on /docs/b/',
    ]);
    // no kept page's facts were read: nothing rendered links to a kept page's anchor
    expect(read).toEqual([]);
  });

  it('after an edit, reads a kept page only when a rendered page links to its anchor', async () => {
    const { next: state } = await build([], before, undefined);
    const edited = page('/docs/c/', ['/docs/a/#top', '/docs/a/#gone']);
    const { errors, read, next } = await build([edited], before, state);
    expect(errors).toEqual(['/docs/c/ /docs/a/#gone: no element with id "gone" on /docs/a/']);
    expect(read).toEqual(['/docs/a/']);
    // c's anchored links are replaced by the ones it has now
    expect(next.anchored['/docs/a/']).toEqual([
      ['/docs/c/', 'content/docs/c/x.mdx', '/docs/a/#top'],
      ['/docs/c/', 'content/docs/c/x.mdx', '/docs/a/#gone'],
    ]);
    expect(next.anchored['/docs/b/']).toEqual(state.anchored['/docs/b/']);
  });

  it('judges every page again when a page was added or removed', async () => {
    const { next: state } = await build([], before, undefined);
    const { errors, read } = await build([], before, state, ['/docs/a/', '/docs/b/']);
    expect(errors).toEqual(['/docs/a/ /docs/c/: no page at /docs/c/']);
    expect(read).toEqual(['/docs/a/', '/docs/b/']);
  });
});

/**
 * The build as a writer meets it: bad input fails with file, line and reason and leaves the
 * previous dist/ alone; a base URL other than '/' gives a site that works under that sub-path.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cp, readdir, readFile, rename, rm, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { launchBrowser, startSite, watchErrors, waitHydrated, hydrationLosses, warmDevServer, whatTheTabShowed } from './support.ts';
import { createWorkspace, ownDepsCache, type Workspace } from './workspace.ts';
import { FIXTURE_VERSIONS } from '../fixture-versions.ts';
import { createLocalSearchClient } from '../../src/search/local-client.ts';

const run = promisify(execFile);
const repo = process.cwd();
let project: string;
let workspace: Workspace;

/** A throwaway copy of the engine with the small fixture content. */
before(async () => {
  workspace = await createWorkspace('zrok-docs-build-', [{ from: '/docs/old-guide/', to: '/docs/guides/one/' }], undefined, FIXTURE_VERSIONS);
  project = workspace.dir;
  await cp(path.join(repo, 'test/fixtures/mini/content'), path.join(project, 'content'), { recursive: true });
});
after(async () => {
  await workspace.remove();
});

async function build(env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/build.mjs'], { cwd: project, env: { ...process.env, ...env } });
    return { code: 0, output: stdout + stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, output: err.stdout + err.stderr };
  }
}

const page = (v: string, name: string) => path.join(project, 'content/docs', v, name);

async function withFile(file: string, text: string, fn: () => Promise<void>) {
  const original = await readFile(file, 'utf8').catch(() => null);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  try {
    await fn();
  } finally {
    if (original === null) await rm(file);
    else await writeFile(file, original);
  }
}

describe('the build', () => {
  it('builds the fixture site', async () => {
    const { code, output } = await build();
    assert.equal(code, 0, output);
    assert.match(output, /built 12 pages and 4 redirects into dist\//);
    assert.doesNotMatch(output, /drawn in the browser/);
    const html = await readFile(path.join(project, 'dist/docs/getting-started/index.html'), 'utf8');
    assert.match(html, /<svg(?=[^>]* class="diagram__svg")[^>]* role="img" aria-label="Fixture flow"/, 'the diagram is drawn at build time');
    assert.doesNotMatch(html, /mermaid/i);
    // A body of Markdown and known components needs no script; a page with a component of its own does.
    assert.match(html, /<div [^>]*data-static-body[^>]*class="markdown"|<div class="markdown"[^>]* data-static-body/);
    assert.doesNotMatch(html, /rel="modulepreload"[^>]*assets\/pages\//, 'its module is not preloaded');
    const crashHtml = await readFile(path.join(project, 'dist/docs/guides/crash/index.html'), 'utf8');
    assert.doesNotMatch(crashHtml, /data-static-body/);
    assert.match(crashHtml, /rel="modulepreload"[^>]*assets\/pages\//);
    assert.match(await readFile(path.join(project, 'dist/_nginx/security-headers.conf'), 'utf8'), /style-src-elem 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/, 'no inline <style> but the shell’s own');
    await writeFile(path.join(project, 'dist/marker.txt'), 'from the last good build');
  });

  it('finds a page by its front-matter keywords when no word of its text matches', async () => {
    const tag = 'docs-default-current';
    const client = createLocalSearchClient(async (file) => JSON.parse(await readFile(path.join(project, 'dist', file), 'utf8')) as unknown, [tag]);
    const { results } = await client.search({ requests: [{ indexName: 'fixture', query: 'onboarding', facetFilters: [[`docusaurus_tag:${tag}`]] }] });
    assert.deepEqual(results[0].hits.map((h) => h.url), ['/docs/guides/one/']);
    // Only the head's keywords tag (for the hosted crawler) carries it: the page a reader sees never says it.
    const html = await readFile(path.join(project, 'dist/docs/guides/one/index.html'), 'utf8');
    assert.match(html, /<meta name="keywords" content="onboarding checklist" \/>/);
    assert.doesNotMatch(html.slice(html.indexOf('<body')), /onboarding/i, 'the page itself never says it');
  });

  it('builds the same site with each phase in a process of its own, as a large site does', async () => {
    const phaseScripts = async () => (await readdir(path.join(project, '.cache/threads'))).filter((f) => f.startsWith('build-phase-'));
    assert.deepEqual(await phaseScripts(), [], 'a small site builds in one process');
    const { code, output } = await build({ BUILD_PHASES_APART: '1', OUT_DIR: 'dist-apart' });
    assert.equal(code, 0, output);
    assert.equal((await phaseScripts()).length, 1, 'the phases ran from their own script');
    const files = (dir: string) => readdir(path.join(project, dir), { recursive: true }).then((l) => l.filter((f) => f !== 'marker.txt').sort());
    assert.deepEqual(await files('dist-apart'), await files('dist'));
    for (const f of await files('dist')) {
      const one = await readFile(path.join(project, 'dist', f)).catch(() => null); // null: a folder
      if (one) assert.ok(one.equals(await readFile(path.join(project, 'dist-apart', f))), `${f} is the same`);
    }
    await rm(path.join(project, 'dist-apart'), { recursive: true });
  });

  it('fails on a mermaid diagram without a title, naming file and line', async () => {
    await withFile(page('7.1', 'guides/diagram.mdx'), '---\ntitle: Diagram\n---\n\nText.\n\n```mermaid\nflowchart LR\n  A --> B\n```\n', async () => {
      const { code, output } = await build();
      assert.equal(code, 1);
      assert.match(output, /content\/docs\/7\.1\/guides\/diagram\.mdx:7: a mermaid diagram needs a title/);
    });
    assert.equal(await readFile(path.join(project, 'dist/marker.txt'), 'utf8'), 'from the last good build');
  });

  it('fails on a mermaid syntax error, naming file and the line of the fence', async () => {
    await withFile(page('7.0', 'guides/diagram.mdx'), '---\ntitle: Diagram\n---\n\nText.\n\n```mermaid title="Broken"\nflowchart LR\n  A[never closed --> B\n```\n', async () => {
      const { code, output } = await build();
      assert.equal(code, 1);
      assert.match(output, /content\/docs\/7\.0\/guides\/diagram\.mdx:7: mermaid syntax error: Parse error/);
    });
  });

  it('leaves a diagram type it cannot draw to mermaid in the browser, names it, and allows mermaid its <style>', async () => {
    const text = '---\ntitle: Pie\n---\n\nText.\n\n```mermaid title="Traffic by share mode"\npie\n  "public" : 70\n  "private" : 30\n```\n';
    await withFile(page('7.1', 'guides/pie.mdx'), text, async () => {
      const { code, output } = await build({ OUT_DIR: 'dist-fallback' });
      assert.equal(code, 0, output);
      assert.match(output, /diagram drawn in the browser, not at build time: content\/docs\/7\.1\/guides\/pie\.mdx:7: beautiful-mermaid@[\d.]+ does not draw "pie" diagrams/);
      const html = await readFile(path.join(project, 'dist-fallback/docs/guides/pie/index.html'), 'utf8');
      assert.match(html, /Traffic by share mode/);
      assert.match(html, /&quot;public&quot; : 70/, 'the source is readable before it is drawn');
      assert.match(await readFile(path.join(project, 'dist-fallback/_nginx/security-headers.conf'), 'utf8'), /style-src-elem 'self' 'unsafe-inline'/);
      assert.doesNotMatch(await readFile(path.join(project, 'dist-fallback/docs/getting-started/index.html'), 'utf8'), /mermaid/i);
      const [site, browser] = await Promise.all([startSite(path.join(project, 'dist-fallback')), launchBrowser()]);
      try {
        const tab = await browser.newPage();
        const errors = watchErrors(tab);
        await tab.goto(`${site.url}/docs/guides/pie/`);
        await tab.getByRole('img', { name: 'Traffic by share mode' }).locator('svg').waitFor({ timeout: 30_000 });
        assert.deepEqual(errors, []);
        // Mermaid fails to load: the diagram's box says so, and Try again fetches it again and draws.
        const offline = await browser.newPage();
        const isMermaid = /\/assets\/mermaid-[^/]+\/mermaid\.esm\.min\.js$/;
        await offline.route(isMermaid, (r) => r.abort('internetdisconnected'));
        await offline.goto(`${site.url}/docs/guides/pie/`);
        const part = offline.locator('.part-crash');
        await part.waitFor({ timeout: 30_000 });
        assert.match((await part.textContent()) ?? '', /The diagram could not be drawn/);
        await offline.unroute(isMermaid);
        await part.getByRole('button', { name: 'Try again' }).click();
        await offline.getByRole('img', { name: 'Traffic by share mode' }).locator('svg').waitFor({ timeout: 30_000 });
      } finally {
        await browser.close();
        await site.close();
      }
    });
  });

  it('fails on a broken link and a broken anchor, naming file, line and reason, and keeps dist/', async () => {
    const guide = (body: string) => `---\ntitle: Guide One\ndescription: A fixture guide.\n---\n\n## Step One\n\n${body}\n`;
    // A link to no page of its version fails as the page compiles; an anchor missing on a page that exists, in the link check.
    await withFile(page('7.1', 'guides/one.mdx'), guide('See [nowhere](/docs/nope/).'), async () => {
      const { code, output } = await build();
      assert.equal(code, 1);
      assert.match(output, /Build failed; dist\/ was left as it was/);
      assert.match(output, /content\/docs\/7\.1\/guides\/one\.mdx:8: broken link \/docs\/nope\/: no page at \/docs\/nope\/ in version 7\.1/);
    });
    await withFile(page('7.1', 'guides/one.mdx'), guide('And [a missing anchor](/docs/getting-started/#no-such-heading).'), async () => {
      const { code, output } = await build();
      assert.equal(code, 1);
      assert.match(output, /content\/docs\/7\.1\/guides\/one\.mdx:8 .*#no-such-heading — no element with id "no-such-heading" on \/docs\/getting-started\//);
    });
    assert.equal(await readFile(path.join(project, 'dist/marker.txt'), 'utf8'), 'from the last good build');
  });

  it('fails on malformed front matter with file and line', async () => {
    await withFile(page('7.0', 'guides/two.mdx'), '---\ntitle: Two\nsidebar_position: [1\n---\n\nText.\n', async () => {
      const { code, output } = await build();
      assert.equal(code, 1);
      assert.match(output, /content\/docs\/7\.0\/guides\/two\.mdx:\d+: malformed front matter/);
    });
  });

  it('fails on an MDX syntax error with file and line', async () => {
    await withFile(page('6.4', 'guides/three.mdx'), '---\ntitle: Three\n---\n\nFine line.\n\n<Tabs>\n\nNever closed.\n', async () => {
      const { code, output } = await build();
      assert.equal(code, 1);
      assert.match(output, /content\/docs\/6\.4\/guides\/three\.mdx:7: MDX syntax error/);
    });
    assert.equal(await readFile(path.join(project, 'dist/marker.txt'), 'utf8'), 'from the last good build');
  });

  it('fails when a page imports a module, naming the file, the line and what to do', async () => {
    await withFile(page('7.1', 'guides/one.mdx'), "---\ntitle: Guide One\n---\n\nimport Pad from 'left-pad';\n\nText.\n", async () => {
      const { code, output } = await build();
      assert.equal(code, 1);
      assert.match(output, /content\/docs\/7\.1\/guides\/one\.mdx:5: import … from 'left-pad': pages here cannot import code .*use the components every page has/);
    });
  });

  it('rebuilds with an edited page: its title, and its label in every sidebar', async () => {
    const file = page('7.1', 'guides/one.mdx');
    const original = await readFile(file, 'utf8');
    await withFile(file, original.replace(/^title: .*$/m, 'title: Guide One Renamed'), async () => {
      const { code, output } = await build({ OUT_DIR: 'dist-edited' });
      assert.equal(code, 0, output);
      assert.match(await readFile(path.join(project, 'dist-edited/docs/guides/one/index.html'), 'utf8'), /<h1>Guide One Renamed<\/h1>/);
      assert.match(await readFile(path.join(project, 'dist-edited/docs/getting-started/page-data.json'), 'utf8'), /"label":"Guide One Renamed"/);
    });
  });
});

describe('content that must not corrupt a page', () => {
  it("takes $-patterns in a title and description as text, and runs MDX expressions without the build's environment", async () => {
    const file = page('7.1', 'guides/one.mdx');
    const original = await readFile(file, 'utf8');
    const hostile = original
      .replace(/^title: .*$/m, () => "title: \"Costs $' and $` and $& and $$\"")
      .replace(/^description: .*$/m, () => "description: \"Prices in $$ and $& and $'\"")
      .concat('\nThe secret is [{typeof process === "object" ? String(process.env.ZROK_DOCS_TEST_SECRET) : "none"}].\n');
    await withFile(file, hostile, async () => {
      const { code, output } = await build({ OUT_DIR: 'dist-hostile', ZROK_DOCS_TEST_SECRET: 'hunter2-marker' });
      assert.equal(code, 0, output);
      const html = await readFile(path.join(project, 'dist-hostile/docs/guides/one/index.html'), 'utf8');
      assert.equal((html.match(/<title>/g) ?? []).length, 1, 'one <title>');
      assert.ok(html.includes("<title>Costs $&#39; and $` and $&amp; and $$ | zrok</title>") || html.includes("<title>Costs $' and $` and $&amp; and $$ | zrok</title>"), html.match(/<title>.*<\/title>/)?.[0]);
      assert.ok(html.indexOf('http-equiv="Content-Security-Policy"') < html.indexOf('</head>'), 'the CSP meta stays in the head');
      assert.ok(html.indexOf('<body') < html.indexOf('class="navbar'), 'nothing spliced above the navbar');
      assert.match(html, /<h1>Costs \$(&#x27;|&#39;|') and \$` and \$&amp; and \$\$<\/h1>/);
      assert.ok(!html.includes('hunter2-marker'), 'the build environment does not reach the page');
      assert.match(html, /The secret is \[(<!-- -->)?undefined(<!-- -->)?\]/);
    });
  });
});

describe('a version whose sidebar is over the inline limit', () => {
  let browser: Browser;
  before(async () => {
    const config = path.join(project, 'site.config.ts');
    const original = await readFile(config, 'utf8');
    await writeFile(config, original.replace(/inlineLimit: \d+/, 'inlineLimit: 2'));
    try {
      const { code, output } = await build({ OUT_DIR: 'dist-sliced' });
      assert.equal(code, 0, output);
    } finally {
      await writeFile(config, original);
    }
    browser = await launchBrowser();
  });
  after(async () => browser?.close());

  it('sends a page only the open part, and fetches a closed category when it is opened', async () => {
    const data = await readFile(path.join(project, 'dist-sliced/docs/getting-started/page-data.json'), 'utf8');
    assert.doesNotMatch(data, /Guide One/, 'a closed category’s items are not in the page data');
    const site = await startSite(path.join(project, 'dist-sliced'));
    try {
      const tab = await browser.newPage();
      const fetched: string[] = [];
      tab.on('request', (r) => fetched.push(new URL(r.url()).pathname));
      await tab.goto(`${site.url}/docs/getting-started/`);
      await waitHydrated(tab);
      const sidebar = tab.getByRole('navigation', { name: 'Docs sidebar' });
      assert.equal(await sidebar.getByRole('link', { name: 'Guide One' }).count(), 0);
      await sidebar.getByLabel("Expand sidebar category 'Guides'", { exact: true }).click();
      await sidebar.getByRole('link', { name: 'Guide One' }).waitFor();
      assert.ok(fetched.includes('/_data/sidebar/7.1/guides.json'), `fetched: ${fetched.join(', ')}`);
      await sidebar.getByRole('link', { name: 'Guide One' }).click();
      await tab.locator('h1', { hasText: 'Guide One' }).waitFor();
    } finally {
      await site.close();
    }
  });
});

describe('npm run dev', () => {
  let server: import('vite').ViteDevServer;
  let base: string;
  // What the dev server reported as errors. Vite also sends each to the browser, or, with no tab open, to the next tab
  // that connects: its error overlay, which makes the tab reload on the next update instead of updating in place.
  const serverErrors: string[] = [];
  before(async () => {
    // A cold start, as on a fresh clone: without the builds' content snapshot, pages are read lazily.
    await rm(path.join(project, '.cache'), { recursive: true, force: true });
    const { createServer, createLogger } = await import('vite');
    const logger = createLogger('silent');
    logger.error = (msg) => void serverErrors.push(msg);
    // Vite drops its transforms of a changed file only after every plugin's watchChange hook: one that takes a second,
    // as a busy machine may, makes sure that nothing here depends on Vite having done so in time.
    const slowWatcher = { name: 'slow-watch-change', watchChange: () => new Promise<void>((r) => setTimeout(r, 1000)) };
    server = await createServer({ root: project, configFile: path.join(project, 'vite.config.ts'), cacheDir: ownDepsCache(project), plugins: [slowWatcher], server: { port: 0, host: '127.0.0.1' }, customLogger: logger });
    await server.listen();
    // A file added to a folder the watcher has not scanned yet counts as already there. Its first
    // 'ready' can come before the content folders are scanned (after a build, seconds before), so
    // wait until the folder the test writes into is watched.
    const guides = path.join(project, 'content/docs/7.1/guides');
    for (let i = 0; i < 300 && !(guides in server.watcher.getWatched()); i++) await new Promise((r) => setTimeout(r, 100));
    assert.ok(guides in server.watcher.getWatched(), 'the dev server watches the content folders');
    base = server.resolvedUrls!.local[0].replace(/\/$/, '');
    await warmDevServer(`${base}/docs/getting-started/`);
  });
  after(async () => server?.close());
  it('updates the sidebar when a page is added, renamed or deleted, without a restart', async () => {
    // The sidebar as the browser gets it: the page data the dev server serves.
    const manifest = async () => (await fetch(`${base}/docs/getting-started/page-data.json`)).text();
    const eventually = async (check: (text: string) => boolean) => {
      // Generous: on a fresh clone the dev server's first dependency optimisation shares the two cores.
      for (let i = 0; i < 300; i++) {
        if (check(await manifest())) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.fail(`the manifest did not follow the change: ${(await manifest()).slice(0, 300)}`);
    };
    const added = page('7.1', 'guides/added.mdx');
    const renamed = page('7.1', 'guides/renamed.mdx');
    try {
      assert.doesNotMatch(await manifest(), /added/);
      await writeFile(added, '---\ntitle: Added Page\ndescription: Added while the dev server runs.\n---\n\nHello.\n');
      await eventually((t) => t.includes('/docs/guides/added/') && t.includes('Added Page'));
      await rename(added, renamed);
      await eventually((t) => t.includes('/docs/guides/renamed/') && !t.includes('/docs/guides/added/'));
      await rm(renamed);
      await eventually((t) => !t.includes('/docs/guides/renamed/'));
      // Two requests writing one page's cache entry at once once failed the second (ENOENT on its rename).
      assert.deepEqual(serverErrors, [], 'no request failed while the pages changed');
    } finally {
      await rm(added, { force: true });
      await rm(renamed, { force: true });
    }
  });

  it('shows an edit to the open page in place: its text, its table of contents and its title', async () => {
    const browser = await launchBrowser();
    const file = page('7.1', 'guides/one.mdx');
    const original = await readFile(file, 'utf8');
    try {
      const tab = await browser.newPage();
      await tab.goto(`${base}/docs/guides/one/`);
      await tab.locator('h1').waitFor();
      // The dev server started on front matter alone: the headings are read as the page is shown.
      await tab.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Step One' }).waitFor({ timeout: 10_000 });
      await tab.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
      const edited = original.replace(/^title: .*$/m, 'title: Guide One Edited') + '\n## A Section Added Live\n\nThis paragraph was added while the page was open.\n';
      await writeFile(file, edited);
      await tab.getByText('This paragraph was added while the page was open.').waitFor({ timeout: 10_000 });
      await tab.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'A Section Added Live' }).waitFor({ timeout: 10_000 });
      await tab.locator('h1', { hasText: 'Guide One Edited' }).waitFor({ timeout: 10_000 });
      assert.equal(await tab.evaluate(() => (window as unknown as { kept?: boolean }).kept), true, `updated in place, not reloaded; the dev server's errors: ${serverErrors.join('\n') || 'none'}`);
    } finally {
      await writeFile(file, original);
      await browser.close();
    }
  });

  it('shows the last of two saves made 20 ms apart, in the open page and in a new one', async () => {
    const browser = await launchBrowser();
    const file = page('7.1', 'guides/one.mdx');
    const original = await readFile(file, 'utf8');
    try {
      // Before the dev server waited for a file to be still, its watcher dropped a change within 50 ms
      // of the one before, and the page kept the first text until the next edit (failed every run).
      for (let round = 0; round < 3; round++) {
        const open = await browser.newPage();
        await open.goto(`${base}/docs/guides/one/`);
        await open.locator('h1').waitFor();
        await writeFile(file, `${original}\nFirst save of round ${round}.\n`);
        await open.getByText(`First save of round ${round}.`).waitFor({ timeout: 20_000 });
        await writeFile(file, `${original}\nA save the next one replaces.\n`);
        await new Promise((r) => setTimeout(r, 20)); // the dev server may read it in between
        await writeFile(file, `${original}\nSecond save of round ${round}, right after.\n`);
        await open.getByText(`Second save of round ${round}, right after.`).waitFor({ timeout: 10_000 });
        const fresh = await browser.newPage();
        await fresh.goto(`${base}/docs/guides/one/`);
        await fresh.getByText(`Second save of round ${round}, right after.`).waitFor({ timeout: 10_000 });
        await Promise.all([open.close(), fresh.close()]);
      }
    } finally {
      await writeFile(file, original);
      await browser.close();
    }
  });

  it('shows an edit in a tab opened after the last one too, though Vite has not yet dropped its old transform', async () => {
    const browser = await launchBrowser();
    const file = page('7.1', 'guides/one.mdx');
    const original = await readFile(file, 'utf8');
    try {
      const first = await browser.newPage();
      await first.goto(`${base}/docs/guides/one/`);
      await first.locator('h1').waitFor();
      await writeFile(file, `${original}\nThe first tab's edit.\n`);
      await first.getByText("The first tab's edit.").waitFor({ timeout: 20_000 });
      // A second tab counts the edits it is told of from the start: it must not be given a body the first one got.
      const second = await browser.newPage();
      await second.goto(`${base}/docs/guides/one/`);
      await second.getByText("The first tab's edit.").waitFor();
      await writeFile(file, `${original}\nAn edit both tabs see.\n`);
      await first.getByText('An edit both tabs see.').waitFor({ timeout: 20_000 });
      await second.getByText('An edit both tabs see.').waitFor({ timeout: 20_000 });
    } finally {
      await writeFile(file, original);
      await browser.close();
    }
  });

  /** The open fixture page, hydrated, and the text of a component of the workspace's theme to edit; restored after. */
  async function withOpenPageAndComponent(fn: (tab: import('playwright-core').Page, write: (text: string) => Promise<void>, original: string) => Promise<void>) {
    const browser = await launchBrowser();
    const file = path.join(project, 'src/theme/Dropdown.tsx');
    const original = await readFile(file, 'utf8');
    try {
      const tab = await browser.newPage();
      await tab.goto(`${base}/docs/guides/one/`);
      await waitHydrated(tab);
      await fn(tab, (text) => writeFile(file, text), original);
    } finally {
      await writeFile(file, original);
      await browser.close();
    }
  }

  it('updates an edited component in place and keeps its state (React Fast Refresh)', () =>
    withOpenPageAndComponent(async (tab, write, original) => {
      await tab.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
      // The version menu's open state is the component's own (useState): a remount or a reload would close it.
      const button = tab.locator('.dropdown__button').first();
      await button.click();
      await tab.waitForFunction(() => document.querySelector('.dropdown__button')?.getAttribute('aria-expanded') === 'true');
      const edited = original.replace('<span className="dropdown__caret" aria-hidden="true" />', '<span className="dropdown__caret" data-edited-live="" aria-hidden="true" />');
      assert.notEqual(edited, original, 'the test edits the component');
      await write(edited);
      await tab.locator('.dropdown__button [data-edited-live]').first().waitFor({ state: 'attached', timeout: 30_000 });
      assert.equal(await button.getAttribute('aria-expanded'), 'true', 'the menu is still open: its state was kept');
      assert.equal(await tab.evaluate(() => (window as unknown as { kept?: boolean }).kept), true, 'updated in place, not reloaded');
    }));

  it("shows a component's syntax error in the error overlay with its file and line, and recovers once it is fixed", () =>
    withOpenPageAndComponent(async (tab, write, original) => {
      const lines = original.split('\n');
      const at = lines.findIndex((l) => l.startsWith('export function Dropdown('));
      lines.splice(at, 0, 'const broken = ;');
      await write(lines.join('\n'));
      const overlay = tab.locator('vite-error-overlay');
      await overlay.waitFor({ state: 'attached', timeout: 30_000 });
      const message = await overlay.evaluate((el) => el.shadowRoot?.textContent ?? '');
      assert.match(message, new RegExp(`src/theme/Dropdown\\.tsx:${at + 1}:`), message.slice(0, 400));
      await write(original);
      await overlay.waitFor({ state: 'detached', timeout: 30_000 });
      await tab.locator('.dropdown__button').first().waitFor();
    }));

  it("shows an open page's MDX syntax error in the page with file and line, and the page once it is fixed", async () => {
    const browser = await launchBrowser();
    const file = page('7.1', 'guides/one.mdx');
    const original = await readFile(file, 'utf8');
    const broken = `${original}\nA sentence before the mistake.\n\n<Tabs>\n\nnever closed\n`;
    const line = broken.split('\n').indexOf('<Tabs>') + 1;
    try {
      const tab = await browser.newPage();
      const logged = watchErrors(tab);
      await tab.goto(`${base}/docs/guides/one/`);
      await waitHydrated(tab);
      // Edited once first: the page's body is then a module of its own edit, as after any save.
      await writeFile(file, `${original}\nA sentence before the mistake.\n`);
      await tab.getByText('A sentence before the mistake.').waitFor({ timeout: 20_000 });
      await writeFile(file, broken);
      const alert = tab.getByRole('alert').filter({ hasText: 'The build would stop here' });
      await alert.waitFor({ timeout: 30_000 }).catch(whatTheTabShowed(tab, logged, serverErrors));
      assert.match((await alert.textContent()) ?? '', new RegExp(`content/docs/7\\.1/guides/one\\.mdx:${line}: MDX syntax error`));
      await writeFile(file, `${original}\nFixed again.\n`);
      await tab.getByText('Fixed again.').waitFor({ timeout: 30_000 });
      assert.equal(await alert.count(), 0, 'the error is gone');
    } finally {
      await writeFile(file, original);
      await browser.close();
    }
  });

  it('renders a page again once an edit mends what made it crash', async () => {
    const browser = await launchBrowser();
    const file = page('7.1', 'guides/one.mdx');
    const original = await readFile(file, 'utf8');
    try {
      const tab = await browser.newPage();
      const logged = watchErrors(tab);
      await tab.goto(`${base}/docs/guides/one/`);
      await waitHydrated(tab);
      await writeFile(file, `${original}\n{(() => { throw new Error('thrown while editing'); })()}\n`);
      await tab.getByRole('alert').filter({ hasText: 'thrown while editing' }).waitFor({ timeout: 30_000 }).catch(whatTheTabShowed(tab, logged, serverErrors));
      await writeFile(file, `${original}\nMended.\n`);
      await tab.getByText('Mended.').waitFor({ timeout: 30_000 }).catch(whatTheTabShowed(tab, logged, serverErrors));
    } finally {
      await writeFile(file, original);
      await browser.close();
    }
  });

  it('shows a diagram error in the page with file and line, and draws the diagram once it is fixed', async () => {
    const browser = await launchBrowser();
    const file = page('7.1', 'guides/one.mdx');
    const original = await readFile(file, 'utf8');
    const line = original.split('\n').length + 1;
    try {
      await writeFile(file, `${original}\n\`\`\`mermaid title="Live diagram"\nflowchart LR\n  A[never closed --> B\n\`\`\`\n`);
      const tab = await browser.newPage();
      const logged = watchErrors(tab);
      await tab.goto(`${base}/docs/guides/one/`);
      const alert = tab.getByRole('alert').filter({ hasText: 'This diagram cannot be drawn' });
      await alert.waitFor({ timeout: 30_000 }).catch(whatTheTabShowed(tab, logged, serverErrors));
      assert.match((await alert.textContent()) ?? '', new RegExp(`content/docs/7\\.1/guides/one\\.mdx:${line}\\): mermaid syntax error`));
      await writeFile(file, `${original}\n\`\`\`mermaid title="Live diagram"\nflowchart LR\n  A[closed] --> B\n\`\`\`\n`);
      await tab.getByRole('img', { name: 'Live diagram' }).waitFor({ timeout: 30_000 });
    } finally {
      await writeFile(file, original);
      await browser.close();
    }
  });
});

describe('the hosted search provider', () => {
  let browser: Browser;
  before(async () => {
    const env = { VITE_ALGOLIA_APP_ID: 'TESTAPPID', VITE_ALGOLIA_API_KEY: 'search-only-key', VITE_ALGOLIA_INDEX_NAME: 'zrok', VITE_GTM_CONTAINER_ID: 'GTM-TEST123', OUT_DIR: 'dist-hosted' };
    const { code, output } = await build(env);
    assert.equal(code, 0, output);
    browser = await launchBrowser();
  });
  after(async () => browser?.close());

  it('allows the provider and the tag manager in the CSP only because they are configured', async () => {
    const headers = await readFile(path.join(project, 'dist-hosted/_nginx/security-headers.conf'), 'utf8');
    assert.match(headers, /connect-src 'self' https:\/\/\*\.algolia\.net https:\/\/\*\.algolianet\.com/);
    assert.match(headers, /script-src 'self' [^;]*https:\/\/www\.googletagmanager\.com/);
    const plain = await readFile(path.join(project, 'dist/_nginx/security-headers.conf'), 'utf8');
    assert.doesNotMatch(plain, /algolia|googletagmanager/);
  });

  it('queries the provider with the contextual filters and click analytics, and keeps results on this site', async () => {
    const site = await startSite(path.join(project, 'dist-hosted'));
    try {
      const page = await browser.newPage();
      const bodies: { url: string; headers: Record<string, string>; body: { requests: Record<string, unknown>[] } }[] = [];
      await page.route(/algolia(net)?\.(net|com)/, async (route) => {
        const body = route.request().postDataJSON() as { requests: Record<string, unknown>[] };
        bodies.push({ url: route.request().url(), headers: route.request().headers(), body });
        const hit = {
          objectID: '1', url: 'https://elsewhere.example/docs/guides/one/#step-one', type: 'lvl2', content: null,
          hierarchy: { lvl0: 'Guides', lvl1: 'Guide One', lvl2: 'Step One', lvl3: null, lvl4: null, lvl5: null, lvl6: null },
          _highlightResult: { hierarchy: { lvl0: { value: 'Guides', matchLevel: 'none', matchedWords: [] }, lvl1: { value: 'Guide One', matchLevel: 'none', matchedWords: [] }, lvl2: { value: '<mark>Step</mark> One', matchLevel: 'full', matchedWords: ['step'] } } },
          _snippetResult: {},
        };
        await route.fulfill({ json: { results: body.requests.map((r) => ({ hits: [hit], nbHits: 1, page: 0, nbPages: 1, hitsPerPage: 20, processingTimeMS: 1, exhaustiveNbHits: true, query: r.query, params: '', index: 'zrok', queryID: 'abc123' })) } });
      });
      await page.goto(`${site.url}/docs/7.0/getting-started/`);
      await waitHydrated(page);
      await page.keyboard.press('Control+k');
      await page.locator('.DocSearch-Input').fill('step');
      const hitLink = page.locator('.DocSearch-Hit a.zrok-hit').first();
      await hitLink.waitFor();
      assert.equal(await hitLink.getAttribute('href'), '/docs/guides/one/#step-one', 'another origin is rewritten onto this site');
      const request = bodies.at(-1)!;
      const search = request.body.requests[0];
      assert.equal(search.indexName, 'zrok');
      assert.equal(search.hitsPerPage, 20);
      assert.equal(search.clickAnalytics, true);
      assert.deepEqual(search.facetFilters, ['language:en', 'docusaurus_tag:docs-default-7.0']); // both must match
      assert.match(request.url, /x-algolia-api-key=search-only-key/, 'application id and API key as query parameters');
      assert.match(request.url, /x-algolia-application-id=TESTAPPID/);
      assert.match(request.url, /\/1\/indexes\/\*\/queries/, 'the multi-query path');
      await hitLink.click();
      await page.waitForURL(`${site.url}/docs/guides/one/#step-one`);
    } finally {
      await site.close();
    }
  });

  it('shows the error screen when every provider host is unreachable', async () => {
    const site = await startSite(path.join(project, 'dist-hosted'));
    try {
      const page = await browser.newPage();
      await page.route(/algolia(net)?\.(net|com)/, (route) => route.abort('internetdisconnected'));
      await page.goto(`${site.url}/docs/getting-started/`);
      await waitHydrated(page);
      await page.keyboard.press('Control+k');
      await page.locator('.DocSearch-Input').fill('step');
      await page.getByText('Unable to fetch results').waitFor({ timeout: 15_000 });
      await page.getByText('You might want to check your network connection.').waitFor();
    } finally {
      await site.close();
    }
  });
});

describe('error screens and analytics (fixture build with a tag-manager id)', () => {
  let browser: Browser;
  let site: Awaited<ReturnType<typeof startSite>>;
  before(async () => {
    browser = await launchBrowser();
    site = await startSite(path.join(project, 'dist-hosted'));
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  it('shows "This page crashed." with Try again, which renders the page again', async () => {
    const page = await browser.newPage();
    await page.addInitScript(() => ((window as unknown as Record<string, boolean>).__crashPage = true));
    await page.route(/googletagmanager/, (r) => r.fulfill({ contentType: 'text/javascript', body: '' }));
    await page.goto(`${site.url}/docs/guides/crash/`);
    const crash = page.getByRole('alert').filter({ hasText: 'This page crashed.' });
    await crash.waitFor();
    assert.match((await crash.textContent()) ?? '', /Boom: __crashPage/);
    assert.ok(await page.getByRole('navigation', { name: 'Main' }).isVisible(), 'the chrome keeps working');
    await page.evaluate(() => ((window as unknown as Record<string, boolean>).__crashPage = false));
    await crash.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('Calm __crashPage.').waitFor();
    await page.close();
  });

  it("keeps the prerendered article when the first page's body fails to load, with a notice whose Retry hydrates it", async () => {
    // The crash page has a component of its own, so its body is loaded and hydrated (a body that needs no script is not).
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.route(/googletagmanager/, (r) => r.fulfill({ contentType: 'text/javascript', body: '' }));
    const data = JSON.parse(await readFile(path.join(project, 'dist-hosted/docs/guides/crash/page-data.json'), 'utf8')) as { doc: { module: string } };
    const isModule = (url: URL) => url.pathname === data.doc.module;
    await page.route(isModule, (route) => route.abort('failed'));
    await page.goto(`${site.url}/docs/guides/crash/`);
    const notice = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
    await notice.waitFor();
    assert.equal(await page.locator('h1').textContent(), 'Crash Test', 'the prerendered article stays');
    assert.ok(await page.getByText('Calm __crashPage.').isVisible(), 'its text stays');
    assert.equal(await page.getByText('This page could not be loaded.').count(), 0, 'no error view in its place');
    assert.equal(await page.evaluate(() => window.__hydrated === true), false);
    await page.unroute(isModule);
    await notice.getByRole('button', { name: 'Retry' }).click();
    await waitHydrated(page);
    await notice.waitFor({ state: 'detached' });
    assert.equal(await page.locator('h1').textContent(), 'Crash Test');
    assert.deepEqual(errors.filter((e) => !/page load|Failed to fetch|ERR_FAILED|dynamically imported/.test(e)), []);
    await page.close();
  });

  it('keeps a failing part inside its box, with its message and Try again', async () => {
    const page = await browser.newPage();
    await page.addInitScript(() => ((window as unknown as Record<string, boolean>).__crashPart = true));
    await page.route(/googletagmanager/, (r) => r.fulfill({ contentType: 'text/javascript', body: '' }));
    await page.goto(`${site.url}/docs/guides/crash/`);
    const part = page.locator('.part-crash');
    await part.waitFor();
    assert.match((await part.textContent()) ?? '', /Boom: __crashPart/);
    assert.ok(await page.getByText('Calm __crashPage.').isVisible(), 'the rest of the page works');
    assert.ok(await page.getByRole('heading', { name: 'A Part' }).isVisible());
    await page.evaluate(() => ((window as unknown as Record<string, boolean>).__crashPart = false));
    await part.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('Calm __crashPart.').waitFor();
    await page.close();
  });

  it('loads the tag manager after the page is interactive, and a failure to load it changes nothing', async () => {
    for (const fails of [false, true]) {
      const page = await browser.newPage();
      const errors = watchErrors(page);
      let requested!: (beforeHydration: boolean) => void;
      const requestedBeforeHydration = new Promise<boolean>((r) => (requested = r));
      await page.route(/googletagmanager\.com\/gtm\.js/, async (route) => {
        requested(await page.evaluate(() => window.__hydrated !== true));
        if (fails) await route.abort('failed');
        else await route.fulfill({ contentType: 'text/javascript', body: 'window.__gtmLoaded = true;' });
      });
      await page.goto(`${site.url}/docs/getting-started/`);
      await waitHydrated(page);
      await page.waitForFunction(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer?.length === 1);
      // The script is asked for once the browser is idle, which a busy machine makes late: wait for its request.
      assert.equal(await requestedBeforeHydration, false, 'requested only after the page is interactive');
      if (fails) await page.locator('script#gtm-script').waitFor({ state: 'detached' }); // a script that failed is removed
      else await page.waitForFunction(() => (window as unknown as { __gtmLoaded?: boolean }).__gtmLoaded === true);
      assert.equal(await page.locator('script#gtm-script').count(), fails ? 0 : 1);
      assert.equal(await page.locator('h1').textContent(), 'Getting Started');
      assert.deepEqual(errors.filter((e) => !/Failed to load resource/.test(e)), []);
      await page.close();
    }
  });
});

describe('a base URL other than /', () => {
  let browser: Browser;
  before(async () => {
    const { code, output } = await build({ BASE_URL: '/zrok-docs/', OUT_DIR: 'dist-base' });
    assert.equal(code, 0, output);
    browser = await launchBrowser();
  });
  after(async () => browser?.close());

  it('shows the "did not load properly" banner when served under another path', async () => {
    const wrong = await startSite(path.join(project, 'dist-base'), '/');
    try {
      const p = await browser.newPage();
      await p.goto(`${wrong.url}/docs/getting-started/`);
      const banner = p.getByRole('alert').filter({ hasText: 'This site did not load properly.' });
      await banner.waitFor();
      assert.match((await banner.textContent()) ?? '', /\/zrok-docs\//);
      await p.close();
    } finally {
      await wrong.close();
    }
    const right = await startSite(path.join(project, 'dist-base'), '/zrok-docs/');
    try {
      const p = await browser.newPage();
      await p.goto(`${right.url}/docs/getting-started/`);
      await waitHydrated(p);
      assert.equal(await p.locator('#base-url-issue').isVisible(), false);
      await p.close();
    } finally {
      await right.close();
    }
  });

  it('serves, hydrates and navigates under the sub-path', async () => {
    const site = await startSite(path.join(project, 'dist-base'), '/zrok-docs/');
    try {
      const ctx = await browser.newContext();
      const losses = await hydrationLosses(ctx, `${site.url}/docs/getting-started/`);
      await ctx.close();
      assert.deepEqual({ replaced: losses.replaced, errors: losses.errors }, { replaced: [], errors: [] });
      assert.equal(losses.textAfter, losses.textBefore);
      const p = await browser.newPage();
      const errors = watchErrors(p);
      await p.goto(`${site.url}/docs/getting-started/`);
      await waitHydrated(p);
      assert.equal(await p.locator('h1').textContent(), 'Getting Started');
      const link = p.locator('.markdown a', { hasText: 'the guide' });
      assert.equal(await link.getAttribute('href'), '/zrok-docs/docs/guides/one/#step-one');
      await link.click();
      await p.waitForURL(`${site.url}/docs/guides/one/#step-one`);
      await p.locator('h1', { hasText: 'Guide One' }).waitFor();
      // A sidebar link is a plain anchor under the sub-path; its click is the app's navigation, not a page load.
      const back = p.locator('nav.sidebar a[href="/zrok-docs/docs/getting-started/"]').first();
      await p.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
      await back.click();
      await p.waitForURL(`${site.url}/docs/getting-started/`);
      await p.locator('h1', { hasText: 'Getting Started' }).waitFor();
      assert.equal(await p.evaluate(() => (window as unknown as { __marker?: number }).__marker), 7, 'the sidebar link navigated in the app');
      await p.goto(`${site.url}/docs/`);
      await p.waitForURL(`${site.url}/docs/getting-started/`);
      await p.goto(`${site.url}/docs/old-guide/`);
      await p.waitForURL(`${site.url}/docs/guides/one/`);
      const html = await (await fetch(`${site.url}/docs/guides/one/`)).text();
      assert.match(html, /<link rel="canonical" href="https:\/\/docs\.zrok\.io\/zrok-docs\/docs\/guides\/one\/"/);
      assert.match(html, /src="\/zrok-docs\/assets\//);
      assert.deepEqual(errors, []);
    } finally {
      await site.close();
    }
  });

  it('GitHub Pages: a missing page under the sub-path gets 404.html, which shows the not-found page with links under the sub-path', async () => {
    // Like GitHub Pages for a project site, the preview server answers any missing path with the site's 404.html.
    const site = await startSite(path.join(project, 'dist-base'), '/zrok-docs/');
    try {
      const p = await browser.newPage();
      const errors = watchErrors(p);
      const notFound: string[] = [];
      p.on('response', (r) => r.status() === 404 && notFound.push(new URL(r.url()).pathname));
      const res = await p.goto(`${site.url}/docs/guides/no-such-page/`);
      assert.equal(res?.status(), 404);
      await waitHydrated(p);
      assert.equal(await p.locator('h1').textContent(), 'Page Not Found');
      // 404.html says which page it is: the path under the sub-path is not asked for its data as well.
      assert.deepEqual(notFound, ['/zrok-docs/docs/guides/no-such-page/']);
      assert.equal(await p.locator('#base-url-issue').isVisible(), false);
      await p.locator('#not-found a[href="/zrok-docs/docs/getting-started/"]').click();
      await p.locator('h1', { hasText: 'Getting Started' }).waitFor();
      assert.deepEqual(errors.filter((e) => !e.includes('404')), []);
      await p.close();
    } finally {
      await site.close();
    }
    assert.equal(await readFile(path.join(project, 'dist-base/.nojekyll'), 'utf8'), '');
    assert.match(await readFile(path.join(project, 'dist-base/_redirects'), 'utf8'), /^\/zrok-docs\/docs\/old-guide\/ \/zrok-docs\/docs\/guides\/one\/ 301$/m);
  });
});

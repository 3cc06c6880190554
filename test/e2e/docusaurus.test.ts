/**
 * Pages written for Docusaurus build and read as Docusaurus shows them: the fixture in test/fixtures/docusaurus
 * (titles from a heading, every admonition, theme imports, partials, images, relative file links, code in any
 * language), built under a sub-path and looked at in the browser; and a build with five different mistakes in five
 * pages names all five in one run.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, startSite, waitHydrated, warmDevServer, watchErrors, whatTheTabShowed } from './support.ts';
import { createWorkspace, ownDepsCache, type Workspace } from './workspace.ts';
import { CURRENT, FIXTURE_VERSIONS, OLDER } from '../fixture-versions.ts';

/** A pattern with `{v}` for the fixture's current version folder. */
const inVersion = (pattern: string) => new RegExp(pattern.replaceAll('{v}', CURRENT.name.replace(/\./g, '\\.')));

const run = promisify(execFile);
const repo = process.cwd();
const BASE = '/zrok-docs/';
let workspace: Workspace;
let project: string;

async function build(env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/build.mjs'], { cwd: project, env: { ...process.env, FORCE_BUILD: '1', ...env } });
    return { code: 0, output: stdout + stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, output: err.stdout + err.stderr };
  }
}

before(async () => {
  workspace = await createWorkspace('zrok-docs-docusaurus-', [], undefined, FIXTURE_VERSIONS);
  project = workspace.dir;
  // The prefix the fixture's pages link through, as a Docusaurus site's remark-scoped-path plugin maps it.
  const configFile = path.join(project, 'site.config.ts');
  const config = await readFile(configFile, 'utf8');
  assert.match(config, /linkMappings: \[\],/);
  await writeFile(configFile, config.replace('linkMappings: [],', `linkMappings: [{ from: '@movingdocs', to: '/docs' }],`));
  await cp(path.join(repo, 'test/fixtures/mini/content'), path.join(project, 'content'), { recursive: true });
  await cp(path.join(repo, 'test/fixtures/docusaurus/content'), path.join(project, 'content'), { recursive: true });
});
after(async () => workspace.remove());

describe('pages moved from Docusaurus', () => {
  let browser: Browser;
  let site: Awaited<ReturnType<typeof startSite>>;
  let output: string;
  before(async () => {
    const built = await build({ BASE_URL: BASE, OUT_DIR: 'dist' });
    assert.equal(built.code, 0, built.output);
    output = built.output;
    [site, browser] = await Promise.all([startSite(path.join(project, 'dist'), BASE), launchBrowser()]);
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  const open = async (route: string): Promise<{ page: Page; errors: string[] }> => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${site.url}${route}`); // the site's URL holds the base
    await waitHydrated(page);
    return { page, errors };
  };

  it('warns of a code language it cannot highlight, with file and line, and builds', () => {
    assert.match(output, inVersion(String.raw`warning: content\/docs\/{v}\/moving\/packing\.mdx:\d+: code fence language "klingon" is not highlighted`));
  });

  it('takes a title from the first heading, shown once, and lists the category as cards', async () => {
    const { page, errors } = await open('/docs/moving/');
    assert.deepEqual(await page.locator('h1').allTextContents(), ['Moving a garden shed']);
    assert.match(await page.title(), /^Moving a garden shed/);
    const cards = page.locator('.markdown .card');
    assert.deepEqual(await cards.locator('.card__title').allTextContents(), ['Notices', 'Packing']);
    assert.equal(await cards.first().getAttribute('href'), `${BASE}docs/moving/notices/`);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('draws every admonition kind with its title, in a .md page', async () => {
    const { page, errors } = await open('/docs/moving/notices/');
    const shown = await page.locator('.admonition').evaluateAll((els) => els.map((e) => `${e.className.replace('admonition admonition--', '')}: ${e.querySelector('.admonition__heading')!.textContent}`));
    assert.deepEqual(shown, ['note: Note', 'tip: Lift with your legs', 'info: v2.0 feature', 'warning: Warning', 'danger: Heavy load', 'warning: Caution', 'note: Secondary', 'info: Important', 'tip: Success']);
    assert.doesNotMatch((await page.locator('.markdown').textContent()) ?? '', /:::/);
    // A relative file link with an anchor leads to that page's heading.
    assert.equal(await page.locator('.markdown').getByRole('link', { name: 'packing steps' }).getAttribute('href'), `${BASE}docs/moving/packing/#wrap-the-tools`);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('shows tabs (their labels on Tabs, their queryString too), details, a code block, a partial, images and links as Docusaurus does', async () => {
    const { page, errors } = await open('/docs/moving/packing/');
    // Tabs switch.
    await page.getByRole('tab', { name: 'Trailer' }).click();
    assert.equal(await page.getByText('Balance the trailer over its axle.').isVisible(), true);
    assert.equal(await page.getByText('Load the van from the back.').isVisible(), false);
    // Labels given on Tabs, in their order; the tab the address names is shown, and a tab chosen is written there.
    const load = page.locator('.tabs').nth(1);
    assert.deepEqual(await load.getByRole('tab').allTextContents(), ['By hand', 'By trolley']);
    await page.goto(`${site.url}/docs/moving/packing/?load=trolley`);
    await waitHydrated(page);
    assert.equal(await page.getByText('Tilt the trolley under the box.').isVisible(), true);
    await page.getByRole('tab', { name: 'By hand' }).click();
    assert.equal(await page.getByText('Carry one box at a time.').isVisible(), true);
    assert.equal(new URL(page.url()).search, '?load=hand');
    // Details open on their summary.
    await page.locator('details summary', { hasText: 'Why wrap the tools?' }).click();
    assert.equal(await page.getByText('Wrapped tools do not scratch the panels.').isVisible(), true);
    // <CodeBlock> is a highlighted block with its title; console, cmd and shell-session blocks are highlighted.
    const yaml = page.locator('.code-block', { has: page.locator('.code-block__title', { hasText: 'inventory.yml' }) });
    assert.equal(await yaml.locator('pre').textContent(), 'tools:\n  - saw\n  - drill');
    for (const lang of ['console', 'cmd', 'shell-session']) {
      assert.ok((await page.locator(`.code-block[data-lang="${lang}"] pre span[style*="--shiki-light"]`).count()) > 1, `${lang} is highlighted`);
    }
    assert.equal(await page.locator('.code-block[data-lang="klingon"] pre').textContent(), 'nuqneH');
    // The partial's text and heading are in the page, with the prop the page gives it, and in its table of contents.
    assert.equal(await page.locator('.markdown h2#checklist').count(), 1);
    assert.equal(await page.getByText('Photograph the wiring.').count(), 1);
    assert.ok((await page.locator('.toc a', { hasText: 'Checklist' }).count()) >= 1);
    // Images: under the base URL, loaded, sized, lazy below the first blocks.
    const images = await page.locator('.markdown img').evaluateAll((els) =>
      (els as HTMLImageElement[]).map((i) => ({ src: i.getAttribute('src'), alt: i.alt, width: i.getAttribute('width'), height: i.getAttribute('height'), loading: i.getAttribute('loading') })),
    );
    assert.deepEqual(images.map((i) => [i.alt, i.width, i.height, i.loading]), [
      ['The shed before packing', '400', '240', null],
      ["The shed's floor plan", '300', '300', 'lazy'],
      ["The site's icon", images[2].width, images[2].height, 'lazy'],
    ]);
    for (const { src } of images) assert.match(src ?? '', /^\/zrok-docs\/assets\/img\/[a-z-]+\.[0-9a-f]{10}\.(png|svg)$/);
    for (const img of await page.locator('.markdown img').all()) {
      await img.scrollIntoViewIfNeeded();
      await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0, await img.elementHandle());
    }
    // On a phone's width an image is scaled down in proportion.
    await page.setViewportSize({ width: 360, height: 800 });
    const shed = await page.locator('.markdown img').first().boundingBox();
    assert.ok(shed && shed.width < 400 && Math.abs(shed.height / shed.width - 240 / 400) < 0.02, `scaled in proportion: ${JSON.stringify(shed)}`);
    await page.setViewportSize({ width: 1280, height: 800 });
    // File links, relative or from the docs folder, lead to the pages' routes under the base URL.
    const body = page.locator('.markdown');
    assert.equal(await body.getByRole('link', { name: 'notices', exact: true }).getAttribute('href'), `${BASE}docs/moving/notices/`);
    assert.equal(await body.getByRole('link', { name: 'the landing page' }).getAttribute('href'), `${BASE}docs/moving/`);
    assert.equal(await body.getByRole('link', { name: 'the notices again' }).getAttribute('href'), `${BASE}docs/moving/notices/`);
    for (const name of ['a route without its slash', 'a route relative to the page', 'a prefix its site maps', 'notices, from the checklist']) {
      assert.equal(await body.getByRole('link', { name }).getAttribute('href'), `${BASE}docs/moving/notices/`, name);
    }
    // Followed in the browser, it opens that page.
    await body.getByRole('link', { name: 'notices', exact: true }).click();
    await page.waitForURL(`**${BASE}docs/moving/notices/`);
    assert.equal(await page.locator('h1').textContent(), 'Notices');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('writes the partials’ text into the Markdown copy, links the images there and in llms.txt, and never makes a page of a partial', async () => {
    const copy = await readFile(path.join(project, 'dist/docs/moving/packing/index.md'), 'utf8');
    assert.match(copy, /!\[The shed before packing\]\(https?:\/\/[^)]+\/zrok-docs\/assets\/img\/shed\.[0-9a-f]{10}\.png\)/);
    // The partial's text where the page shows it, its image a full URL too, and neither its import nor its tag.
    assert.match(copy, /## Checklist\n\n- Empty the shelves\.\n- Photograph the wiring\.\n\n!\[The shed's floor plan\]\(https?:\/\/[^)]+\/zrok-docs\/assets\/img\/plan\.[0-9a-f]{10}\.png\)/);
    assert.doesNotMatch(copy, /<Checklist|_checklist\.mdx/);
    const llms = await readFile(path.join(project, 'dist/llms.txt'), 'utf8');
    assert.match(llms, /  - Image: \[The shed before packing\]\(https?:\/\/[^)]+\/zrok-docs\/assets\/img\/shed\.[0-9a-f]{10}\.png\)/);
    assert.match(llms, /  - Image: \[The shed's floor plan\]\(https?:\/\/[^)]+\/zrok-docs\/assets\/img\/plan\.[0-9a-f]{10}\.png\)/);
    const moving = await readdir(path.join(project, 'dist/docs/moving'));
    assert.deepEqual(moving.filter((f) => !f.includes('.')).sort(), ['notices', 'packing']);
  });
});

describe('a build with five mistakes in five pages and two in its config', () => {
  it('names all seven, each with file and line, in one run, and writes no dist/', async () => {
    const dir = path.join(project, `content/docs/${CURRENT.name}/moving`);
    const edits: [string, (t: string) => string][] = [
      // a link to no page
      ['notices.md', (t) => t.replace('./packing.mdx#wrap-the-tools', '/docs/moving/unpacking/')],
      // an anchor no heading has, by its route and by a file link
      ['index.mdx', (t) => `${t}\nSee [the first step](/docs/guides/one/#step-zero).\n\nThen [step on](../guides/one.mdx#step-on).\n`],
      // an image that is not there, and in the same page a file link to no page
      ['packing.mdx', (t) => `${t.replace('./images/shed.png', './images/barn.png')}\nThen [unpack](./unpacking.mdx).\n`],
      // a front matter value of the wrong kind
      ['../guides/crash.mdx', (t) => t.replace(/^title: .*$/m, '$&\nsidebar_position: first')],
      // an MDX tag never closed
      ['../getting-started.mdx', (t) => `${t}\n<Tabs>\n\nNever closed.\n`],
    ];
    const originals = await Promise.all(edits.map(([f]) => readFile(path.join(dir, f), 'utf8')));
    await Promise.all(edits.map(([f, edit], i) => writeFile(path.join(dir, f), edit(originals[i]))));
    // and a redirect to no page, as a version's pages moved elsewhere leave one
    const configFile = path.join(project, 'site.config.ts');
    const config = await readFile(configFile, 'utf8');
    assert.match(config, /redirects: \[\],/);
    // and an older version's main doc that is not there, as an import of Docusaurus pages with other ids leaves one
    const mainDoc = `{ name: '${OLDER.name}',`;
    assert.ok(config.includes(mainDoc));
    const missingMain = (t: string) => t.replace(new RegExp(`(${mainDoc.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^}]*mainDoc: )'[^']*'`), "$1'intro'");
    await writeFile(configFile, missingMain(config.replace('redirects: [],', `redirects: [{ from: '/docs/old-moving/', to: '/docs/moving/gone/' }],`)));
    try {
      await rm(path.join(project, 'dist-broken'), { recursive: true, force: true });
      const { code, output } = await build({ OUT_DIR: 'dist-broken' });
      assert.equal(code, 1, output);
      assert.match(output, inVersion(String.raw`content\/docs\/{v}\/moving\/notices\.md:\d+.*\/docs\/moving\/unpacking\/.*no page`));
      assert.match(output, inVersion(String.raw`content\/docs\/{v}\/moving\/index\.mdx:\d+ .*#step-zero — no element with id "step-zero"`));
      // The file link where it is written, as written, and the heading meant.
      const fileLinkLine = (await readFile(path.join(dir, 'index.mdx'), 'utf8')).split('\n').findIndex((l) => l.includes('../guides/one.mdx#step-on')) + 1;
      assert.match(output, inVersion(String.raw`content\/docs\/{v}\/moving\/index\.mdx:${fileLinkLine} \(page \/docs\/moving\/\): \.\.\/guides\/one\.mdx#step-on — no element with id "step-on" on \/docs\/guides\/one\/ \(did you mean #step-one\?\)`));
      assert.match(output, inVersion(String.raw`content\/docs\/{v}\/moving\/packing\.mdx:\d+: image "\.\/images\/barn\.png" not found`));
      assert.match(output, inVersion(String.raw`content\/docs\/{v}\/moving\/packing\.mdx:\d+: broken link \.\/unpacking\.mdx: no page file moving\/unpacking\.mdx`));
      assert.match(output, inVersion(String.raw`content\/docs\/{v}\/guides\/crash\.mdx:\d+: front matter "sidebar_position" must be a number`));
      assert.match(output, inVersion(String.raw`content\/docs\/{v}\/getting-started\.mdx:\d+: MDX syntax error`));
      assert.match(output, /site\.config\.ts:\d+: redirect target is not a page: \/docs\/old-moving\/ -> \/docs\/moving\/gone\//);
      assert.match(output, new RegExp(`content/docs/${OLDER.name.replace(/\./g, '\\.')}: main doc "intro" does not exist: set this version's mainDoc in site\\.config\\.ts to a page's id, such as "[^"]+"`));
      await assert.rejects(readdir(path.join(project, 'dist-broken')), 'no dist/ is written');
      // check-mdx says of each page what the build's compiler says: the four that fail to compile, and only those
      // (an anchor is the link check's, once every page is rendered).
      const checked = await run(process.execPath, ['--import', 'tsx', 'scripts/check-mdx.ts'], { cwd: project }).then(
        (r) => r.stdout,
        (e: { stdout: string }) => e.stdout,
      );
      const failing = [...checked.matchAll(/^FAIL (content\/docs\/[^:]+):\d+:/gm)].map((m) => m[1]);
      assert.deepEqual([...new Set(failing)].sort(), ['getting-started.mdx', 'guides/crash.mdx', 'moving/notices.md', 'moving/packing.mdx'].map((f) => `content/docs/${CURRENT.name}/${f}`), checked);
      // Problem for problem, the same lines: both problems of packing.mdx in each.
      const checkLines = [...checked.matchAll(/^FAIL (.*)$/gm)].map((m) => m[1]).sort();
      const buildLines = [...output.matchAll(/^(content\/docs\/[^:\s]+:\d+: (?!.*— ).*)$/gm)].map((m) => m[1]).sort();
      assert.deepEqual(buildLines, checkLines, output);
      assert.equal(checkLines.filter((l) => l.includes('/moving/packing.mdx:')).length, 2, checked);
    } finally {
      await Promise.all([...edits.map(([f], i) => writeFile(path.join(dir, f), originals[i])), writeFile(configFile, config)]);
    }
  });
});

describe('npm run dev with pages moved from Docusaurus', () => {
  let server: import('vite').ViteDevServer;
  let base: string;
  let browser: Browser;
  // What the dev server reported as errors, for a failed wait's message.
  const serverErrors: string[] = [];
  before(async () => {
    const { createServer, createLogger } = await import('vite');
    const logger = createLogger('silent');
    logger.error = (msg) => void serverErrors.push(msg);
    server = await createServer({ root: project, configFile: path.join(project, 'vite.config.ts'), cacheDir: ownDepsCache(project), server: { port: 0, host: '127.0.0.1' }, customLogger: logger });
    await server.listen();
    base = server.resolvedUrls!.local[0].replace(/\/$/, '');
    await warmDevServer(`${base}/docs/getting-started/`);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows a page’s broken front matter, image, link or anchor on that page alone, and the page again once fixed', async () => {
    const dir = path.join(project, `content/docs/${CURRENT.name}/moving`);
    const broken: [string, string, (t: string) => string, RegExp][] = [
      ['notices.md', '/docs/moving/notices/', (t) => t.replace('title: Notices', 'title: [Notices'), inVersion(String.raw`content\/docs\/{v}\/moving\/notices\.md:\d+: malformed front matter`)],
      [
        'packing.mdx',
        '/docs/moving/packing/',
        (t) => `${t.replace('./images/shed.png', './images/barn.png')}\nThen [unpack](./unpacking.mdx).\n`,
        // Every problem of the page, not only the first.
        inVersion(String.raw`content\/docs\/{v}\/moving\/packing\.mdx:\d+: image "\.\/images\/barn\.png" not found[\s\S]*content\/docs\/{v}\/moving\/packing\.mdx:\d+: broken link \.\/unpacking\.mdx`),
      ],
      ['index.mdx', '/docs/moving/', (t) => `${t}\nSee [the unpacking](/docs/moving/unpacking/).\n`, inVersion(String.raw`content\/docs\/{v}\/moving\/index\.mdx:\d+: .*\/docs\/moving\/unpacking\/`)],
      [
        '../guides/one.mdx',
        '/docs/guides/one/',
        (t) => `${t}\nSee [the step](/docs/getting-started/#no-such-step).\n\nOr [step on](./one.mdx#step-on).\n`,
        // Every broken anchor, a file link's as written, with the heading meant.
        inVersion(
          String.raw`content\/docs\/{v}\/guides\/one\.mdx:\d+: \/docs\/getting-started\/#no-such-step — no element with id "no-such-step"[\s\S]*` +
            String.raw`content\/docs\/{v}\/guides\/one\.mdx:\d+: \.\/one\.mdx#step-on — no element with id "step-on" on \/docs\/guides\/one\/ \(did you mean #step-one\?\)`,
        ),
      ],
    ];
    const originals = await Promise.all(broken.map(([f]) => readFile(path.join(dir, f), 'utf8')));
    await Promise.all(broken.map(([f, , edit], i) => writeFile(path.join(dir, f), edit(originals[i]))));
    try {
      for (const [, route, , message] of broken) {
        const tab = await browser.newPage();
        const logged = watchErrors(tab);
        await tab.goto(`${base}${route}`);
        const alert = tab.locator('.markdown [role="alert"]');
        await alert.waitFor({ timeout: 30_000 }).catch(whatTheTabShowed(tab, logged, serverErrors));
        assert.match((await alert.textContent()) ?? '', message);
        await tab.close();
      }
      // A page with nothing wrong is shown as it is.
      const tab = await browser.newPage();
      const logged = watchErrors(tab);
      await tab.goto(`${base}/docs/getting-started/`);
      await tab.locator('h1', { hasText: 'Getting Started' }).waitFor({ timeout: 30_000 }).catch(whatTheTabShowed(tab, logged, serverErrors));
      assert.equal(await tab.locator('.markdown [role="alert"]').count(), 0);
      // Fixed, the page shows its text again, in place.
      await tab.goto(`${base}/docs/moving/packing/`);
      await tab.locator('.markdown [role="alert"]').waitFor({ timeout: 30_000 }).catch(whatTheTabShowed(tab, logged, serverErrors));
      await writeFile(path.join(dir, 'packing.mdx'), originals[1]);
      await tab.getByText('Load the van from the back.').waitFor({ timeout: 30_000 }).catch(whatTheTabShowed(tab, logged, serverErrors));
      await tab.close();
    } finally {
      await Promise.all(broken.map(([f], i) => writeFile(path.join(dir, f), originals[i])));
    }
  });
});

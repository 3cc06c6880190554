/**
 * Diagrams drawn at build time, in the built site (run after `npm run build`): every mermaid block
 * of every version is an inline SVG in the prerendered HTML, readable without JavaScript, legible
 * in both colour modes, sized in the HTML, scrolling sideways on a phone, and no page loads mermaid.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { serveSiteAndBrowser, waitHydrated, watchErrors } from './support.ts';
import { diagramCollisions, showEveryLayout } from './diagram-collisions.ts';
import { CURRENT_VERSION, OLDER_VERSIONS, routeIn } from '../expected-routes.ts';

const served = serveSiteAndBrowser();

async function files(dir: string, test: (name: string) => boolean): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await files(p, test)));
    else if (test(e.name)) out.push(p);
  }
  return out;
}

/** Each version, and whether a route is one of its pages (the longest root wins: /docs/1.0/x/ is not the current version's). */
const VERSIONS = [CURRENT_VERSION, ...OLDER_VERSIONS].map((v) => ({
  name: v.name,
  route: (p: string) => p.startsWith(routeIn(v, '')) && !OLDER_VERSIONS.some((o) => o !== v && o.pathPrefix.startsWith(v.pathPrefix) && p.startsWith(routeIn(o, ''))),
}));

/** How many mermaid blocks the pages of a version hold. */
async function mermaidBlocksOf(version: string): Promise<number> {
  let blocks = 0;
  for (const f of await files(path.join('content/docs', version), (n) => /\.mdx?$/.test(n))) blocks += ((await readFile(f, 'utf8')).match(/^\s*```mermaid\b/gm) ?? []).length;
  return blocks;
}

/** Routes of built docs pages with their diagram count, from dist/. */
async function builtDiagrams(): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const file of await files('dist/docs', (n) => n === 'index.html')) {
    const html = await readFile(file, 'utf8');
    const count = (html.match(/<figure [^>]*class="diagram__figure"/g) ?? []).length;
    out.set(`/${path.relative('dist', path.dirname(file))}/`, count);
  }
  return out;
}

/**
 * Colour contrast of every diagram text against the fill drawn right under it (the last shape
 * painted before it that contains its centre), or the diagram's background. A string, so the
 * test runner's compiler adds no helpers the page does not have.
 */
const LOW_CONTRAST_TEXTS = `(() => {
  const rgb = (c) => {
    const m = /rgba?\\(([\\d.]+),\\s*([\\d.]+),\\s*([\\d.]+)(?:,\\s*([\\d.]+))?\\)/.exec(c);
    return m && (m[4] === undefined || Number(m[4]) > 0) ? [m[1], m[2], m[3]].map(Number) : null;
  };
  const lum = (c) => {
    const f = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const bad = [];
  let texts = 0;
  for (const svg of document.querySelectorAll('svg.diagram__svg')) {
    const background = rgb(getComputedStyle(svg.closest('figure')).backgroundColor);
    const shapes = [...svg.querySelectorAll('rect, polygon, ellipse, circle, path')];
    for (const text of svg.querySelectorAll('text')) {
      texts++;
      const t = text.getBBox();
      const cx = t.x + t.width / 2, cy = t.y + t.height / 2;
      let under = background;
      for (const s of shapes) {
        if (s.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_PRECEDING) continue; // painted after the text
        const fill = rgb(getComputedStyle(s).fill);
        const b = s.getBBox();
        if (fill && cx >= b.x && cx <= b.x + b.width && cy >= b.y && cy <= b.y + b.height) under = fill;
      }
      const r = ratio(rgb(getComputedStyle(text).fill), under);
      if (r < 4.5) bad.push('"' + text.textContent + '" in "' + svg.getAttribute('aria-label') + '": ' + r.toFixed(2) + ':1');
    }
  }
  return { bad, texts };
})()`;

async function lowContrastTexts(page: Page): Promise<{ bad: string[]; texts: number }> {
  return page.evaluate(LOW_CONTRAST_TEXTS) as Promise<{ bad: string[]; texts: number }>;
}

describe('diagrams drawn at build time', () => {
  it('draws every mermaid block of every version as an <svg> in the prerendered HTML', async () => {
    const built = await builtDiagrams();
    for (const v of VERSIONS) {
      const blocks = await mermaidBlocksOf(v.name);
      const drawn = [...built].filter(([route]) => v.route(route)).reduce((n, [, c]) => n + c, 0);
      assert.ok(blocks > 0, `version ${v.name} has diagrams`);
      assert.equal(drawn, blocks, `version ${v.name}: ${blocks} mermaid blocks, ${drawn} SVGs`);
    }
    const html = await readFile('dist/docs/concepts/sharing-public/index.html', 'utf8');
    assert.match(html, /<svg(?=[^>]* class="diagram__svg[ "])[^>]* role="img" aria-label="Public sharing[^"]*" viewBox="0 0 \d+ \d+" width="\d+" height="\d+"/);
    assert.match(html, /<summary>Diagram source<\/summary>/);
  });

  it('shows the getting-started diagrams without JavaScript', async () => {
    const ctx = await served.browser.newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${served.site.url}/docs/getting-started/`);
    const diagrams = page.getByRole('img', { name: /./ }).and(page.locator('svg.diagram__svg'));
    const count = await diagrams.count();
    assert.ok(count >= 4, `${count} diagrams`);
    for (let i = 0; i < count; i++) {
      const d = diagrams.nth(i);
      await d.scrollIntoViewIfNeeded();
      assert.ok(await d.isVisible(), `diagram ${i} is visible`);
      const box = (await d.boundingBox())!;
      assert.ok(box.width > 100 && box.height > 20, `diagram ${i} has a size: ${box.width}×${box.height}`);
    }
    assert.ok(await page.getByText('zrok enable', { exact: true }).filter({ visible: true }).first().isVisible(), 'diagram text is text');
    await ctx.close();
  });

  it('keeps diagram text at 4.5:1 or more on its fill, in both colour modes', async () => {
    const routes = [...(await builtDiagrams())].filter(([route, n]) => n > 0 && VERSIONS[0].route(route)).map(([route]) => route);
    assert.ok(routes.length > 20, `${routes.length} pages with diagrams`);
    for (const colorChoice of ['dark', 'light']) {
      const ctx = await served.browser.newContext({ javaScriptEnabled: false });
      const page = await ctx.newPage();
      const bad: string[] = [];
      let texts = 0;
      for (const route of routes) {
        await page.goto(served.site.url + route);
        // Without scripts the boot script does not run: set the mode as it would.
        await page.evaluate((c) => document.documentElement.setAttribute('data-theme', c), colorChoice);
        await showEveryLayout(page);
        const found = await lowContrastTexts(page);
        texts += found.texts;
        for (const b of found.bad) bad.push(`${route} (${colorChoice}): ${b}`);
      }
      assert.ok(texts > 200, `${texts} texts checked`);
      assert.deepEqual(bad, []);
      await ctx.close();
    }
  });

  it('loads no mermaid on /docs/getting-started/, scrolled to the end, and its diagrams keep their size', async () => {
    const page = await served.browser.newPage();
    const errors = watchErrors(page);
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await page.goto(`${served.site.url}/docs/getting-started/`);
    await waitHydrated(page);
    const figures = page.locator('.diagram__figure');
    for (let i = 0; i < (await figures.count()); i++) await figures.nth(i).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    assert.ok(scripts.length > 0);
    assert.deepEqual(scripts.filter((s) => /mermaid|Diagram-|flowDiagram|sequenceDiagram|dagre|cytoscape|katex/i.test(s)), []);
    const html = await readFile('dist/docs/getting-started/index.html', 'utf8');
    assert.doesNotMatch(html, /mermaid/i);
    assert.deepEqual(errors, []);
    // The diagrams' boxes as the HTML alone lays them out, and once the page runs: the same.
    const boxes = (p: Page) => p.locator('.diagram').evaluateAll((ds) => ds.map((d) => `${d.getBoundingClientRect().width}×${d.getBoundingClientRect().height}`));
    const after = await boxes(page);
    const ctx = await served.browser.newContext({ javaScriptEnabled: false });
    const still = await ctx.newPage();
    await still.goto(`${served.site.url}/docs/getting-started/`);
    assert.deepEqual(after, await boxes(still), 'no diagram changes size when the page runs');
    await ctx.close();
    await page.close();
  });

  it('breaks no rule of the narrowed CSP (no inline <style> but known ones), with diagrams shown and search opened', async () => {
    const page = await served.browser.newPage();
    await page.addInitScript(`window.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective + ' ' + e.sourceFile + ':' + e.lineNumber));`);
    await page.goto(`${served.site.url}/docs/guides/self-hosting/oauth/configuring-oauth/`);
    await waitHydrated(page);
    assert.match((await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')) ?? '', /style-src-elem 'self' 'sha256-/);
    await page.locator('.diagram svg').first().scrollIntoViewIfNeeded();
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').fill('oauth');
    await page.locator('.DocSearch-Hit').first().waitFor();
    assert.deepEqual(await page.evaluate('window.__csp'), []);
    await page.close();
  });

  it('draws every diagram of every version, in each of its layouts, without colliding labels, lines, notes and frames', async () => {
    const built = [...(await builtDiagrams())].filter(([, n]) => n > 0);
    const page = await served.browser.newPage({ javaScriptEnabled: false });
    const found: string[] = [];
    let diagrams = 0;
    let layouts = 0;
    for (const [route, n] of built) {
      await page.goto(served.site.url + route);
      await showEveryLayout(page);
      const c = await diagramCollisions(page);
      diagrams += n;
      layouts += c.layouts;
      found.push(...c.found.map((f) => `${route} ${f}`));
    }
    let written = 0;
    for (const v of VERSIONS) written += await mermaidBlocksOf(v.name);
    assert.equal(diagrams, written, 'every diagram of every version');
    assert.ok(layouts > diagrams + 40, `${layouts} layouts of ${diagrams} diagrams`);
    assert.deepEqual(found, []);
    await page.close();
  });

  it('on a 360 px phone, fits every diagram on four pages of every version, a sequence in its phone layout with every text at 12 px or more', async () => {
    const ctx = await served.browser.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled: false });
    const page = await ctx.newPage();
    const pages = ['getting-started/', 'concepts/sharing-public/', 'guides/self-hosting/linux/', 'guides/self-hosting/oauth/configuring-oauth/'];
    const seen = { others: 0, sequences: 0 };
    for (const version of [CURRENT_VERSION, ...OLDER_VERSIONS].map((v) => v.pathPrefix)) {
      for (const p of pages) {
        const route = `/docs/${version}${p}`;
        await page.goto(served.site.url + route);
        const diagrams = await page.locator('.diagram').evaluateAll((ds) =>
          ds.map((d) => {
            const figure = d.querySelector('figure')!;
            const svg = [...d.querySelectorAll('svg')].find((s) => s.getBoundingClientRect().width > 0)!;
            const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
            const sizes = [...svg.querySelectorAll('text')].map((t) => Number(t.getAttribute('font-size')) * scale);
            return {
              title: svg.getAttribute('aria-label'),
              sequence: /^\s*(%%.*\n\s*)*sequenceDiagram/.test(d.querySelector('.diagram__source code')!.textContent!),
              scrolls: figure.scrollWidth > figure.clientWidth,
              right: figure.getBoundingClientRect().right,
              smallestText: Math.min(...sizes),
              hint: getComputedStyle(d.querySelector('.diagram__hint')!).visibility,
            };
          }),
        );
        assert.ok(diagrams.length > 0, `${route} has diagrams`);
        for (const d of diagrams) {
          const where = `${route} "${d.title}"`;
          assert.ok(d.right <= 360, `${where}: the box stays inside the screen (${d.right})`);
          assert.ok(d.smallestText >= (d.sequence ? 12 : 11), `${where}: text at ${d.smallestText.toFixed(1)} px`);
          assert.equal(d.scrolls, false, `${where}: scrolls sideways`);
          assert.equal(d.hint, 'hidden', `${where}: the scroll hint`);
          seen[d.sequence ? 'sequences' : 'others']++;
        }
      }
    }
    assert.ok(seen.others >= 17 && seen.sequences >= 3, JSON.stringify(seen));
    await ctx.close();
  });

  it('labels every box with words, not a sign alone', async () => {
    // The built SVG as served: a box is a <g class="node"> of a shape and its <text> lines (no group inside).
    const bare: string[] = [];
    let boxes = 0;
    for (const [route] of [...(await builtDiagrams())].filter(([, n]) => n > 0)) {
      const html = await readFile(path.join('dist', route, 'index.html'), 'utf8');
      for (const [, box] of html.matchAll(/<g class="node[^"]*">([\s\S]*?)<\/g>/g)) {
        boxes++;
        const label = [...box.matchAll(/<text[^>]*>([\s\S]*?)<\/text>/g)].map(([, t]) => t.replace(/<[^>]+>/g, ' ')).join(' ');
        // An entity such as &gt; stands for a sign: it does not count as a word.
        if (!/[\p{L}\p{N}]/u.test(label.replace(/&[#\w]+;/g, ' '))) bare.push(`${route}: "${label.trim()}"`);
      }
    }
    assert.ok(boxes > 700, `${boxes} boxes read`);
    assert.deepEqual(bare, []);
  });

  it('on a 360 px phone, fits a flowchart of subgraphs side by side by turning them down too', async () => {
    const ctx = await served.browser.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled: false });
    const page = await ctx.newPage();
    for (const version of [CURRENT_VERSION, ...OLDER_VERSIONS].map((v) => v.pathPrefix)) {
      await page.goto(`${served.site.url}/docs/${version}guides/self-hosting/metrics-and-limits/configuring-metrics/`);
      const figure = page.locator('.diagram__figure').filter({ has: page.getByRole('img', { name: /^Two ways to get usage events/ }) });
      assert.equal(await figure.count(), 1, version);
      assert.ok(await figure.evaluate((f) => f.scrollWidth <= f.clientWidth), `/docs/${version}: the diagram fits without scrolling`);
    }
    await ctx.close();
  });

  it('keeps the source under each diagram as a small, quiet line that opens to the source, named for screen readers', async () => {
    const ctx = await served.browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await ctx.newPage();
    await page.goto(`${served.site.url}/docs/concepts/sharing-public/`);
    await waitHydrated(page);
    const source = page.locator('.diagram__source').first();
    const summary = source.locator('summary');
    const look = await source.evaluate((d) => {
      const s = getComputedStyle(d);
      const sum = getComputedStyle(d.querySelector('summary')!);
      return { border: s.borderTopWidth, background: s.backgroundColor, size: sum.fontSize, colour: sum.color, text: getComputedStyle(document.querySelector('.markdown p')!).color };
    });
    assert.deepEqual([look.border, look.background], ['0px', 'rgba(0, 0, 0, 0)'], 'no box around it while closed');
    assert.ok(parseFloat(look.size) <= 13, `its text is ${look.size}`);
    assert.notEqual(look.colour, look.text, 'in the muted colour');
    assert.ok((await summary.boundingBox())!.height >= 24, 'a target of 24 px or more');
    const { nodes } = await (await ctx.newCDPSession(page)).send('Accessibility.getFullAXTree');
    assert.ok(nodes.some((n) => !n.ignored && n.name?.value === 'Diagram source'), 'in the accessibility tree');
    await summary.click();
    assert.ok(await source.locator('pre').isVisible(), 'it opens to the source');
    assert.match((await source.locator('pre').textContent()) ?? '', /flowchart|sequenceDiagram/);
    assert.equal(await source.evaluate((d) => getComputedStyle(d).borderTopWidth), '1px', 'in a box once open');
    await ctx.close();
  });

  it('on a tablet, scrolls a sequence diagram wider than its box sideways with the keyboard, and hides the hint at its end', async () => {
    const ctx = await served.browser.newContext({ viewport: { width: 768, height: 740 } });
    const page = await ctx.newPage();
    await page.goto(`${served.site.url}/docs/guides/self-hosting/oauth/configuring-oauth/`);
    await waitHydrated(page);
    const figure = page.locator('.diagram__figure').first();
    const hint = page.locator('.diagram__hint').first();
    assert.equal(await figure.getAttribute('tabindex'), '0');
    assert.match((await figure.getAttribute('aria-label')) ?? '', /^Diagram: OAuth login flow/);
    assert.ok(await hint.isVisible(), 'the hint shows while the diagram is cut off');
    await figure.focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('.diagram__figure')!.scrollLeft > 0);
    await figure.evaluate((f) => f.scrollTo({ left: f.scrollWidth }));
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.diagram__hint')!).visibility === 'hidden');
    await ctx.close();
  });
});

/**
 * Content check over the built site: every route of every version's route list exists and has an
 * h1, a description, enough words for its kind, no empty section and no leftover placeholder.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument, DomUtils } from 'htmlparser2';
import type { Element } from 'domhandler';
import { expectedRoutes, VERSIONS } from '../expected-routes.ts';

const DIST = process.env.SITE_DIR ?? 'dist';
const PLACEHOLDERS = /\b(TODO|TBD|FIXME|lorem ipsum|coming soon|placeholder text)\b|XXX/i;

/** Words a page must have at least: guides are longer than concept and reference pages. */
function wordFloor(route: string): number {
  if (/\/category\//.test(route)) return 0; // generated index: checked by its cards
  if (/\/getting-started\/$/.test(route)) return 800;
  if (/\/guides\//.test(route)) return 200;
  return 180;
}


const isHeading = (n: Element) => /^h[2-6]$/.test(n.name);

for (const version of VERSIONS) {
  describe(`content of version ${version}`, async () => {
    for (const route of await expectedRoutes(version)) {
      it(route, async () => {
        const html = await readFile(path.join(DIST, route, 'index.html'), 'utf8');
        const doc = parseDocument(html);
        const h1 = DomUtils.findAll((n) => n.name === 'h1', doc.children);
        assert.equal(h1.length, 1, 'exactly one h1');
        assert.ok(DomUtils.textContent(h1[0]).trim().length > 0, 'h1 has text');
        const description = DomUtils.findOne((n) => n.name === 'meta' && n.attribs.name === 'description', doc.children);
        assert.ok((description?.attribs.content ?? '').length >= 30, 'a description of at least 30 characters');
        const body = DomUtils.findOne((n) => n.attribs.class === 'markdown', doc.children);
        if (route.includes('/category/')) {
          assert.ok(DomUtils.findAll((n) => n.name === 'a' && (n.attribs.class ?? '').includes('card'), doc.children).length > 0, 'category index lists cards');
          return;
        }
        assert.ok(body, 'has a page body');
        const text = DomUtils.textContent(body);
        const words = text.split(/\s+/).filter(Boolean).length;
        assert.ok(words >= wordFloor(route), `${words} words, floor ${wordFloor(route)}`);
        assert.doesNotMatch(text, PLACEHOLDERS, 'no placeholder text');
        // A screen reader announces a column by its header: a table's first column needs one even when its rows name themselves.
        const emptyHeaders = DomUtils.findAll((n) => n.name === 'th' && DomUtils.textContent(n).trim() === '', body.children);
        assert.equal(emptyHeaders.length, 0, 'every table header cell has text');
        const blocks = body.children.filter((n): n is Element => n.type === 'tag');
        blocks.forEach((n, i) => {
          if (!isHeading(n)) return;
          const next = blocks[i + 1];
          const level = Number(n.name[1]);
          const empty = !next || (isHeading(next) && Number(next.name[1]) <= level);
          assert.ok(!empty, `section "${DomUtils.textContent(n)}" has no content`);
        });
      });
    }
  });
}

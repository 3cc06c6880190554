/** Every generated HTML file passes html-validate (.htmlvalidate.mjs: the recommended rules, exceptions explained). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';

const DIST = process.env.SITE_DIR ?? 'dist';

async function htmlFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await htmlFiles(p)));
    else if (e.name.endsWith('.html')) out.push(p);
  }
  return out.sort();
}

describe('html-validate', () => {
  it('passes on every generated HTML file (pages, 404, redirects)', async () => {
    const validator = new HtmlValidate(new FileSystemConfigLoader());
    const files = await htmlFiles(DIST);
    assert.ok(files.length >= 147, `${files.length} files`);
    const problems: string[] = [];
    for (const file of files) {
      const report = await validator.validateFile(file);
      for (const r of report.results) for (const m of r.messages) problems.push(`${file}:${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
    }
    assert.deepEqual(problems, []);
  });
});

/**
 * Every generated HTML file passes the W3C Nu HTML Checker (npm's vnu-jar, on Debian's Java: default-jre-headless).
 * One JVM checks every file; a page written to break a rule is checked with them, to prove the errors are seen.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DIST = process.env.SITE_DIR ?? 'dist';
const VNU = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

async function htmlFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await htmlFiles(p)));
    else if (e.name.endsWith('.html')) out.push(p);
  }
  return out.sort();
}

interface NuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
}

/**
 * The checker's messages for `files`. Its JIT stops at the first tier and its collector is the serial one: a run this
 * short spends less than half the CPU and a quarter of the memory that way.
 */
function check(files: string[]): Promise<NuMessage[]> {
  const args = ['-Xss8m', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-jar', VNU, '--format', 'json', '--exit-zero-always', ...files];
  return new Promise((resolve, reject) => {
    execFile('java', args, { maxBuffer: 256 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') {
        return reject(new Error("The Nu HTML Checker needs Java: sudo apt-get install default-jre-headless (npm test installs it when run as root)."));
      }
      if (error) return reject(new Error(`${error.message}\n${stderr}`));
      resolve((JSON.parse(stderr) as { messages: NuMessage[] }).messages);
    });
  });
}

describe('the W3C Nu HTML Checker', () => {
  it('finds no error in any generated HTML file (pages, 404, redirects)', async () => {
    const files = await htmlFiles(DIST);
    // Every page of the sitemap is among them.
    const sitemap = await readFile(path.join(DIST, 'sitemap.xml'), 'utf8');
    const pages = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+\/?(.*?)<\/loc>/g)].map((m) => path.join(DIST, m[1]!, 'index.html'));
    assert.ok(pages.length > 0, 'the sitemap lists pages');
    assert.deepEqual(pages.filter((p) => !files.includes(p)), [], 'sitemap pages missing from dist/');

    const control = await mkdtemp(path.join(tmpdir(), 'nu-control-'));
    const invalid = path.join(control, 'invalid.html');
    await writeFile(invalid, '<!DOCTYPE html><html lang="en"><title>t</title><table><tr><td role="cell">x</td></tr></table></html>');
    try {
      const messages = await check([...files, invalid]);
      const fileOf = (m: NuMessage) => (m.url ? fileURLToPath(m.url) : '(no file)');
      assert.ok(messages.some((m) => m.type === 'error' && fileOf(m) === invalid), 'the checker reports the page written to break a rule');
      const errors = messages.filter((m) => m.type !== 'info' && fileOf(m) !== invalid);
      assert.deepEqual(errors.map((m) => `${path.relative('.', fileOf(m))}:${m.lastLine ?? 0}: ${m.message}`), []);
    } finally {
      await rm(control, { recursive: true, force: true });
    }
  });
});

import { describe, expect, it, beforeEach, afterEach } from 'vitest';
import { mkdtemp, mkdir, rm, writeFile, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inputsFingerprint, isUpToDate, outputFingerprint, writeStamp } from '../../src/builder/placement/build-stamp.ts';

let root: string;
const dist = () => path.join(root, 'dist');
const put = async (rel: string, text: string) => {
  await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
  await writeFile(path.join(root, rel), text);
};

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'stamp-'));
  await put('content/docs/a.mdx', '# A');
  await put('src/x.ts', 'export {}');
  await put('package-lock.json', '{}');
  await put('dist/index.html', '<p>built</p>');
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('the build stamp', () => {
  it('changes with any input file, its name, or the build environment', async () => {
    const env = { BASE_URL: '/' };
    const first = await inputsFingerprint(root, dist(), env);
    expect(await inputsFingerprint(root, dist(), env)).toBe(first);
    await put('content/docs/a.mdx', '# A.');
    const edited = await inputsFingerprint(root, dist(), env);
    expect(edited).not.toBe(first);
    // The same size, a new time: read again, not taken from the last fingerprint's snapshot.
    await put('content/docs/a.mdx', '# B.');
    await utimes(path.join(root, 'content/docs/a.mdx'), new Date(), new Date(Date.now() + 5000));
    expect(await inputsFingerprint(root, dist(), env)).not.toBe(edited);
    await put('content/docs/a.mdx', '# A.');
    expect(await inputsFingerprint(root, dist(), env)).toBe(edited);
    await rm(path.join(root, 'content/docs/a.mdx'));
    await put('content/docs/b.mdx', '# A.');
    expect(await inputsFingerprint(root, dist(), env)).not.toBe(edited);
    const renamed = await inputsFingerprint(root, dist(), env);
    expect(await inputsFingerprint(root, dist(), { BASE_URL: '/sub/' })).not.toBe(renamed);
    expect(await inputsFingerprint(root, dist(), { ...env, VITE_GTM_CONTAINER_ID: 'GTM-1' })).not.toBe(renamed);
    expect(await inputsFingerprint(root, dist(), { ...env, UNRELATED: '1' })).toBe(renamed);
  });

  it('names the files whose content changed since the last fingerprint', async () => {
    const changed: string[] = [];
    await inputsFingerprint(root, dist(), {}, [], changed);
    expect(changed.sort()).toEqual(['content/docs/a.mdx', 'package-lock.json', 'src/x.ts']);
    await put('content/docs/a.mdx', '# A.');
    await utimes(path.join(root, 'src/x.ts'), new Date(), new Date(Date.now() + 5000)); // touched, the same text
    changed.length = 0;
    await inputsFingerprint(root, dist(), {}, [], changed);
    expect(changed).toEqual(['content/docs/a.mdx']);
  });

  it('ignores outputs, caches, dependencies and tests', async () => {
    const first = await inputsFingerprint(root, dist(), {});
    for (const rel of ['dist/new.html', '.cache/pages/x.json', 'node_modules/p/index.js', 'test/unit/t.test.ts', 'dist.old/a', '.build/tmp']) await put(rel, 'x');
    expect(await inputsFingerprint(root, dist(), {})).toBe(first);
  });

  it('is up to date only while inputs and dist/ are as the last build left them', async () => {
    const inputs = await inputsFingerprint(root, dist(), {});
    expect(await isUpToDate(root, dist(), inputs)).toBe(false); // no stamp yet
    await writeStamp(root, { inputs, output: (await outputFingerprint(dist()))! });
    expect(await isUpToDate(root, dist(), inputs)).toBe(true);
    expect(await isUpToDate(root, dist(), 'other inputs')).toBe(false);
    await utimes(path.join(dist(), 'index.html'), new Date(), new Date(Date.now() + 5000)); // touched
    expect(await isUpToDate(root, dist(), inputs)).toBe(false);
    await writeStamp(root, { inputs, output: (await outputFingerprint(dist()))! });
    await rm(dist(), { recursive: true });
    expect(await isUpToDate(root, dist(), inputs)).toBe(false); // dist/ gone
  });
});

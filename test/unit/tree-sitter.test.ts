// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { GrammarMissingError, loadLanguage } from '../../src/builder/common/tree-sitter.ts';

describe('tree-sitter grammars', () => {
  it('are loaded once per process', async () => {
    const first = loadLanguage('tree-sitter-bash');
    expect(loadLanguage('tree-sitter-bash')).toBe(first);
    expect((await first).name).toBe('bash');
  });

  it('name the package whose .wasm is missing', async () => {
    const missing = loadLanguage('tree-sitter-nope');
    await expect(missing).rejects.toThrow(GrammarMissingError);
    await expect(missing).rejects.toThrow(/^tree-sitter-nope: \S*node_modules\/tree-sitter-nope\/tree-sitter-nope\.wasm is missing; .*run npm ci/);
    // A failed load does not stop the next one.
    expect((await loadLanguage('tree-sitter-go')).name).toBe('go');
  });
});

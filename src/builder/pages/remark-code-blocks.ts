import { visit, SKIP } from 'unist-util-visit';
import type { Root, Code } from 'mdast';
import type { VFile } from 'vfile';
import { jsxElement } from '../common/mdast-jsx.ts';

/** Languages a fence may use. A fence in any other language fails the build (loudly, on purpose): add a language here and it is highlighted everywhere. */
export const CODE_LANGUAGES = [
  'bash', 'shell', 'sh', 'powershell', 'yaml', 'json', 'nginx', 'ini', 'toml', 'dockerfile',
  'go', 'python', 'javascript', 'typescript', 'tsx', 'html', 'css', 'diff', 'sql', 'xml', 'markdown', 'mdx',
] as const;
const PLAIN = new Set(['text', 'txt', 'plain', 'plaintext']);
const KNOWN = new Set<string>(CODE_LANGUAGES);

const TITLE = /title=(?:"([^"]*)"|'([^']*)')/;

/**
 * Wraps every fenced code block in <CodeBlock> so the page gets a title bar and its buttons (a block of one line is
 * marked: its buttons sit beside it); the fence itself stays inside and is highlighted by shiki at build time.
 */
export function remarkCodeBlocks() {
  return (tree: Root, file: VFile) => {
    visit(tree, 'code', (node: Code, index, parent) => {
      if (!parent || index === undefined) return;
      const m = node.meta ? TITLE.exec(node.meta) : null;
      const title = m ? (m[1] ?? m[2]) : undefined;
      if (!node.lang) node.lang = 'text';
      if (!PLAIN.has(node.lang) && !KNOWN.has(node.lang)) {
        file.fail(`code fence language "${node.lang}" is not highlighted; use one of text, ${CODE_LANGUAGES.join(', ')}`, node);
      }
      const oneLine = node.value.includes('\n') ? undefined : 'true';
      parent.children[index] = jsxElement('CodeBlock', { title, lang: node.lang, oneLine }, [node]) as never;
      return SKIP;
    });
  };
}

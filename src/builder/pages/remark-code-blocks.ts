import { visit, SKIP } from 'unist-util-visit';
import type { Root, Code } from 'mdast';
import type { VFile } from 'vfile';
import { bundledLanguages } from 'shiki/langs';
import { jsxElement } from '../common/mdast-jsx.ts';
import { pageWarning } from './page-problems.ts';

const PLAIN = new Set(['text', 'txt', 'plain', 'plaintext']);
/** Names other highlighters (Docusaurus's Prism) give a language that shiki knows by another name. */
const ALIASES: Record<string, string> = { 'shell-session': 'shellsession', 'sh-session': 'shellsession', 'batch': 'bat', 'dos': 'bat' };

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
      const written = (node.lang ?? 'text').toLowerCase();
      node.lang = ALIASES[written] ?? written;
      // Any language shiki knows is highlighted (console and shellsession with their prompts, cmd as batch); another
      // is shown as it is written, as Docusaurus does, and the build says so.
      if (!PLAIN.has(node.lang) && !Object.hasOwn(bundledLanguages, node.lang)) {
        pageWarning(file, `code fence language "${written}" is not highlighted: the block is shown as plain text (write text, or a language shiki knows)`, node);
        node.lang = 'text';
      }
      const oneLine = node.value.includes('\n') ? undefined : 'true';
      parent.children[index] = jsxElement('CodeBlock', { title, lang: written, oneLine }, [node]) as never;
      return SKIP;
    });
  };
}

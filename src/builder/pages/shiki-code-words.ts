import type { Element, ElementContent } from 'hast';
import type { ShikiTransformer } from 'shiki';
import { BREAKABLE_WORD } from './unbroken-words.ts';

/** The class of a word of code that wrapping keeps on one line (theme.css). */
export const CODE_WORD_CLASS = 'code-word';

const textOf = (node: ElementContent): string => (node.type === 'text' ? node.value : node.type === 'element' ? node.children.map(textOf).join('') : '');

/**
 * A shiki transformer: in each line, the spaces stand between the tokens, and each word a browser could break
 * inside ("--backend-mode", "http://127.0.0.1:18080", spread over several tokens or not) is one element, marked. So
 * when the reader wraps code, lines break at spaces only. The text stays as it was.
 */
export function transformerCodeWords(): ShikiTransformer {
  return {
    name: 'zrok:code-words',
    line(line: Element) {
      const out: ElementContent[] = [];
      let word: ElementContent[] = [];
      const endWord = () => {
        if (word.length === 0) return;
        const [only] = word;
        if (!BREAKABLE_WORD.test(word.map(textOf).join(''))) out.push(...word);
        else if (word.length === 1 && only.type === 'element') out.push({ ...only, properties: { ...only.properties, className: [CODE_WORD_CLASS] } });
        else out.push({ type: 'element', tagName: 'span', properties: { className: [CODE_WORD_CLASS] }, children: word });
        word = [];
      };
      for (const token of line.children) {
        const text = textOf(token);
        if (!/\s/.test(text)) {
          word.push(token);
          continue;
        }
        // A token holding spaces: they end the word before; each part between them is a copy of the token.
        for (const part of text.split(/(\s+)/)) {
          if (!part) continue;
          if (/\s/.test(part)) {
            endWord();
            out.push({ type: 'text', value: part });
          } else word.push(token.type === 'element' ? { ...token, children: [{ type: 'text', value: part }] } : { type: 'text', value: part });
        }
      }
      endWord();
      line.children = out;
    },
  };
}

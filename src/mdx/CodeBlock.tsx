import type { ReactNode } from 'react';
import { COPY_BUTTON, WRAP_BUTTON } from '../theme/markdown-behaviour.ts';

interface Props {
  title?: string;
  lang?: string;
  /** "true" when the block is a single line (remark-code-blocks.ts): its buttons then sit beside it, not over it. */
  oneLine?: string;
}

/**
 * Frame around a highlighted fence: optional title bar, a button that wraps long lines (for every block, as the
 * reader's setting) and a copy button. MarkdownBody.tsx makes them work; their icons are drawn by theme.css.
 */
export function CodeBlock({ title, lang, oneLine, children }: Props & { children?: ReactNode }) {
  return (
    <div className={oneLine === 'true' ? 'code-block code-block--one-line' : 'code-block'} data-lang={lang}>
      {title && <div className="code-block__title">{title}</div>}
      <div className="code-block__body">
        {children}
        <div className="code-block__buttons">
          <button type="button" className="code-block__wrap" aria-label={WRAP_BUTTON.name} title={WRAP_BUTTON.name} aria-pressed="false" />
          <button type="button" className="code-block__copy" aria-label={COPY_BUTTON.name} title={COPY_BUTTON.name} />
        </div>
      </div>
    </div>
  );
}

import type { ReactNode } from 'react';
import { COPY_BUTTON } from '../theme/markdown-behaviour.ts';

/** Frame around a highlighted fence: optional title bar and a copy button (which MarkdownBody.tsx makes work). */
export function CodeBlock({ title, lang, children }: { title?: string; lang?: string; children?: ReactNode }) {
  return (
    <div className="code-block" data-lang={lang}>
      {title && <div className="code-block__title">{title}</div>}
      <div className="code-block__body">
        {children}
        <button type="button" className="code-block__copy" aria-label={COPY_BUTTON.name}>
          {COPY_BUTTON.label}
        </button>
      </div>
    </div>
  );
}

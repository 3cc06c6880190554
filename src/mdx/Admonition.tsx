import type { ReactNode } from 'react';

const DEFAULT_TITLES: Record<string, string> = { note: 'Note', tip: 'Tip', info: 'Info', warning: 'Warning', danger: 'Danger' };

export function Admonition({ type = 'note', title, children }: { type?: string; title?: string; children?: ReactNode }) {
  return (
    <aside className={`admonition admonition--${type}`} aria-label={title ?? DEFAULT_TITLES[type]}>
      <p className="admonition__heading">
        {title ?? DEFAULT_TITLES[type]}
      </p>
      <div className="admonition__body">{children}</div>
    </aside>
  );
}

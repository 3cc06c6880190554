import type { ReactNode } from 'react';

const DEFAULT_TITLES: Record<string, string> = { note: 'Note', tip: 'Tip', info: 'Info', warning: 'Warning', danger: 'Danger' };

export function Admonition({ type = 'note', title, children }: { type?: string; title?: string; children?: ReactNode }) {
  return (
    <div className={`admonition admonition--${type}`}>
      <p className="admonition__heading">
        {title ?? DEFAULT_TITLES[type]}
      </p>
      <div className="admonition__body">{children}</div>
    </div>
  );
}

import type { ReactNode } from 'react';
import { WARNING_ICON_PATH } from '../theme/icons.tsx';

const DEFAULT_TITLES: Record<string, string> = { note: 'Note', tip: 'Tip', info: 'Info', warning: 'Warning', danger: 'Danger' };

/** One icon per kind (24 × 24 paths), drawn in the kind's colour. */
const ICONS: Record<string, string> = {
  // a pencil
  note: 'M4 17.2V20h2.8l8.3-8.3-2.8-2.8L4 17.2Zm13.2-7.6a.8.8 0 0 0 0-1.1l-1.7-1.7a.8.8 0 0 0-1.1 0L13 8.2l2.8 2.8 1.4-1.4Z',
  // a light bulb
  tip: 'M9 21h6v-1.5H9V21Zm3-19a7 7 0 0 0-4 12.7V17a1 1 0 0 0 1 1h6a1 1 0 0 0 1-1v-2.3A7 7 0 0 0 12 2Zm2.9 11.1-.9.6V16h-4v-2.3l-.9-.6a5 5 0 1 1 5.8 0Z',
  // an "i" in a circle
  info: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-6h2v6Zm0-8h-2V7h2v2Z',
  warning: WARNING_ICON_PATH,
  // a flame
  danger: 'M13.5.7s.7 2.6.7 4.8c0 2-1.3 3.7-3.4 3.7S7.3 7.5 7.3 5.5l.1-.4A13.8 13.8 0 0 0 4 14a8 8 0 0 0 16 0c0-5.4-2.6-10.2-6.5-13.3ZM11.7 19a2.9 2.9 0 0 1-2.9-2.8c0-1.4.9-2.4 2.5-2.8a8 8 0 0 0 4.7-2.6c.3 1.1.5 2.2.5 3.3 0 2.7-2.2 4.9-4.8 4.9Z',
};

export function Admonition({ type = 'note', title, children }: { type?: string; title?: string; children?: ReactNode }) {
  const icon = ICONS[type] ?? ICONS.note;
  return (
    <div className={`admonition admonition--${type}`}>
      <p className="admonition__heading">
        <svg className="admonition__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path fill="currentColor" d={icon} />
        </svg>
        {title ?? DEFAULT_TITLES[type]}
      </p>
      <div className="admonition__body">{children}</div>
    </div>
  );
}

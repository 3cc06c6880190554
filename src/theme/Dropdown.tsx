import { useEffect, useId, useRef, useState, type ReactNode, type KeyboardEvent } from 'react';

export interface DropdownItem {
  key: string;
  label: string;
  /** Rendered link for the item (a router Link or a plain anchor). */
  render: (props: { className: string; role?: 'menuitem'; tabIndex?: number; onClick: () => void; 'aria-current'?: 'true' }) => ReactNode;
  active?: boolean;
}

/**
 * Without JavaScript the same links are in a native <details> disclosure inside <noscript> (React
 * renders its children on the server and leaves them alone in the browser), so the menu opens anyway.
 *
 * Menu button pattern: Enter, Space or ArrowDown opens and focuses the first item, arrows move,
 * Escape and Tab close (Escape returns focus to the button), a click outside closes. Escape is heard
 * on the document, so it closes a menu opened with the mouse too, where focus stays on the button.
 */
export function Dropdown({ label, buttonLabel, items, className = '' }: { label: string; buttonLabel: ReactNode; items: DropdownItem[]; className?: string }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onEscape = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onEscape);
    };
  }, [open]);

  const focusItem = (index: number) => {
    const links = root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]');
    if (!links?.length) return;
    links[(index + links.length) % links.length].focus();
  };

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => focusItem(0));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => focusItem(-1));
    }
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const links = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const i = links.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown') { e.preventDefault(); focusItem(i + 1); }
    else if (e.key === 'ArrowUp') { e.preventDefault(); focusItem(i - 1); }
    else if (e.key === 'Home') { e.preventDefault(); focusItem(0); }
    else if (e.key === 'End') { e.preventDefault(); focusItem(-1); }
    else if (e.key === 'Tab') setOpen(false);
  };

  return (
    <div className={`dropdown ${open ? 'dropdown--open' : ''} ${className}`} ref={root}>
      <button
        ref={button}
        type="button"
        className="navbar__item dropdown__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={label}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKey}
      >
        {buttonLabel}
        <span className="dropdown__caret" aria-hidden="true" />
      </button>
      <ul className="dropdown__menu" role="menu" id={menuId} aria-label={label} onKeyDown={onMenuKey}>
        {items.map((item) => (
          <li key={item.key} role="none">
            {item.render({
              className: `dropdown__link ${item.active ? 'dropdown__link--active' : ''}`,
              role: 'menuitem',
              tabIndex: -1,
              onClick: () => setOpen(false),
              ...(item.active ? { 'aria-current': 'true' as const } : {}),
            })}
          </li>
        ))}
      </ul>
      <noscript>
        <details className="dropdown__noscript">
          <summary className="navbar__item dropdown__summary" aria-label={label}>
            {buttonLabel}
            <span className="dropdown__caret" aria-hidden="true" />
          </summary>
          <ul className="dropdown__menu">
            {items.map((item) => (
              <li key={item.key}>
                {item.render({
                  className: `dropdown__link ${item.active ? 'dropdown__link--active' : ''}`,
                  onClick: () => {},
                  ...(item.active ? { 'aria-current': 'true' as const } : {}),
                })}
              </li>
            ))}
          </ul>
        </details>
      </noscript>
    </div>
  );
}

import { useCallback, useEffect, useRef, useState, type ComponentType, type KeyboardEvent as ReactKeyboardEvent, type MouseEvent as ReactMouseEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { currentVersion, site, versionForPath } from '../site-data.ts';
import { useSettings } from '../store/settings.ts';
import { PLACEHOLDER } from './config.ts';
import type { SearchModalProps } from './SearchModal.tsx';
import { chunkLoader } from '../retry-import.ts';
import { useHydrated } from '../theme/use-hydrated.ts';
import { BASE } from '../theme/app-link-clicks.ts';
import siteConfig from '../../site.config.ts';

let modalModule: Promise<ComponentType<SearchModalProps>> | undefined;
const importModal = chunkLoader(() => import('./SearchModal.tsx'));
/** The modal's code, fetched once; a failed fetch is forgotten, so the next attempt fetches again. */
function loadModal(): Promise<ComponentType<SearchModalProps>> {
  if (!modalModule) {
    // A failure is shown with Retry by the search button (the page's reload-on-chunk-error in
    // theme/chunk-errors.ts leaves this chunk alone) and forgotten, so Retry fetches again.
    const loading = importModal().then((m) => m.default);
    modalModule = loading;
    loading.catch(() => {
      if (modalModule === loading) modalModule = undefined;
    });
  }
  return modalModule;
}
/** Fetch ahead (hover, focus): a failure is reported when the reader opens search. */
const prefetch = () => void loadModal().catch(() => {});

/** True when a key press belongs to a text field rather than to the page. */
function isEditing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  return el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName);
}

/** Contextual search: the version of the page being read, else the reader's preferred version. */
function useVersionTag(): string {
  const { pathname } = useLocation();
  const preferred = useSettings((s) => s.preferredVersion);
  return (versionForPath(pathname) ?? site.versions.find((v) => v.name === preferred) ?? currentVersion).tag;
}

/**
 * The navbar search button and hotkeys (Ctrl/Cmd+K, and / outside text fields). The modal's code
 * is fetched on first hover or focus of the button, or on the hotkey — never with the page.
 */
export function SearchBar() {
  const [open, setOpen] = useState(false);
  const [Modal, setModal] = useState<ComponentType<SearchModalProps> | null>(null);
  const [loadError, setLoadError] = useState(false);
  // What the reader types while the modal's code is on its way: it becomes the modal's initial
  // query, so a fast first search loses no keystroke.
  const typedAhead = useRef('');
  const waiting = useRef(false);
  const returnFocus = useRef<HTMLElement | null>(null);
  const button = useRef<HTMLAnchorElement>(null);
  const versionTag = useVersionTag();
  const hydrated = useHydrated();

  const show = useCallback(() => {
    returnFocus.current = document.activeElement as HTMLElement | null;
    setLoadError(false);
    if (!waiting.current) typedAhead.current = '';
    waiting.current = true;
    loadModal().then(
      (component) => {
        setModal(() => component);
        setOpen(true);
      },
      (e: unknown) => {
        // No modal is coming: let keys reach the page again.
        waiting.current = false;
        console.warn('[search] the search dialog could not be loaded:', (e as Error).message);
        setLoadError(true);
      },
    );
  }, []);
  const close = useCallback(() => {
    waiting.current = false;
    setOpen(false);
    // Back to what had focus when it opened; opened by a key with nothing focused, or that element is gone (the page
    // changed), to the search button.
    requestAnimationFrame(() => {
      const opener = returnFocus.current;
      (opener && opener !== document.body && opener.isConnected ? opener : button.current)?.focus();
    });
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const input = document.querySelector<HTMLInputElement>('.DocSearch-Input');
      if (waiting.current && input && document.activeElement === input) waiting.current = false; // the field has it now
      if (waiting.current && !e.ctrlKey && !e.metaKey && !e.altKey && (e.key.length === 1 || e.key === 'Backspace')) {
        e.preventDefault();
        const typed = e.key === 'Backspace' ? typedAhead.current.slice(0, -1) : typedAhead.current + e.key;
        typedAhead.current = typed;
        if (input) {
          // The modal is there but its field has no focus yet: the key goes into the field.
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, typed);
          input.dispatchEvent(new Event('input', { bubbles: true }));
          input.focus();
          waiting.current = false;
        }
      } else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        if (open) close();
        else show();
      } else if (e.key === 'Escape' && open) {
        e.preventDefault();
        close();
      } else if (e.key === '/' && !open && !isEditing(e.target) && !e.ctrlKey && !e.metaKey && !e.altKey) {
        e.preventDefault();
        show();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, show, close]);

  // A link to the search page until the app runs (and without JavaScript), where the dialog cannot open; then a
  // button that opens it. The same element either way, so hydration keeps what the page painted.
  const onActivate = (e: ReactMouseEvent | ReactKeyboardEvent) => {
    if ('button' in e && (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey)) return; // a new tab or window: the page
    if ('key' in e && e.key !== ' ') return; // Enter is a click
    e.preventDefault();
    show();
  };
  return (
    <>
      <a
        ref={button}
        className="search-button navbar__item"
        href={`${BASE}/${siteConfig.search.pagePath}/`}
        role={hydrated ? 'button' : undefined}
        aria-label={hydrated ? 'Search docs (Ctrl+K)' : 'Search docs'}
        aria-haspopup={hydrated ? 'dialog' : undefined}
        onMouseEnter={prefetch}
        onFocus={prefetch}
        onClick={hydrated ? onActivate : undefined}
        onKeyDown={hydrated ? onActivate : undefined}
      >
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
          <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M14.4 14.4 18 18m-1.8-9.1a7.3 7.3 0 1 1-14.6 0 7.3 7.3 0 0 1 14.6 0Z" />
        </svg>
        <span className="search-button__placeholder">{PLACEHOLDER}</span>
        <kbd className="search-button__key">Ctrl K</kbd>
      </a>
      {open && Modal && <Modal versionTag={versionTag} initialQuery={typedAhead.current || undefined} onClose={close} />}
      {loadError && (
        <div className="search-load-error" role="alert">
          <p>Search could not be loaded. Check your network connection.</p>
          <button type="button" onClick={show}>
            Retry
          </button>
          <button type="button" onClick={() => setLoadError(false)}>
            Close
          </button>
        </div>
      )}
    </>
  );
}

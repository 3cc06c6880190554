import { useEffect, useLayoutEffect, useRef, useSyncExternalStore, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useSettings } from '../store/settings.ts';
import { useAppLinkClicks } from './app-link-clicks.ts';
import { CODE_WRAP_NARROW, codeWrapShown, copyCodeOf, handleTabEvent, showCodeWrap, showTabChoices } from './markdown-behaviour.ts';
import { watchScrollHints } from './scroll-hints.ts';

/** The attribute that marks a body whose HTML needs no script (src/builder/pages/remark-static-body.ts). */
const STATIC_BODY_ATTRIBUTE = 'data-static-body';
export const STATIC_BODY_SELECTOR = `.markdown[${STATIC_BODY_ATTRIBUTE}]`;

interface Props {
  /** The body needs no script: marked in the HTML, so the browser keeps it as it arrived on a first visit. */
  staticBody?: boolean;
  /** The prerendered body, kept as HTML (main.tsx): React leaves the inner HTML of an element it hydrates with `dangerouslySetInnerHTML` as it is. */
  html?: string;
  children?: ReactNode;
}

/** Whether the stored settings have been read (after hydration): until then the head script's choices stand. */
function useSettingsRead(): boolean {
  return useSyncExternalStore(
    (cb) => useSettings.persist.onFinishHydration(cb),
    () => useSettings.persist.hasHydrated(),
    () => false,
  );
}

/** Whether the screen is narrow enough for code to wrap by default; follows a window resized or a phone turned. */
function useNarrowForCode(): boolean {
  return useSyncExternalStore(
    (cb) => {
      const query = window.matchMedia?.(CODE_WRAP_NARROW);
      query?.addEventListener('change', cb);
      return () => query?.removeEventListener('change', cb);
    },
    () => codeWrapShown(null),
    () => false,
  );
}

/**
 * A page's body, and what its parts do: its tabs, copy and wrap buttons and links are handled here, from the events that
 * reach the body, so they work alike in a body the app rendered and in prerendered HTML nobody hydrated.
 */
export function MarkdownBody({ staticBody, html, children }: Props) {
  const body = useRef<HTMLDivElement>(null);
  const tabChoices = useSettings((s) => s.tabChoices);
  const chooseTab = useSettings((s) => s.chooseTab);
  const codeWrap = useSettings((s) => s.codeWrap);
  const toggleCodeWrap = useSettings((s) => s.toggleCodeWrap);
  const settingsRead = useSettingsRead();
  const narrow = useNarrowForCode();
  const followLink = useAppLinkClicks();

  // Before paint: a body rendered by the app shows the reader's tabs (or the address's) from its first frame.
  useLayoutEffect(() => {
    if (body.current) showTabChoices(body.current, tabChoices, window.location.search);
  }, [tabChoices, html, children]);
  useLayoutEffect(() => {
    if (body.current && settingsRead) showCodeWrap(body.current, codeWrap);
  }, [codeWrap, narrow, settingsRead, html, children]);

  useEffect(() => (body.current ? watchScrollHints(body.current) : undefined), [html, children]);

  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const target = e.target as Element;
    if (handleTabEvent(target, undefined, chooseTab)) return;
    const copy = target.closest<HTMLElement>('.code-block__copy');
    if (copy) return void copyCodeOf(copy);
    if (target.closest('.code-block__wrap')) return void toggleCodeWrap(codeWrapShown(codeWrap));
    followLink(e);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (handleTabEvent(e.target as Element, e.key, chooseTab)) e.preventDefault();
  };
  const marked = { [STATIC_BODY_ATTRIBUTE]: staticBody ? '' : undefined };
  return html !== undefined ? (
    <div ref={body} className="markdown" {...marked} onClick={onClick} onKeyDown={onKeyDown} dangerouslySetInnerHTML={{ __html: html }} />
  ) : (
    <div ref={body} className="markdown" {...marked} onClick={onClick} onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}

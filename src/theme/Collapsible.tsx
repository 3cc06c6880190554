import { useEffect, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { prefersReducedMotion } from './smooth-scroll.ts';

/** Taller content takes longer to open, but never more than half a second. */
export function collapseDuration(height: number): number {
  return Math.round(Math.min(500, 120 + Math.sqrt(Math.max(0, height)) * 10));
}

interface Props {
  open: boolean;
  /** The `<summary>`: its click must call preventDefault and change `open`, so the height animation runs. */
  summary: ReactNode;
  /** The browser opened or closed the details itself (find in page opens the one holding a match). */
  onNativeToggle: (open: boolean) => void;
  /** The content's id, for the summary's aria-controls. */
  id?: string;
  className?: string;
  children: ReactNode;
}

/**
 * A `<details>` whose content shows or hides with a height animation (ease-in-out; 1 ms when the reader prefers
 * reduced motion); the duration used last is kept in data-collapse-ms. Without JavaScript it is a plain `<details>`,
 * open where the page rendered it open, that the reader opens and closes natively.
 */
export function Collapsible({ open, summary, onNativeToggle, id, className = '', children }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  // The details stays open while its content animates closed.
  const [shown, setShown] = useState(open);
  const opening = useRef(false);

  const animate = (from: number, to: number, full: number, then?: () => void) => {
    const el = ref.current;
    if (!el) return () => undefined;
    const ms = prefersReducedMotion() ? 1 : collapseDuration(full);
    el.dataset.collapseMs = String(ms);
    el.style.transition = 'none';
    el.style.height = `${from}px`;
    void el.offsetHeight; // apply the start height before the transition
    el.style.transition = `height ${ms}ms ease-in-out`;
    el.style.height = `${to}px`;
    const t = window.setTimeout(() => {
      el.style.transition = '';
      el.style.height = '';
      then?.();
    }, ms + 20);
    return () => window.clearTimeout(t);
  };

  useEffect(() => {
    if (open && !shown) {
      opening.current = true;
      setShown(true);
    } else if (!open && shown && ref.current) {
      const full = ref.current.scrollHeight;
      return animate(full, 0, full, () => setShown(false));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  useEffect(() => {
    if (!shown || !opening.current || !ref.current) return;
    opening.current = false;
    const full = ref.current.scrollHeight;
    return animate(0, full, full);
  }, [shown]);

  // A toggle event also follows each change of ours; only one that disagrees with what we rendered is the browser's.
  const onToggle = (e: SyntheticEvent<HTMLDetailsElement>) => {
    if (e.currentTarget.open !== shown) onNativeToggle(e.currentTarget.open);
  };

  return (
    <details className={`collapsible ${shown && !open ? 'collapsible--closing' : ''} ${className}`} open={shown} onToggle={onToggle}>
      {summary}
      <div ref={ref} id={id} className="collapsible__content">
        {children}
      </div>
    </details>
  );
}

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { prefersReducedMotion } from './smooth-scroll.ts';

/** Taller content takes longer to open, but never more than half a second. */
export function collapseDuration(height: number): number {
  return Math.round(Math.min(500, 120 + Math.sqrt(Math.max(0, height)) * 10));
}

/**
 * Shows or hides its content with a height animation (ease-in-out; 1 ms when the reader prefers
 * reduced motion). The duration used last is kept in data-collapse-ms.
 */
export function Collapsible({ open, id, children }: { open: boolean; id?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
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

  return (
    <div ref={ref} id={id} className={shown ? 'collapsible' : 'collapsible collapsible--closed'}>
      {children}
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import type { TocEntry } from '../content/types.ts';

/** Offset below the sticky navbar at which a heading counts as "reached". */
const ACTIVE_OFFSET = 100;

/** Highlights the last heading scrolled past, so the reader sees where they are. */
export function useActiveHeading(toc: TocEntry[]): string | undefined {
  const [active, setActive] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (toc.length === 0) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      let current: string | undefined;
      for (const entry of toc) {
        const el = document.getElementById(entry.id);
        if (el && el.getBoundingClientRect().top <= ACTIVE_OFFSET) current = entry.id;
      }
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      setActive(atBottom ? toc[toc.length - 1].id : (current ?? toc[0].id));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [toc]);
  return active;
}

function TocList({ toc, active, onPick }: { toc: TocEntry[]; active: string | undefined; onPick?: () => void }) {
  return (
    <ul className="toc__list">
      {toc.map((t) => (
        <li key={t.id} className={`toc__item toc__item--h${t.depth}`}>
          <a className={`toc__link ${active === t.id ? 'toc__link--active' : ''}`} href={`#${t.id}`} aria-current={active === t.id ? 'location' : undefined} onClick={onPick}>
            {t.text}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The right-hand column (997 px and wider). */
export function TableOfContents({ toc, active }: { toc: TocEntry[]; active: string | undefined }) {
  if (toc.length === 0) return null;
  return (
    <nav className="toc" aria-label="On this page">
      <p className="toc__title">On this page</p>
      <TocList toc={toc} active={active} />
    </nav>
  );
}

/**
 * Below 997 px: a closed "On this page" disclosure at the top of the article. It is a native
 * <details>, so it opens without JavaScript; its summary names the section being read.
 */
export function TocDisclosure({ toc, active }: { toc: TocEntry[]; active: string | undefined }) {
  const details = useRef<HTMLDetailsElement>(null);
  if (toc.length === 0) return null;
  const current = toc.find((t) => t.id === active);
  return (
    <details className="toc-disclosure" ref={details}>
      <summary className="toc-disclosure__summary">
        <span className="toc-disclosure__title">On this page</span>
        {current && <span className="toc-disclosure__current">{current.text}</span>}
      </summary>
      {/* A name of its own: two landmarks in one page must not share one (the column's nav is "On this page"). */}
      <nav className="toc toc--inline" aria-label="Sections on this page">
        <TocList
          toc={toc}
          active={active}
          onPick={() => {
            if (details.current) details.current.open = false;
          }}
        />
      </nav>
    </details>
  );
}

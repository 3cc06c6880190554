import { Link } from 'react-router-dom';
import type { PageData } from '../content/page-data.ts';

export function PrevNext({ data: { prev, next } }: { data: PageData }) {
  if (!prev && !next) return null;
  return (
    <nav className="pagination" aria-label="Docs pages">
      {prev ? (
        <Link className="pagination__link pagination__link--prev" to={prev.href} rel="prev">
          <span className="pagination__sub">Previous</span>
          <span className="pagination__label">« {prev.label}</span>
        </Link>
      ) : <span />}
      {next ? (
        <Link className="pagination__link pagination__link--next" to={next.href} rel="next">
          <span className="pagination__sub">Next</span>
          <span className="pagination__label">{next.label} »</span>
        </Link>
      ) : <span />}
    </nav>
  );
}

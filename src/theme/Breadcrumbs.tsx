import { Link } from 'react-router-dom';
import type { PageData } from '../content/page-data.ts';
import { HomeIcon } from './icons.tsx';

export function Breadcrumbs({ data }: { data: PageData }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol>
        <li>
          <Link to="/" aria-label="Home page">
            <HomeIcon />
          </Link>
        </li>
        {data.crumbs.map((c) => (
          <li key={c.key}>{c.href ? <Link to={c.href}>{c.label}</Link> : <span>{c.label}</span>}</li>
        ))}
        <li aria-current="page">
          <span>{data.label}</span>
        </li>
      </ol>
    </nav>
  );
}

import { Link } from 'react-router-dom';
import type { VersionManifest } from '../content/types.ts';
import { categoryTrail } from '../content/navigation.ts';
import { HomeIcon } from './icons.tsx';

export function Breadcrumbs({ version, route, title }: { version: VersionManifest; route: string; title: string }) {
  const trail = categoryTrail(version.sidebar, route);
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol>
        <li>
          <Link to="/" aria-label="Home page">
            <HomeIcon />
          </Link>
        </li>
        {trail.map((c) => (
          <li key={c.dir}>{c.href ? <Link to={c.href}>{c.label}</Link> : <span>{c.label}</span>}</li>
        ))}
        <li aria-current="page">
          <span>{title}</span>
        </li>
      </ol>
    </nav>
  );
}

import { Link } from 'react-router-dom';
import siteConfig from '../../site.config.ts';
import { currentVersion, site } from '../site-data.ts';
import { useSettings } from '../store/settings.ts';

const SECTIONS = [
  { title: 'Getting Started', path: 'getting-started/', text: 'Install zrok, enable an environment and share your first service in a few minutes.' },
  { title: 'Concepts', path: 'concepts/', text: 'Public, private and reserved shares, tunnels, files and how hosting works.' },
  { title: 'Install', path: 'guides/install/', text: 'Packages and downloads for Linux, macOS and Windows.' },
  { title: 'Guides', path: 'category/guides/', text: 'The agent, frontdoor, Docker shares, drives, VPN and permission modes.' },
  { title: 'Self Hosting', path: 'category/self-hosting/', text: 'Run your own instance on Linux, Docker or Kubernetes, with OAuth, metrics and limits.' },
  { title: 'myzrok', path: 'category/myzrok/', text: 'The hosted service: custom domains, plan limits and upgrading.' },
];

export function HomePage() {
  const preferred = useSettings((s) => s.preferredVersion);
  const version = site.versions.find((v) => v.name === preferred) ?? currentVersion;
  const routes = new Set([...version.docs.map((d) => d.route), ...version.categoryIndexes.map((c) => c.route)]);
  return (
    <main className="home">
      <section className="hero">
        <h1 className="hero__title">{siteConfig.title}</h1>
        <p className="hero__tagline">{siteConfig.tagline}</p>
        <p className="hero__text">
          Share web services, files and TCP or UDP servers from any machine, publicly or privately, without opening a port.
        </p>
        <Link className="button button--primary" to={version.mainDocRoute}>
          Get started
        </Link>
      </section>
      <section className="home__sections" aria-label="Documentation sections">
        <ul className="card-grid card-grid--home">
          {SECTIONS.filter((s) => routes.has(version.root + s.path)).map((s) => (
            <li key={s.path} className="card-grid__item">
              <Link className="card" to={version.root + s.path}>
                <span className="card__title">{s.title}</span>
                <span className="card__body">{s.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

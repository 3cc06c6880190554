import { Link } from 'react-router-dom';
import siteConfig from '../../site.config.ts';
import { currentVersion, site } from '../site-data.ts';
import { useSettings } from '../store/settings.ts';
import { HOME_SECTIONS } from './home-sections.ts';

export function HomePage() {
  const preferred = useSettings((s) => s.preferredVersion);
  const version = site.versions.find((v) => v.name === preferred) ?? currentVersion;
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
          {HOME_SECTIONS.filter((s) => version.homeSections.includes(s.path)).map((s) => (
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

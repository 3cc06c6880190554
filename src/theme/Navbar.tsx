import { Link } from 'react-router-dom';
import siteConfig, { type NavLink } from '../../site.config.ts';
import { VersionDropdown } from './VersionDropdown.tsx';
import { LocaleDropdown } from './LocaleDropdown.tsx';
import { ColorModeToggle } from './ColorModeToggle.tsx';
import { MobileMenuButton } from './MobileSidebar.tsx';
import { Logo } from './Logo.tsx';
import { SearchBar } from '../search/SearchBar.tsx';
import { ExternalIcon, GitHubIcon, DiscourseIcon } from './icons.tsx';

function NavbarLink({ link }: { link: NavLink }) {
  const Icon = link.icon === 'github' ? GitHubIcon : link.icon === 'discourse' ? DiscourseIcon : null;
  return (
    <a className={`navbar__item navbar__link ${Icon ? 'navbar__icon-link' : ''}`} href={link.href} target="_blank" rel="noopener noreferrer" aria-label={Icon ? link.label : undefined} title={Icon ? link.label : undefined}>
      {Icon ? <Icon /> : (
        <>
          {link.label}
          <ExternalIcon />
        </>
      )}
    </a>
  );
}

export function Navbar() {
  return (
    <header className="navbar">
      <nav className="navbar__inner" aria-label="Main">
        <MobileMenuButton />
        <Link className="navbar__brand" to="/">
          <Logo alt={siteConfig.navbar.logoAlt} />
          <span className="navbar__title">{siteConfig.title}</span>
        </Link>
        <VersionDropdown />
        <div className="navbar__spacer" />
        <div className="navbar__links">
          {siteConfig.navbar.links.map((l) => (
            <NavbarLink key={l.href} link={l} />
          ))}
        </div>
        <LocaleDropdown />
        <ColorModeToggle />
        <SearchBar />
      </nav>
    </header>
  );
}

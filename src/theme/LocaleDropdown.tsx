import { useLocation } from 'react-router-dom';
import siteConfig from '../../site.config.ts';
import { localeHref } from '../content/versions.ts';
import { Dropdown } from './Dropdown.tsx';

// useLocation() paths are relative to the router's basename, so the base URL is added back here.
const BASE = import.meta.env.BASE_URL;

/** Every locale with the link to this page in it; the current one is the default locale. */
export function useLocaleChoices() {
  const { pathname } = useLocation();
  const { locales } = siteConfig;
  const current = locales.all.find((l) => l.code === locales.default) ?? locales.all[0];
  const choices = locales.all.map((l) => ({ ...l, href: localeHref(BASE, l.code, locales.default, pathname), active: l.code === current.code }));
  return { current, choices };
}

export function LocaleDropdown() {
  const { current, choices } = useLocaleChoices();
  return (
    <Dropdown
      className="locale-dropdown"
      label={`Language: ${current.label}`}
      buttonLabel={
        <>
          <svg className="icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path fill="currentColor" d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-2.9a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8ZM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4ZM4.3 14a8.3 8.3 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h2.9c.3 1.3.8 2.5 1.4 3.6A8 8 0 0 1 5.1 16ZM8 8H5.1a8 8 0 0 1 4.3-3.6C8.8 5.5 8.3 6.7 8 8Zm4 12c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.3 5.6c.6-1.1 1.1-2.3 1.4-3.6h2.9a8 8 0 0 1-4.3 3.6Zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8.3 8.3 0 0 1 0 4h-3.4Z" />
          </svg>
          <span>{current.label}</span>
        </>
      }
      items={choices.map((l) => ({
        key: l.code,
        label: l.label,
        active: l.active,
        render: (props) => (
          <a href={l.href} lang={l.code} {...props}>
            {l.label}
          </a>
        ),
      }))}
    />
  );
}

import { Link, useLocation } from 'react-router-dom';
import { site, versionForPath, currentVersion } from '../site-data.ts';
import { usePageData } from './use-page-data.ts';
import { useSettings } from '../store/settings.ts';
import { Dropdown } from './Dropdown.tsx';

/** Switching keeps the same doc when the target version has it, else goes to its main doc. */
export function VersionDropdown() {
  const { pathname } = useLocation();
  const page = usePageData();
  const active = versionForPath(pathname) ?? currentVersion;
  const remember = useSettings((s) => s.setPreferredVersion);
  return (
    <Dropdown
      className="version-dropdown"
      label={`Docs version: ${active.label}`}
      buttonLabel={active.label}
      items={site.versions.map((v) => ({
        key: v.name,
        label: v.label,
        active: v.name === active.name,
        render: ({ onClick, ...props }) => (
          <Link
            to={page?.versionLinks[v.name] ?? v.mainDocRoute}
            {...props}
            onClick={() => {
              remember(v.name);
              onClick();
            }}
          >
            {v.label}
          </Link>
        ),
      }))}
    />
  );
}

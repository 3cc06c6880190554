import { Link, useLocation } from 'react-router-dom';
import { site, versionForPath, currentVersion } from '../site-data.ts';
import { usePageData } from './use-page-data.ts';
import { useSettings } from '../store/settings.ts';
import { Dropdown } from './Dropdown.tsx';

export interface VersionChoice {
  name: string;
  label: string;
  /** The same doc in that version when it has it, else its main doc. */
  to: string;
  active: boolean;
}

/** The versions a reader can switch to from this page, and a remember() for the one chosen. */
export function useVersionChoices(): { active: VersionChoice; choices: VersionChoice[]; remember: (name: string) => void } {
  const { pathname } = useLocation();
  const page = usePageData();
  // Outside the docs, the version shown is the one search uses: the reader's preferred version.
  // The store is read after hydration (zustand's server snapshot first), so this never mismatches.
  const preferred = useSettings((s) => s.preferredVersion);
  const activeVersion = versionForPath(pathname) ?? site.versions.find((v) => v.name === preferred) ?? currentVersion;
  const remember = useSettings((s) => s.setPreferredVersion);
  const choices = site.versions.map((v) => ({ name: v.name, label: v.label, to: page?.versionLinks[v.name] ?? v.mainDocRoute, active: v.name === activeVersion.name }));
  return { active: choices.find((c) => c.active)!, choices, remember };
}

/** Switching keeps the same doc when the target version has it, else goes to its main doc. */
export function VersionDropdown() {
  const { active, choices, remember } = useVersionChoices();
  return (
    <Dropdown
      className="version-dropdown"
      label={`Docs version: ${active.label}`}
      buttonLabel={active.label}
      items={choices.map((v) => ({
        key: v.name,
        label: v.label,
        active: v.active,
        render: ({ onClick, ...props }) => (
          <Link
            to={v.to}
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

import { Link } from 'react-router-dom';
import type { VersionManifest } from '../content/types.ts';
import { versionSwitchTarget } from '../content/versions.ts';
import { currentVersion, site } from '../site-data.ts';

/** On pages of older versions: says so and links to the same page (or the main doc) of the current version. */
export function VersionBanner({ version, route }: { version: VersionManifest; route: string }) {
  if (version.current) return null;
  return (
    <div className="version-banner" role="note">
      <p>
        This is documentation for zrok <strong>{version.label}</strong>, which is no longer actively maintained.
      </p>
      <p>
        For up-to-date documentation, see <Link to={versionSwitchTarget(site, route, currentVersion.name)}>the latest version ({currentVersion.label})</Link>.
      </p>
    </div>
  );
}

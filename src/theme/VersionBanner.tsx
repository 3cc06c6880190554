import { Link } from 'react-router-dom';
import type { PageData } from '../content/page-data.ts';
import { currentVersion, findVersion } from '../site-data.ts';
import { WarningIcon } from './icons.tsx';

/** On pages of older versions: says so and links to the same page (or the main doc) of the current version. */
export function VersionBanner({ data }: { data: PageData }) {
  const version = findVersion(data.version);
  if (version.current) return null;
  return (
    <div className="version-banner" role="note">
      <WarningIcon className="version-banner__icon" />
      <div>
        <p>
          This is documentation for zrok <strong>{version.label}</strong>, which is no longer actively maintained.
        </p>
        <p>
          For up-to-date documentation, see <Link to={data.versionLinks[currentVersion.name]}>the latest version ({currentVersion.label})</Link>.
        </p>
      </div>
    </div>
  );
}

import { Fragment } from 'react';
import { Link, useLocation } from 'react-router-dom';
import siteConfig from '../../site.config.ts';
import { useSettings } from '../store/settings.ts';
import { versionForPath } from '../site-data.ts';
import { useVersionChoices } from './VersionDropdown.tsx';

/**
 * Shown until dismissed; a new announcement id in site.config.ts shows it again. Not on an older version's pages,
 * where the version banner is the one message. Its version links lead to the page being read in each version.
 */
export function AnnouncementBar() {
  const dismissedId = useSettings((s) => s.announcementDismissedId);
  const dismiss = useSettings((s) => s.dismissAnnouncement);
  const { pathname } = useLocation();
  const { choices, remember } = useVersionChoices();
  const announcement = siteConfig.announcement;
  const pageVersion = versionForPath(pathname);
  if (!announcement || dismissedId === announcement.id || (pageVersion && !pageVersion.current)) return null;
  return (
    <section className="announcement" aria-label="Announcement">
      <p className="announcement__text">
        {announcement.text}
        {announcement.listVersions &&
          choices.map((v, i) => (
            <Fragment key={v.name}>
              {i > 0 ? <span aria-hidden="true"> ·</span> : null}{' '}
              <Link to={v.to} onClick={() => remember(v.name)}>
                {v.label}
              </Link>
            </Fragment>
          ))}
      </p>
      <button type="button" className="announcement__close" aria-label="Dismiss announcement" onClick={() => dismiss(announcement.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </section>
  );
}

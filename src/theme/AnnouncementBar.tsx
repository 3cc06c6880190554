import { Fragment, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import siteConfig from '../../site.config.ts';
import { useSettings } from '../store/settings.ts';
import { versionForPath } from '../site-data.ts';
import { useVersionChoices } from './VersionDropdown.tsx';
import { nextTabbableAfter } from './tabbable.ts';

/**
 * Shown until dismissed; a new announcement id in site.config.ts shows it again. Not on an older version's pages,
 * where the version banner is the one message. Its version links lead to the page being read in each version; the
 * one of the version being read is marked current.
 */
export function AnnouncementBar() {
  const dismissedId = useSettings((s) => s.announcementDismissedId);
  const dismiss = useSettings((s) => s.dismissAnnouncement);
  const { pathname } = useLocation();
  const { choices, remember } = useVersionChoices();
  const bar = useRef<HTMLElement>(null);
  const announcement = siteConfig.announcement;
  const pageVersion = versionForPath(pathname);
  if (!announcement || dismissedId === announcement.id || (pageVersion && !pageVersion.current)) return null;
  const onDismiss = () => {
    // The bar and its button go: focus moves on to the next control (the header's first), not back to the page's start.
    const next = bar.current ? nextTabbableAfter(bar.current) : undefined;
    dismiss(announcement.id);
    next?.focus();
  };
  return (
    <section className="announcement" aria-label="Announcement" ref={bar}>
      <p className="announcement__text">
        {announcement.text}
        {announcement.listVersions &&
          choices.map((v, i) => (
            <Fragment key={v.name}>
              {i > 0 ? <span className="announcement__separator" aria-hidden="true"> ·</span> : null}{' '}
              <Link to={v.to} aria-current={v.active ? 'true' : undefined} onClick={() => remember(v.name)}>
                {v.label}
              </Link>
            </Fragment>
          ))}
      </p>
      <button type="button" className="announcement__close" aria-label="Dismiss announcement" onClick={onDismiss}>
        <span aria-hidden="true">×</span>
      </button>
    </section>
  );
}

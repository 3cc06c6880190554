import siteConfig from '../../site.config.ts';
import { useSettings } from '../store/settings.ts';

/** Shown until dismissed; a new announcement id in site.config.ts shows it again. */
export function AnnouncementBar() {
  const dismissedId = useSettings((s) => s.announcementDismissedId);
  const dismiss = useSettings((s) => s.dismissAnnouncement);
  const announcement = siteConfig.announcement;
  if (!announcement || dismissedId === announcement.id) return null;
  return (
    <section className="announcement" aria-label="Announcement">
      <p className="announcement__text">{announcement.text}</p>
      <button type="button" className="announcement__close" aria-label="Dismiss announcement" onClick={() => dismiss(announcement.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </section>
  );
}

import { useEffect } from 'react';
import { site, currentVersion } from '../site-data.ts';
import { useSettings } from '../store/settings.ts';

/** The main doc of the version the reader prefers (the current version on the server or without one). */
export function preferredMainDocRoute(): string {
  const name = typeof window === 'undefined' ? null : useSettings.getState().preferredVersion;
  return (site.versions.find((v) => v.name === name) ?? currentVersion).mainDocRoute;
}

/** Reading a page of a version makes it the preferred one. */
export function useRememberVersion(versionName: string) {
  const remember = useSettings((s) => s.setPreferredVersion);
  useEffect(() => {
    remember(versionName);
  }, [versionName, remember]);
}

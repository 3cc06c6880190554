import { useEffect, useLayoutEffect, useSyncExternalStore } from 'react';
import siteConfig from '../../site.config.ts';
import { effectiveColorMode, useSettings, type ColorMode } from '../store/settings.ts';

const QUERY = '(prefers-color-scheme: dark)';

function subscribeSystem(cb: () => void) {
  const mql = window.matchMedia?.(QUERY);
  mql?.addEventListener('change', cb);
  return () => mql?.removeEventListener('change', cb);
}

/** Live operating-system preference (false on the server). */
export function useSystemPrefersDark(): boolean {
  return useSyncExternalStore(
    subscribeSystem,
    () => !!window.matchMedia?.(QUERY).matches,
    () => false,
  );
}

/** The mode the page shows now. Before settings rehydrate it mirrors what the head script set. */
export function useColorMode(): ColorMode {
  const choice = useSettings((s) => s.colorChoice);
  const systemDark = useSystemPrefersDark();
  return effectiveColorMode(choice, systemDark);
}

/** Keeps <html data-theme> and <html data-theme-choice> (which icon the toggle shows) in step with the store and syncs other tabs through the storage event. */
export function useColorModeEffects() {
  const mode = useColorMode();
  const choice = useSettings((s) => s.colorChoice);
  const hydrated = useSyncExternalStore(
    (cb) => useSettings.persist.onFinishHydration(cb),
    () => useSettings.persist.hasHydrated(),
    () => false,
  );
  // A layout effect: the page's colours and the toggle's icon change in the same frame as its label.
  useLayoutEffect(() => {
    if (!hydrated) return; // the head script already chose; do not flip before the store is read
    document.documentElement.setAttribute('data-theme', mode);
    document.documentElement.setAttribute('data-theme-choice', choice ?? siteConfig.colorMode.defaultMode);
  }, [mode, choice, hydrated]);
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === useSettings.persist.getOptions().name) void useSettings.persist.rehydrate();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}

import { create } from 'zustand';
import { persist, createJSONStorage } from 'zustand/middleware';
import siteConfig from '../../site.config.ts';
import { safeLocalStorage } from './safe-storage.ts';
import { SETTINGS_STORAGE_KEY } from './keys.ts';

export type ColorChoice = 'light' | 'dark' | 'system';
export type ColorMode = 'light' | 'dark';

export interface Settings {
  /** null = no stored choice: the site default applies. */
  colorChoice: ColorChoice | null;
  preferredVersion: string | null;
  announcementDismissedId: string | null;
  setColorChoice: (c: ColorChoice | null) => void;
  cycleColorChoice: () => void;
  setPreferredVersion: (v: string) => void;
  dismissAnnouncement: (id: string) => void;
}

/** The toggle cycles light → dark → system → light. From "no choice", it starts at the mode shown. */
export function nextColorChoice(current: ColorChoice | null, shown: ColorMode): ColorChoice {
  const from: ColorChoice = current ?? shown;
  return from === 'light' ? 'dark' : from === 'dark' ? 'system' : 'light';
}

export function effectiveColorMode(
  choice: ColorChoice | null,
  systemPrefersDark: boolean,
  config = siteConfig.colorMode,
): ColorMode {
  const system: ColorMode = systemPrefersDark ? 'dark' : 'light';
  if (config.disableSwitch || choice === null) return config.respectPrefersColorScheme ? system : config.defaultMode;
  return choice === 'system' ? system : choice;
}

export const useSettings = create<Settings>()(
  persist(
    (set, get) => ({
      colorChoice: null,
      preferredVersion: null,
      announcementDismissedId: null,
      setColorChoice: (colorChoice) => set({ colorChoice: siteConfig.colorMode.disableSwitch ? null : colorChoice }),
      cycleColorChoice: () => {
        const shown = effectiveColorMode(get().colorChoice, systemPrefersDark());
        set({ colorChoice: nextColorChoice(get().colorChoice, shown) });
      },
      setPreferredVersion: (preferredVersion) => set({ preferredVersion }),
      dismissAnnouncement: (id) => set({ announcementDismissedId: id }),
    }),
    {
      name: SETTINGS_STORAGE_KEY,
      storage: createJSONStorage(() => safeLocalStorage()),
      partialize: (s) => ({
        colorChoice: siteConfig.colorMode.disableSwitch ? null : s.colorChoice,
        preferredVersion: s.preferredVersion,
        announcementDismissedId: s.announcementDismissedId,
      }),
      skipHydration: true, // rehydrated after React hydration: the server HTML and first client render agree
    },
  ),
);

export function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-color-scheme: dark)').matches;
}

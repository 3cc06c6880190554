import { create } from 'zustand';
import { persist, createJSONStorage, type StateStorage } from 'zustand/middleware';
import siteConfig, { type SiteConfig } from '../../site.config.ts';
import { safeLocalStorage } from './safe-storage.ts';
import { SETTINGS_STORAGE_KEY, SETTINGS_VERSION } from './keys.ts';

export type ColorChoice = 'light' | 'dark' | 'system';
export type ColorMode = 'light' | 'dark';
type ColorModeConfig = SiteConfig['colorMode'];

export interface Settings {
  /** null = no stored choice: the site default applies. */
  colorChoice: ColorChoice | null;
  preferredVersion: string | null;
  announcementDismissedId: string | null;
  /** The tab chosen last in each Tabs groupId ("os" → "windows"), on every page. */
  tabChoices: Record<string, string>;
  /**
   * Code blocks wrap their long lines instead of scrolling sideways (true), or scroll (false); null = no choice: they
   * wrap on a narrow screen only (CODE_WRAP_NARROW, theme.css).
   */
  codeWrap: boolean | null;
  setColorChoice: (c: ColorChoice | null) => void;
  cycleColorChoice: () => void;
  setPreferredVersion: (v: string) => void;
  dismissAnnouncement: (id: string) => void;
  chooseTab: (groupId: string, value: string) => void;
  /** Turns wrapping the other way from `shown`, what the blocks show now. */
  toggleCodeWrap: (shown: boolean) => void;
}

/** The toggle cycles light → dark → system → light. From "no choice", it starts at the mode shown. */
export function nextColorChoice(current: ColorChoice | null, shown: ColorMode): ColorChoice {
  const from: ColorChoice = current ?? shown;
  return from === 'light' ? 'dark' : from === 'dark' ? 'system' : 'light';
}

export function effectiveColorMode(choice: ColorChoice | null, systemPrefersDark: boolean, config: ColorModeConfig = siteConfig.colorMode): ColorMode {
  const system: ColorMode = systemPrefersDark ? 'dark' : 'light';
  if (config.disableSwitch || choice === null) return config.respectPrefersColorScheme ? system : config.defaultMode;
  return choice === 'system' ? system : choice;
}

export function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-color-scheme: dark)').matches;
}

/** One store for the reader's settings, mirrored to storage (which may fail: see safe-storage). */
export function createSettingsStore(config: ColorModeConfig = siteConfig.colorMode, storage: StateStorage = safeLocalStorage()) {
  return create<Settings>()(
    persist(
      (set, get) => ({
        colorChoice: null,
        preferredVersion: null,
        announcementDismissedId: null,
        tabChoices: {},
        codeWrap: null,
        setColorChoice: (colorChoice) => set({ colorChoice: config.disableSwitch ? null : colorChoice }),
        cycleColorChoice: () => {
          if (config.disableSwitch) return;
          const shown = effectiveColorMode(get().colorChoice, systemPrefersDark(), config);
          set({ colorChoice: nextColorChoice(get().colorChoice, shown) });
        },
        setPreferredVersion: (preferredVersion) => {
          if (get().preferredVersion !== preferredVersion) set({ preferredVersion });
        },
        dismissAnnouncement: (id) => set({ announcementDismissedId: id }),
        chooseTab: (groupId, value) => {
          if (get().tabChoices[groupId] !== value) set({ tabChoices: { ...get().tabChoices, [groupId]: value } });
        },
        toggleCodeWrap: (shown) => set({ codeWrap: !shown }),
      }),
      {
        name: SETTINGS_STORAGE_KEY,
        version: SETTINGS_VERSION,
        // Before version 1, "off" was also the default, stored for every reader: it now means no choice.
        migrate: (persisted, version) => {
          const p = (persisted ?? {}) as Partial<Settings>;
          return (version < 1 && p.codeWrap === false ? { ...p, codeWrap: null } : p) as Settings;
        },
        storage: createJSONStorage(() => storage),
        partialize: (s) => ({
          colorChoice: config.disableSwitch ? null : s.colorChoice,
          preferredVersion: s.preferredVersion,
          announcementDismissedId: s.announcementDismissedId,
          tabChoices: s.tabChoices,
          codeWrap: s.codeWrap,
        }),
        // A disabled switch also clears a choice stored earlier.
        merge: (persisted, current) => {
          const p = (persisted ?? {}) as Partial<Settings>;
          const tabChoices = p.tabChoices && typeof p.tabChoices === 'object' && !Array.isArray(p.tabChoices) ? p.tabChoices : {};
          return { ...current, ...p, tabChoices, codeWrap: typeof p.codeWrap === 'boolean' ? p.codeWrap : null, colorChoice: config.disableSwitch ? null : (p.colorChoice ?? null) };
        },
        onRehydrateStorage: () => (state) => {
          if (config.disableSwitch && state) state.setColorChoice(null);
        },
        skipHydration: true, // rehydrated after React hydration: the server HTML and first client render agree
      },
    ),
  );
}

export const useSettings = createSettingsStore();

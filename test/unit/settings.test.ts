// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSettingsStore, effectiveColorMode, nextColorChoice } from '../../src/store/settings.ts';
import { safeLocalStorage, resetStorageWarning } from '../../src/store/safe-storage.ts';
import { SETTINGS_STORAGE_KEY } from '../../src/store/keys.ts';

const dark = { defaultMode: 'dark' as const, disableSwitch: false, respectPrefersColorScheme: false };

beforeEach(() => {
  localStorage.clear();
  resetStorageWarning();
});

describe('colour mode', () => {
  it('cycles light → dark → system → light, starting from the mode shown', () => {
    expect(nextColorChoice('light', 'light')).toBe('dark');
    expect(nextColorChoice('dark', 'dark')).toBe('system');
    expect(nextColorChoice('system', 'dark')).toBe('light');
    expect(nextColorChoice(null, 'dark')).toBe('system');
    expect(nextColorChoice(null, 'light')).toBe('dark');
  });

  it('defaults to dark, follows the system in system mode, and clearing returns to the default', () => {
    expect(effectiveColorMode(null, false, dark)).toBe('dark');
    expect(effectiveColorMode('system', false, dark)).toBe('light');
    expect(effectiveColorMode('system', true, dark)).toBe('dark');
    expect(effectiveColorMode('light', true, dark)).toBe('light');
    expect(effectiveColorMode(null, false, { ...dark, respectPrefersColorScheme: true })).toBe('light');
    const store = createSettingsStore(dark);
    store.getState().setColorChoice('light');
    store.getState().setColorChoice(null);
    expect(effectiveColorMode(store.getState().colorChoice, false, dark)).toBe('dark');
  });

  it('persists the choice and reads it back', async () => {
    const a = createSettingsStore(dark);
    a.getState().cycleColorChoice(); // default dark → system
    expect(a.getState().colorChoice).toBe('system');
    expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY)!).state.colorChoice).toBe('system');
    const b = createSettingsStore(dark);
    await b.persist.rehydrate();
    expect(b.getState().colorChoice).toBe('system');
  });

  it('a disabled switch ignores changes and clears a stored choice', async () => {
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ state: { colorChoice: 'light', preferredVersion: '7.0' }, version: 0 }));
    const store = createSettingsStore({ ...dark, disableSwitch: true });
    await store.persist.rehydrate();
    expect(store.getState().colorChoice).toBeNull();
    expect(store.getState().preferredVersion).toBe('7.0');
    expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY)!).state.colorChoice).toBeNull();
    store.getState().cycleColorChoice();
    store.getState().setColorChoice('light');
    expect(store.getState().colorChoice).toBeNull();
    expect(effectiveColorMode('light', true, { ...dark, disableSwitch: true })).toBe('dark');
  });
});

describe('announcement and version', () => {
  it('remembers dismissal per announcement id', async () => {
    const store = createSettingsStore(dark);
    store.getState().dismissAnnouncement('release-1');
    const later = createSettingsStore(dark);
    await later.persist.rehydrate();
    expect(later.getState().announcementDismissedId).toBe('release-1');
    expect(later.getState().announcementDismissedId === 'release-2').toBe(false); // a new id shows the bar again
  });

  it('remembers the preferred docs version', async () => {
    createSettingsStore(dark).getState().setPreferredVersion('6.4');
    const later = createSettingsStore(dark);
    await later.persist.rehydrate();
    expect(later.getState().preferredVersion).toBe('6.4');
  });
});

describe('tab choices', () => {
  it('remembers the tab chosen per groupId', async () => {
    const store = createSettingsStore(dark);
    store.getState().chooseTab('os', 'windows');
    store.getState().chooseTab('install-method', 'binary');
    const later = createSettingsStore(dark);
    await later.persist.rehydrate();
    expect(later.getState().tabChoices).toEqual({ os: 'windows', 'install-method': 'binary' });
  });

  it('ignores a stored value that is not a map of choices', async () => {
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ state: { tabChoices: ['windows'], preferredVersion: '7.0' }, version: 0 }));
    const store = createSettingsStore(dark);
    await store.persist.rehydrate();
    expect(store.getState().tabChoices).toEqual({});
    expect(store.getState().preferredVersion).toBe('7.0');
  });
});

describe('code wrapping', () => {
  it('is no choice at first, turns the other way from what is shown, and is remembered', async () => {
    const store = createSettingsStore(dark);
    expect(store.getState().codeWrap).toBe(null);
    store.getState().toggleCodeWrap(false);
    const later = createSettingsStore(dark);
    await later.persist.rehydrate();
    expect(later.getState().codeWrap).toBe(true);
    later.getState().toggleCodeWrap(true);
    expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY)!).state.codeWrap).toBe(false);
    const third = createSettingsStore(dark);
    await third.persist.rehydrate();
    expect(third.getState().codeWrap).toBe(false);
  });

  it('reads a stored "off" of the first version, then the default for everyone, as no choice', async () => {
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ state: { codeWrap: false, preferredVersion: '1.0' }, version: 0 }));
    const store = createSettingsStore(dark);
    await store.persist.rehydrate();
    expect(store.getState().codeWrap).toBe(null);
    expect(store.getState().preferredVersion).toBe('1.0');
  });

  it('reads anything stored but true or false as no choice', async () => {
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ state: { codeWrap: 'yes' }, version: 1 }));
    const store = createSettingsStore(dark);
    await store.persist.rehydrate();
    expect(store.getState().codeWrap).toBe(null);
  });
});

describe('storage that fails', () => {
  it.each([
    ['missing', () => undefined],
    ['throwing', () => ({ getItem() { throw new Error('SecurityError'); }, setItem() { throw new Error('SecurityError'); }, removeItem() { throw new Error('SecurityError'); } }) as unknown as Storage],
    ['full', () => ({ getItem: () => null, setItem() { throw new DOMException('quota', 'QuotaExceededError'); }, removeItem() {} }) as unknown as Storage],
  ])('keeps working for the visit when storage is %s, and logs once', async (_name, getStorage) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = createSettingsStore(dark, safeLocalStorage(getStorage));
    await store.persist.rehydrate();
    store.getState().setColorChoice('light');
    store.getState().dismissAnnouncement('a');
    store.getState().setPreferredVersion('7.0');
    expect(store.getState()).toMatchObject({ colorChoice: 'light', announcementDismissedId: 'a', preferredVersion: '7.0' });
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});

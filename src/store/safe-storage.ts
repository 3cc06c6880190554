import type { StateStorage } from 'zustand/middleware';

let warned = false;
function warnOnce(error: unknown) {
  if (warned) return;
  warned = true;
  console.warn('[settings] browser storage is unavailable; settings will not be kept:', error);
}

/**
 * localStorage that never throws: when storage is missing, disabled, full or throwing, the failure
 * is logged once and the setting simply is not persisted.
 */
export function safeLocalStorage(getStorage: () => Storage | undefined = () => globalThis.localStorage): StateStorage {
  const run = <T>(fn: (s: Storage) => T, fallback: T): T => {
    try {
      const s = getStorage();
      if (!s) throw new Error('localStorage is not available');
      return fn(s);
    } catch (e) {
      warnOnce(e);
      return fallback;
    }
  };
  return {
    getItem: (name) => run((s) => s.getItem(name), null),
    setItem: (name, value) => run((s) => s.setItem(name, value), undefined),
    removeItem: (name) => run((s) => s.removeItem(name), undefined),
  };
}

/** For tests: lets the next failure be logged again. */
export function resetStorageWarning() {
  warned = false;
}

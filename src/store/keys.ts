/** The localStorage key of the settings store; the inline head script reads it too. */
export const SETTINGS_STORAGE_KEY = 'zrok-docs-settings';
/** The version of what the store keeps; the head script reads stored settings of an older one as the store migrates them. */
export const SETTINGS_VERSION = 1;

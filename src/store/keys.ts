/** The localStorage key of the settings store; the inline head script reads it too. */
export const SETTINGS_STORAGE_KEY = 'zrok-docs-settings';

import type { Plugin } from 'vite';
import siteConfig from '../../site.config.ts';
import { SETTINGS_STORAGE_KEY } from '../store/keys.ts';

/**
 * Fills the settings the inline head script needs (storage key, default mode, announcement id)
 * into index.html, so the first paint already has the right colour mode and no dismissed bar.
 */
export function htmlShellPlugin(): Plugin {
  return {
    name: 'zrok:html-shell',
    transformIndexHtml(html) {
      const settings = {
        key: SETTINGS_STORAGE_KEY,
        defaultMode: siteConfig.colorMode.defaultMode,
        respectSystem: siteConfig.colorMode.respectPrefersColorScheme,
        disableSwitch: siteConfig.colorMode.disableSwitch,
        announcementId: siteConfig.announcement?.id ?? null,
      };
      return html.replace('__BOOT_SETTINGS__', JSON.stringify(settings));
    },
  };
}

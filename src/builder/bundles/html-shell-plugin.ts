import type { Plugin } from 'vite';
import siteConfig from '../../../site.config.ts';
import { SETTINGS_STORAGE_KEY } from '../../store/keys.ts';

/**
 * Fills the settings the inline head script needs (storage key, default mode, announcement id)
 * into index.html, so the first paint already has the right colour mode and no dismissed bar,
 * and the base URL the site was built for (the "did not load properly" banner checks it).
 */
export function htmlShellPlugin(): Plugin {
  let base = '/';
  return {
    name: 'zrok:html-shell',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml(html) {
      const settings = {
        key: SETTINGS_STORAGE_KEY,
        defaultMode: siteConfig.colorMode.defaultMode,
        respectSystem: siteConfig.colorMode.respectPrefersColorScheme,
        disableSwitch: siteConfig.colorMode.disableSwitch,
        announcementId: siteConfig.announcement?.id ?? null,
      };
      return html.replace('__BOOT_SETTINGS__', () => JSON.stringify(settings)).replaceAll('__BASE_URL__', () => base);
    },
  };
}

import siteConfig from '../../site.config.ts';
import { useSettings, type ColorChoice } from '../store/settings.ts';

const NEXT_LABEL: Record<ColorChoice, string> = { light: 'dark mode', dark: 'system mode', system: 'light mode' };

/**
 * Cycles light → dark → system. Its accessible name says the current choice and the next one.
 * In the phone menu it also shows the choice as text (`withText`).
 */
export function ColorModeToggle({ withText = false, className = 'navbar__item' }: { withText?: boolean; className?: string }) {
  const choice = useSettings((s) => s.colorChoice);
  const cycle = useSettings((s) => s.cycleColorChoice);
  if (siteConfig.colorMode.disableSwitch) return null;
  const shown: ColorChoice = choice ?? siteConfig.colorMode.defaultMode;
  return (
    <button
      type="button"
      className={`${className} color-toggle`}
      data-choice={shown}
      aria-label={`Colour mode: ${shown}${choice === null ? ' (default)' : ''}. Switch to ${NEXT_LABEL[shown]}`}
      title={`Colour mode: ${shown}`}
      onClick={cycle}
    >
      {/* All three icons are in the HTML; CSS shows the one named by <html data-theme-choice>, which the
          head script sets from the stored choice before first paint (and useColorModeEffects keeps current). */}
      <svg className="color-toggle__icon color-toggle__icon--light" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path fill="currentColor" d="M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10Zm0-5 1 3h-2l1-3Zm0 20-1-3h2l-1 3ZM2 12l3-1v2l-3-1Zm20 0-3 1v-2l3 1ZM4.9 4.9l2.8 1.4-1.4 1.4-1.4-2.8Zm14.2 14.2-2.8-1.4 1.4-1.4 1.4 2.8Zm0-14.2-1.4 2.8-1.4-1.4 2.8-1.4ZM4.9 19.1l1.4-2.8 1.4 1.4-2.8 1.4Z" /></svg>
      <svg className="color-toggle__icon color-toggle__icon--dark" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path fill="currentColor" d="M9.4 2.6A9.5 9.5 0 1 0 21.4 14.6 7.5 7.5 0 0 1 9.4 2.6Z" /></svg>
      <svg className="color-toggle__icon color-toggle__icon--system" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path fill="currentColor" d="M3 4h18v12H3V4Zm2 2v8h14V6H5Zm3 12h8v2H8v-2Z" /></svg>
      {withText && <span className="color-toggle__text">Colour mode: {shown}</span>}
    </button>
  );
}

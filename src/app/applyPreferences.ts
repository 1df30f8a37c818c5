import { activateLocale, localeOf } from '../i18n';
import { darkTheme, lightTheme } from '../theme/themes.css';
import type { StartPlatform } from '../platform/types';
import type { Language } from '../../machines/preferences.machine';
import { localStore } from './webStorage';

/** Spec §9 background colours, handed to the messenger so its header matches our theme. */
const backgrounds = { dark: '#202025', light: '#FFFFFF' };

export function applyTheme(dark: boolean, platform: StartPlatform): void {
  document.body.classList.toggle(darkTheme, dark);
  document.body.classList.toggle(lightTheme, !dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  const background = dark ? backgrounds.dark : backgrounds.light;
  platform.syncColors({ background, header: background });
}

export function applyLanguage(language: Language): Promise<void> {
  return activateLocale(localeOf(language));
}

const THEME_KEY = 'darkTheme';
const LANGUAGE_KEY = 'selectedLanguage';
const HIDE_BALANCES_KEY = 'hideBalances';

export const preferenceStore = {
  /** Spec §3: persisted, defaulting to the host's scheme (the messenger's inside it), else the system preference. */
  darkTheme(platform?: StartPlatform): boolean {
    const stored = localStore.read(THEME_KEY);
    if (stored !== null) return stored === 'true';
    if (platform?.hostTheme) return platform.hostTheme.dark;
    return window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? true;
  },
  /** The user toggled the theme on this device (a stored value), so the host's scheme no longer applies. */
  themeChosen: () => localStore.read(THEME_KEY) !== null,
  saveDarkTheme: (dark: boolean) => localStore.write(THEME_KEY, String(dark)),
  /** Stored choice, else the messenger user's language inside the messenger, else ENG. */
  language(platform: StartPlatform): { language: Language; chosen: boolean } {
    const stored = localStore.read(LANGUAGE_KEY);
    if (stored === 'ENG' || stored === 'RUS') return { language: stored, chosen: true };
    const fromTelegram = platform.isTelegram && platform.languageCode?.toLowerCase().startsWith('ru');
    return { language: fromTelegram ? 'RUS' : 'ENG', chosen: false };
  },
  saveLanguage: (language: Language) => localStore.write(LANGUAGE_KEY, language),
  /** Amounts masked on this device (issue 14); absent means shown. */
  hideBalances: () => localStore.read(HIDE_BALANCES_KEY) === 'true',
  saveHideBalances: (hidden: boolean) => localStore.write(HIDE_BALANCES_KEY, String(hidden)),
};

export type PreferenceStore = typeof preferenceStore;

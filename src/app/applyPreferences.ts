import { activateLocale, localeOf } from '../i18n';
import { darkTheme, lightTheme } from '../theme/themes.css';
import type { Platform } from '../platform/types';
import type { Language } from '../../machines/preferences.machine';

/** Spec §9 background colours, handed to the messenger so its header matches our theme. */
const backgrounds = { dark: '#202025', light: '#FFFFFF' };

export function applyTheme(dark: boolean, platform: Platform): void {
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

export const preferenceStore = {
  /** Spec §3: persisted, defaulting to the system preference. */
  darkTheme(): boolean {
    const stored = window.localStorage.getItem(THEME_KEY);
    if (stored !== null) return stored === 'true';
    return window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? true;
  },
  saveDarkTheme: (dark: boolean) => window.localStorage.setItem(THEME_KEY, String(dark)),
  /** Stored choice, else the messenger user's language inside the messenger, else ENG. */
  language(platform: Platform): { language: Language; chosen: boolean } {
    const stored = window.localStorage.getItem(LANGUAGE_KEY);
    if (stored === 'ENG' || stored === 'RUS') return { language: stored, chosen: true };
    const fromTelegram = platform.isTelegram && platform.languageCode?.toLowerCase().startsWith('ru');
    return { language: fromTelegram ? 'RUS' : 'ENG', chosen: false };
  },
  saveLanguage: (language: Language) => window.localStorage.setItem(LANGUAGE_KEY, language),
};

export type PreferenceStore = typeof preferenceStore;

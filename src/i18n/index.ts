import { i18n } from '@lingui/core';

export type Locale = 'en' | 'ru';
/** The server and the spec speak ENG/RUS; Lingui and luxon speak en/ru. */
export type LanguageCode = 'ENG' | 'RUS';

export const localeOf = (language: LanguageCode): Locale => (language === 'RUS' ? 'ru' : 'en');
export const languageOf = (locale: Locale): LanguageCode => (locale === 'ru' ? 'RUS' : 'ENG');

// Vite turns each .po catalogue into its own chunk, so only the active language is downloaded.
const catalogs: Record<Locale, () => Promise<{ messages: Record<string, unknown> }>> = {
  en: () => import('../../locales/en/messages.po'),
  ru: () => import('../../locales/ru/messages.po'),
};

export async function activateLocale(locale: Locale): Promise<void> {
  if (i18n.locale === locale) return;
  const { messages } = await catalogs[locale]();
  i18n.loadAndActivate({ locale, messages: messages as never });
  document.documentElement.lang = locale;
}

export { i18n };

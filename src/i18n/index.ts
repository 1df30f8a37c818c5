import { i18n } from '@lingui/core';

export type Locale = 'en' | 'ru';
/** The server and the spec speak ENG/RUS; Lingui and luxon speak en/ru. */
export type LanguageCode = 'ENG' | 'RUS';

export const localeOf = (language: LanguageCode): Locale => (language === 'RUS' ? 'ru' : 'en');
export const languageOf = (locale: Locale): LanguageCode => (locale === 'ru' ? 'RUS' : 'ENG');

type Catalogue = () => Promise<{ messages: Record<string, unknown> }>;

// Each language's catalogue is two chunks (vite.plugins.ts, catalogueParts): what the sign-in screens,
// errors and the app frame say, and what only the signed-in features say. Only the active language
// is downloaded, and the second part only once the signed-in area is entered.
const catalogs: Record<Locale, { first: Catalogue; rest: Catalogue }> = {
  en: { first: () => import('../../locales/en/messages.po?first?lingui'), rest: () => import('../../locales/en/messages.po?rest?lingui') },
  ru: { first: () => import('../../locales/ru/messages.po?first?lingui'), rest: () => import('../../locales/ru/messages.po?rest?lingui') },
};

let signedInMessages = false;
/** The language whose second part is loaded (the router's loader asks on every signed-in navigation). */
let restLoaded: Locale | null = null;

export async function activateLocale(locale: Locale): Promise<void> {
  if (i18n.locale === locale) return;
  const parts = await Promise.all([catalogs[locale].first(), ...(signedInMessages ? [catalogs[locale].rest()] : [])]);
  i18n.loadAndActivate({ locale, messages: Object.assign({}, ...parts.map((p) => p.messages)) as never });
  restLoaded = parts.length > 1 ? locale : null;
  document.documentElement.lang = locale;
}

/** The signed-in features' messages in the active language (and in any language activated later). */
export async function loadSignedInMessages(): Promise<void> {
  signedInMessages = true;
  const locale = i18n.locale as Locale;
  if (!(locale in catalogs) || restLoaded === locale) return;
  const { messages } = await catalogs[locale].rest();
  // A language switch meanwhile loaded both parts of the new language itself.
  if (i18n.locale !== locale) return;
  i18n.load(locale, messages as never);
  restLoaded = locale;
}

export { i18n };

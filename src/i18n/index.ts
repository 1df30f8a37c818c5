import { i18n } from '@lingui/core';

export type Locale = 'en' | 'ru';
/** The server and the spec speak ENG/RUS; Lingui and luxon speak en/ru. */
export type LanguageCode = 'ENG' | 'RUS';

export const localeOf = (language: LanguageCode): Locale => (language === 'RUS' ? 'ru' : 'en');
export const languageOf = (locale: Locale): LanguageCode => (locale === 'ru' ? 'RUS' : 'ENG');

type Catalogue = () => Promise<{ messages: Record<string, unknown> }>;
type Part = 'first' | 'auth' | 'rest' | 'flows';
/** The first and signed-in parts as one chunk: a returning user's start needs both, and a request less. */
type Bundle = Part | 'signedInStart';

// Each language's catalogue is four chunks (vite.catalogueParts.ts): what the login screen,
// errors and the app frame say; what only the auth forms (e-mail login, sign-up, reset) say; what Home
// and the asset screens say; and what only the flows (send, swap, buy, sell, address book, settings,
// passcode) say. Only the active language is downloaded, the auth part with the auth forms' chunk, the
// signed-in part once the signed-in area is entered, the flows' part with the first flow's page chunk.
const catalogs: Record<Locale, Record<Bundle, Catalogue>> = {
  en: {
    first: () => import('../../locales/en/messages.po?first?lingui'),
    auth: () => import('../../locales/en/messages.po?auth?lingui'),
    rest: () => import('../../locales/en/messages.po?rest?lingui'),
    flows: () => import('../../locales/en/messages.po?flows?lingui'),
    signedInStart: () => import('../../locales/en/messages.po?signedInStart?lingui'),
  },
  ru: {
    first: () => import('../../locales/ru/messages.po?first?lingui'),
    auth: () => import('../../locales/ru/messages.po?auth?lingui'),
    rest: () => import('../../locales/ru/messages.po?rest?lingui'),
    flows: () => import('../../locales/ru/messages.po?flows?lingui'),
    signedInStart: () => import('../../locales/ru/messages.po?signedInStart?lingui'),
  },
};

/** The parts asked for so far; a language activated later loads the same ones. */
const wanted = new Set<Part>(['first']);
/** The language each later part is loaded in (the router's loader asks on every signed-in navigation). */
const loadedIn: Partial<Record<Part, Locale>> = {};
/** Counts activations: only the latest may apply its language, whatever order the downloads end in. */
let activations = 0;

export async function activateLocale(locale: Locale): Promise<void> {
  const activation = ++activations;
  if (i18n.locale === locale) return;
  let names: Part[];
  let parts: Awaited<ReturnType<Catalogue>>[];
  do {
    names = [...wanted];
    const bundles: Bundle[] = wanted.has('rest')
      ? ['signedInStart', ...names.filter((n) => n !== 'first' && n !== 'rest')]
      : names;
    parts = await Promise.all(bundles.map((name) => catalogs[locale][name]()));
    // A later activation (or one back to the active language) was asked for meanwhile: it decides.
    if (activation !== activations) return;
    // A part asked for while this language downloaded is loaded in it too, before it applies.
  } while (names.length < wanted.size);
  i18n.loadAndActivate({ locale, messages: Object.assign({}, ...parts.map((p) => p.messages)) as never });
  for (const name of names) loadedIn[name] = locale;
  document.documentElement.lang = locale;
}

async function loadPart(part: Exclude<Part, 'first'>): Promise<void> {
  wanted.add(part);
  const locale = i18n.locale as Locale;
  if (!(locale in catalogs) || loadedIn[part] === locale) return;
  const { messages } = await catalogs[locale][part]();
  // A language switch meanwhile loaded every wanted part of the new language itself.
  if (i18n.locale !== locale) return;
  i18n.load(locale, messages as never);
  loadedIn[part] = locale;
}

/** The signed-in Home and asset screens' messages in the active language (and in any activated later). */
export const loadSignedInMessages = (): Promise<void> => loadPart('rest');

/** The auth forms' messages (e-mail login, sign-up, confirmation, reset), with their chunk. */
export const loadAuthMessages = (): Promise<void> => loadPart('auth');

/** The flows' messages (send, swap, buy, sell, address book, settings, passcode), with their first page. */
export const loadFlowMessages = (): Promise<void> => loadPart('flows');

export { i18n };

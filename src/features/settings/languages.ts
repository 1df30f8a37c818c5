import type { Language } from '../../../machines/preferences.machine';

/** Each language is named in itself, so a user who picked the wrong one can still find theirs. */
export const languageNames: Record<Language, string> = { ENG: 'English', RUS: 'Русский' };
export const languages: Language[] = ['ENG', 'RUS'];

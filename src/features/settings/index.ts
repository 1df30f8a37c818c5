export { SettingsPage } from './SettingsPage';
export { LanguagePage } from './LanguagePage';
export { CurrencyPage } from './CurrencyPage';

export { SettingsPage } from './SettingsPage';
export { LanguagePage } from './LanguagePage';

import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ru'],
  // The app shows English for a message Russian lacks; the check (`npm run i18n:check` sets
  // LINGUI_NO_FALLBACK) turns the fallback off, or `compile --strict` finds nothing missing and never fails.
  fallbackLocales: process.env.LINGUI_NO_FALLBACK ? {} : { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src', '<rootDir>/machines'],
    },
  ],
  // File origins without line numbers: a moved line no longer rewrites the catalogue, so parallel
  // branches only conflict when they touch the same message.
  format: formatter({ lineNumbers: false }),
});

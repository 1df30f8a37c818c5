import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ru'],
  fallbackLocales: { default: 'en' },
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

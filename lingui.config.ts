import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/** English is the source and the fallback; Spanish is a full translation. */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es'],
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['<rootDir>/src'] }],
  format: formatter({ lineNumbers: false }),
});

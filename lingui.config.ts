import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/** English is the source and the fallback; Spanish is a full translation. */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    // The member's app: loaded at start.
    { path: '<rootDir>/locales/{locale}/messages', include: ['<rootDir>/src'], exclude: ['<rootDir>/src/screens/admin/**'] },
    // The operator console's own strings: loaded with its chunk, never in a member's first load.
    { path: '<rootDir>/locales/{locale}/admin', include: ['<rootDir>/src/screens/admin'] },
  ],
  format: formatter({ lineNumbers: false }),
});

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'src/api/schema.d.ts', 'machines/export/**', 'test-results/**', 'artifacts/**', 'locales/**/*.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // The barrel re-exports every machine, and a bundler cannot drop a machine's top-level
      // createMachine(): importing it would put all of them in the first visit's JavaScript.
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '(^|/)machines(/index)?$', message: "import from the machine's own file (machines/<name>.machine, .selectors, .types)" }],
          // @xstate/react's renders every actor change synchronously, in one long task.
          paths: [{ name: '@xstate/react', importNames: ['useSelector'], message: 'use src/actors/useSelector (a change the member did not cause renders as a transition)' }],
        },
      ],
    },
  },
  {
    // The repository's rooms: machines/ is pure XState (no React, no fetch, no storage), and the
    // server never imports the PWA.
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'react-dom', 'dexie', 'openapi-fetch', '../src/*', '../server/*'], message: 'machines/ imports xstate only' }] }],
      'no-restricted-globals': ['error', 'fetch', 'window', 'document', 'localStorage'],
    },
  },
  {
    files: ['server/**/*.ts'],
    // ...but for the contract's generated types (src/api/schema.d.ts, shared with the client).
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+src/(?!api/schema$)', message: 'server/ never imports src/ (but the generated src/api/schema types)' }] },
      ],
    },
  },
  {
    // The server's layers point one way (the Fastify reference apps): routes -> plugins -> db.
    files: ['server/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)(plugins|routes|app)(/|$)', message: 'server/db/ never imports plugins/ or routes/ (SQL lives in repositories, services in plugins)' }] },
      ],
    },
  },
  {
    files: ['server/plugins/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)routes(/|$)', message: 'server/plugins/ never imports routes/' }] }],
    },
  },
);

import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

/**
 * One Vitest run, four projects: unit (the PWA's code in happy-dom), machines (path coverage),
 * server (the reference server against PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
 * and e2e (real Chromium against the real server).
 */
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: { name: 'unit', include: ['test/unit/**/*.test.{ts,tsx}'], environment: 'happy-dom', setupFiles: ['test/unit/setup.ts'] },
        },
        {
          extends: true,
          test: { name: 'machines', include: ['test/machines/**/*.test.ts'], environment: 'node' },
        },
        {
          extends: true,
          test: {
            name: 'server',
            include: ['test/server/**/*.test.ts'],
            environment: 'node',
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            include: ['test/e2e/**/*.test.ts'],
            environment: 'node',
            testTimeout: 120_000,
            hookTimeout: 180_000,
            // A page on a busy 2-core machine can take seconds: poll for 10 s, not Vitest's 1 s.
            expect: { poll: { timeout: 10_000 } },
            fileParallelism: false,
          },
        },
      ],
    },
  }),
);

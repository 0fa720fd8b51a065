import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

/**
 * One Vitest run, four projects: unit (the PWA's code in happy-dom), machines (path coverage),
 * server (the reference server against PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
 * and e2e (real Chromium against the real server).
 *
 * The machines and the server suites run their files in one shared module graph per worker
 * (`isolate: false`): each file otherwise imported XState, or Fastify, Kysely and the whole
 * server, again (measured on two cores: the machines took 60 s of CPU isolated and 36 s shared;
 * the server suites on PostgreSQL 625 s isolated and 391 s shared beside the other processes).
 * Their files keep no state between them: each file opens its own database (reset before each
 * test), app and actors; what they share is caches (the PGlite template, compiled validators). The
 * unit tests stay isolated: shared, their IndexedDB stand-in and the app's databases crossed
 * from file to file (two Activity tests timed out). They run in worker threads rather than
 * Vitest's default child processes: each of their 84 files starts a fresh module graph and
 * happy-dom either way, and a thread starts and talks to Vitest for less (measured on Node 24,
 * two cores, the whole unit project: 201 s of CPU in threads against 273 s in processes, 61 s of
 * it system time in processes against 27).
 */
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: { name: 'unit', include: ['test/unit/**/*.test.{ts,tsx}'], environment: 'happy-dom', setupFiles: ['test/unit/setup.ts'], pool: 'threads' },
        },
        {
          extends: true,
          test: { name: 'machines', include: ['test/machines/**/*.test.ts'], environment: 'node', isolate: false },
        },
        {
          extends: true,
          test: {
            name: 'server',
            include: ['test/server/**/*.test.ts'],
            environment: 'node',
            isolate: false,
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            include: ['test/e2e/**/*.test.ts'],
            globalSetup: ['test/e2e/support/globalSetup.ts'],
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

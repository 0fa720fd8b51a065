// The server's scripts compiled once per test run, for the tests that start them as processes:
// the e2e products, the operator CLI and its sessions, the server suites' server processes.
// Through tsx every such process compiled and loaded the server's TypeScript again: measured on
// two cores, a product's start took 11-12 s of CPU through tsx and 8-9 s from the bundle (its
// imports 4.5-5 s against 1.9 s). The bundle is the same source compiled by the esbuild tsx
// uses, the packages left to node_modules. `npm start` still runs through tsx, and
// test/server/shutdown.test.ts starts the server that way.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Names the folder of this run's bundles (set by scripts/test.mjs or the e2e global setup). */
export const SERVER_BUNDLE_ENV = 'PIPS_TEST_SERVER_BUNDLE';

/** The scripts bundled: those the tests run as processes. Any other script runs through tsx. */
export const BUNDLED_SCRIPTS = ['server/main.ts', 'server/admin.ts', 'test/e2e/support/adminSession.ts', 'test/e2e/support/announceMany.ts'];

const bundleName = (script) => `${script.replace(/\.ts$/, '').replaceAll('/', '__')}.mjs`;

/**
 * The arguments for `node` that run `script` (a path from the project's root): its bundle when
 * this run has one (`SERVER_BUNDLE_ENV` in `env`), else `--import tsx <script>`.
 */
export function nodeArgsFor(script, env = process.env) {
  const dir = env[SERVER_BUNDLE_ENV];
  const bundled = dir ? join(dir, bundleName(script)) : '';
  return bundled && existsSync(bundled) ? [bundled] : ['--import', 'tsx', script];
}

/**
 * Bundles `BUNDLED_SCRIPTS`, one file each, into a new folder under the project's test-results/
 * (inside the project: the bundles import the packages from its node_modules).
 *
 * `import.meta.url` (and `.dirname`, `.filename`) keeps naming the source file in every module
 * but the entry: the server finds its SQL functions and openapi.yaml from there. In the entry it
 * names the bundle, so the CLI's `import.meta.url === argv[1]` test (run directly) still holds.
 */
export async function bundleServerScripts() {
  // esbuild as tsx (a dependency) has it: the compiler the scripts run through otherwise.
  const { build } = createRequire(createRequire(import.meta.url).resolve('tsx'))('esbuild');
  const parent = join(root, 'test-results');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(join(parent, 'server-bundle-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  const sourceImportMeta = (entry) => ({
    name: 'source-import-meta',
    setup(builder) {
      builder.onLoad({ filter: /\.tsx?$/ }, (args) => {
        let contents = readFileSync(args.path, 'utf8');
        if (args.path !== entry) {
          const url = pathToFileURL(args.path);
          contents = contents
            .replaceAll('import.meta.url', JSON.stringify(url.href))
            .replaceAll('import.meta.dirname', JSON.stringify(fileURLToPath(new URL('.', url)).replace(/\/$/, '')))
            .replaceAll('import.meta.filename', JSON.stringify(args.path));
        }
        return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  });
  try {
    await Promise.all(
      BUNDLED_SCRIPTS.map((script) => {
        const entry = join(root, script);
        return build({
          entryPoints: [entry],
          outfile: join(dir, bundleName(script)),
          bundle: true,
          platform: 'node',
          format: 'esm',
          target: 'node20',
          packages: 'external',
          logLevel: 'warning',
          plugins: [sourceImportMeta(entry)],
        });
      }),
    );
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, remove };
}

// Builds the PWA into dist/ when dist/index.html is missing or older than any of its sources.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const sources = ['src', 'machines', 'locales', 'public', 'build', 'index.html', 'vite.config.ts', 'package-lock.json', 'openapi.yaml'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function pwaIsStale(at = root) {
  const built = join(at, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return sources.some((s) => newestMtime(join(at, s)) > builtAt);
}

/**
 * Builds dist/ when it is stale. Throws, saying what to do, when the build tools are not
 * installed: `npm ci` leaves out the devDependencies (Vite among them) when NODE_ENV=production.
 */
export function buildIfStale(at = root) {
  if (!pwaIsStale(at)) {
    console.log('pips: the built PWA in dist/ is up to date');
    return;
  }
  const vite = join(at, 'node_modules', 'vite', 'bin', 'vite.js');
  if (!existsSync(vite)) {
    throw new Error(
      'pips: cannot build the PWA: Vite is not installed. `npm ci` leaves the build tools out when NODE_ENV=production; run `npm ci --include=dev` (or `npm ci` without NODE_ENV=production).',
    );
  }
  console.log('pips: building the PWA (vite build)...');
  execFileSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: at,
    stdio: 'inherit',
    env: viteBuildEnv(process.env),
  });
}

/** buildIfStale for the scripts: a missing build tool ends the process with its message. */
export function buildIfStaleOrExit() {
  try {
    buildIfStale();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

/**
 * The build's environment: ours, always with NODE_ENV=production. Vite takes a NODE_ENV it finds
 * over its own mode, so a shell that exports NODE_ENV=development (or a test runner's 'test', when
 * a test runs `npm start`) would build React's development bundle (726 KB of app script instead
 * of 480 KB) and serve it as the product.
 */
export function viteBuildEnv(env) {
  // Vite 8 would print a page about our config's extensionless imports (it bundles the config).
  return { VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true', ...env, NODE_ENV: 'production' };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) buildIfStaleOrExit();

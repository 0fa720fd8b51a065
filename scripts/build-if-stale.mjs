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

export function pwaIsStale() {
  const built = join(root, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return sources.some((s) => newestMtime(join(root, s)) > builtAt);
}

export function buildIfStale() {
  if (!pwaIsStale()) {
    console.log('pips: the built PWA in dist/ is up to date');
    return;
  }
  console.log('pips: building the PWA (vite build)...');
  execFileSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: viteBuildEnv(process.env),
  });
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

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) buildIfStale();

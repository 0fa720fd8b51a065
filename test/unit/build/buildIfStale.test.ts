// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Runs `expression` (with `m`, scripts/build-if-stale.mjs) in Node itself (the script is plain ESM) and returns what it wrote. */
function run<T>(expression: string): T {
  const script = `import('./scripts/build-if-stale.mjs').then((m) => { try { process.stdout.write(JSON.stringify(${expression})); } catch (e) { process.stdout.write(JSON.stringify({ thrown: e.message })); } })`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' })) as T;
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('the build npm start and npm test run when dist/ is stale', () => {
  it.each(['development', 'test', ''])('builds for production whatever NODE_ENV the shell has (%j)', (nodeEnv) => {
    const env = run<Record<string, string>>(`m.viteBuildEnv(${JSON.stringify({ NODE_ENV: nodeEnv, PORT: '8080' })})`);
    expect(env.NODE_ENV).toBe('production');
    // the rest of the environment passes through
    expect(env.PORT).toBe('8080');
    expect(env.VITE_CONFIG_NATIVE_IGNORE_WARNING).toBe('true');
  });

  it('without the build tools (npm ci under NODE_ENV=production leaves them out) says how to install them', () => {
    const project = mkdtempSync(join(tmpdir(), 'pips-no-vite-'));
    dirs.push(project);
    mkdirSync(join(project, 'src'));
    writeFileSync(join(project, 'src', 'main.tsx'), '');
    const outcome = run<{ thrown?: string }>(`(m.buildIfStale(${JSON.stringify(project)}), 'built')`);
    expect(outcome.thrown).toBe(
      'pips: cannot build the PWA: Vite is not installed. `npm ci` leaves the build tools out when NODE_ENV=production; run `npm ci --include=dev` (or `npm ci` without NODE_ENV=production).',
    );
  });
});

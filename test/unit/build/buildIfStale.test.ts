// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** `viteBuildEnv(env)` of scripts/build-if-stale.mjs, run by Node itself (the script is plain ESM). */
function viteBuildEnv(env: Record<string, string>): Record<string, string> {
  const script = `import('./scripts/build-if-stale.mjs').then((m) => process.stdout.write(JSON.stringify(m.viteBuildEnv(${JSON.stringify(env)}))))`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' })) as Record<string, string>;
}

describe('the build npm start and npm test run when dist/ is stale', () => {
  it.each(['development', 'test', ''])('builds for production whatever NODE_ENV the shell has (%j)', (nodeEnv) => {
    const env = viteBuildEnv({ NODE_ENV: nodeEnv, PORT: '8080' });
    expect(env.NODE_ENV).toBe('production');
    // the rest of the environment passes through
    expect(env.PORT).toBe('8080');
    expect(env.VITE_CONFIG_NATIVE_IGNORE_WARNING).toBe('true');
  });
});

// `npm test`: everything. Makes sure the browser the end-to-end tests drive is present (Debian's
// chromium; installed with apt-get when we are root and it is missing), builds the PWA when it is
// stale, runs every Vitest project (unit, machines, server on PGlite and, with TEST_DATABASE_URL,
// PostgreSQL, e2e in Chromium) and prints the counts per kind and a closing 'N passed, N failed'.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(chromium)) return;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('pips test: installing Debian chromium for the end-to-end tests (apt-get)...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    return;
  }
  console.error(`pips test: ${chromium} is missing; install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}

ensureChromium();
buildIfStale();

if (!process.env.TEST_DATABASE_URL) {
  console.log('pips test: TEST_DATABASE_URL is not set; the server suite runs on PGlite only.');
}

const reportDir = join(root, 'test-results');
mkdirSync(reportDir, { recursive: true });
const report = join(reportDir, 'vitest.json');
const args = ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', `--reporter=json`, `--outputFile.json=${report}`, ...process.argv.slice(2)];
const run = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });

if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  const kinds = {};
  for (const file of json.testResults ?? []) {
    const kind = file.name.replace(root, '').split('/')[1] ?? 'other';
    for (const t of file.assertionResults ?? []) {
      // Server suites name their database: "... on 'postgres' ...".
      const label = kind === 'server' ? `server (${t.fullName.includes("'postgres'") ? 'postgres' : 'pglite'})` : kind;
      const k = (kinds[label] ??= { passed: 0, failed: 0, skipped: 0 });
      if (t.status === 'passed') k.passed++;
      else if (t.status === 'failed') k.failed++;
      else k.skipped++;
    }
  }
  console.log('\npips test counts per kind:');
  for (const [kind, k] of Object.entries(kinds)) console.log(`  ${kind.padEnd(18)} ${k.passed} passed, ${k.failed} failed, ${k.skipped} skipped`);
  console.log(`${json.numPassedTests} passed, ${json.numFailedTests} failed`);
}
process.exit(run.status ?? 1);

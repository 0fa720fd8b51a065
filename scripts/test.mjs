// `npm test`: everything. Makes sure the browser the end-to-end tests drive is present (Debian's
// chromium; installed with apt-get when we are root and it is missing), builds the PWA when it is
// stale, runs every Vitest project (unit, machines, server on PGlite and, with TEST_DATABASE_URL,
// PostgreSQL, in one process; e2e in Chromium in a second one beside it) and prints the counts per
// kind and a closing 'N passed, N failed'.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/**
 * Two Vitest processes side by side: the end-to-end journeys (one file at a time, mostly waiting
 * on Chromium and the product's process) and everything else. In one process Vitest would start
 * the journeys only after every other file. Arguments given to `npm test` go to both.
 */
function runVitest(name, projects, { live }) {
  const report = join(reportDir, `vitest-${name}.json`);
  const log = join(reportDir, `vitest-${name}.log`);
  const args = [
    'node_modules/vitest/vitest.mjs',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--passWithNoTests',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ];
  rmSync(report, { force: true });
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'] });
  const out = [];
  if (!live) {
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
  }
  return new Promise((resolve) =>
    child.once('close', (code) => {
      if (!live) writeFileSync(log, Buffer.concat(out));
      resolve({ name, code: code ?? 1, report, output: Buffer.concat(out) });
    }),
  );
}

const [rest, e2e] = await Promise.all([
  runVitest('rest', ['unit', 'machines', 'server'], { live: true }),
  runVitest('e2e', ['e2e'], { live: false }),
]);
// The journeys' output, whole, after the other run's (interleaved lines would be unreadable).
process.stdout.write(`\n===== end-to-end journeys (also in ${join('test-results', 'vitest-e2e.log')}) =====\n`);
process.stdout.write(e2e.output);

const kinds = {};
let passed = 0;
let failed = 0;
for (const { report } of [rest, e2e]) {
  if (!existsSync(report)) continue;
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed += json.numPassedTests;
  failed += json.numFailedTests;
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
}
console.log('\npips test counts per kind:');
for (const [kind, k] of Object.entries(kinds)) console.log(`  ${kind.padEnd(18)} ${k.passed} passed, ${k.failed} failed, ${k.skipped} skipped`);
console.log(`${passed} passed, ${failed} failed`);
const missing = [rest, e2e].filter((r) => !existsSync(r.report)).map((r) => r.name);
if (missing.length) console.log(`pips test: no report from the ${missing.join(' and ')} run (it stopped before the end).`);
process.exit(rest.code !== 0 || e2e.code !== 0 || missing.length ? 1 : 0);

// `npm test`: everything. Makes sure the browser the end-to-end tests drive is present (Debian's
// chromium; installed with apt-get when we are root and it is missing), builds the PWA when it is
// stale, runs every Vitest project (unit, machines, server on PGlite and, with TEST_DATABASE_URL,
// PostgreSQL; e2e in Chromium in processes beside them: see below) and prints the counts per kind
// and a closing 'N passed, N failed'; the types and the lint rules are checked beside them.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStaleOrExit } from './build-if-stale.mjs';
import { bundleServerScripts, SERVER_BUNDLE_ENV } from './bundle-server.mjs';

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
buildIfStaleOrExit();

if (!process.env.TEST_DATABASE_URL) {
  console.log('pips test: TEST_DATABASE_URL is not set; the server suite runs on PGlite only.');
}

const reportDir = join(root, 'test-results');
mkdirSync(reportDir, { recursive: true });

// The server's scripts compiled once for every process of the run (scripts/bundle-server.mjs): the
// journeys' products and CLI, the server suites' server processes start from them, not through tsx.
const serverBundle = await bundleServerScripts();
process.env[SERVER_BUNDLE_ENV] = serverBundle.dir;

/**
 * One Vitest process: `projects`, optionally only `files`, with `node` (another Node binary),
 * `env` (added to ours; a value of undefined removes a variable) and `workers` (files at a time).
 * Its JSON report names what ran.
 */
function runVitest(name, projects, { live, node = process.execPath, env = {}, files = [], workers }) {
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
    ...(workers ? [`--maxWorkers=${workers}`] : []),
    ...process.argv.slice(2),
    ...files,
  ];
  rmSync(report, { force: true });
  // Vite 8 would print a page of 'import without a file extension' per process for our config
  // (it then bundles the config, as it should).
  const childEnv = { VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true', ...process.env };
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[key];
    else childEnv[key] = value;
  }
  const started = Date.now();
  const child = spawn(node, args, { cwd: root, env: childEnv, stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'] });
  const out = [];
  if (!live) {
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
  }
  return new Promise((resolve) =>
    child.once('close', (code) => {
      if (!live) writeFileSync(log, Buffer.concat(out));
      resolve({ name, code: code ?? 1, report, output: Buffer.concat(out), cpu: cpuSinceLastClose(), seconds: (Date.now() - started) / 1000, node: node === process.execPath ? process.version : nodeVersion(node) });
    }),
  );
}

/**
 * The CPU seconds (user and system) of this process's children that have ended, their own
 * descendants included (Linux's /proc; null elsewhere). Read when each Vitest process closes,
 * the difference is what that process and everything it started (workers, the product's
 * servers, Chromium) cost: printed with the counts, where the suite's time goes.
 */
function childrenCpuSeconds() {
  if (!existsSync('/proc/self/stat')) return null;
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is the stat's third field (state): cutime and cstime are its 16th and 17th.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}
let cpuSeenSoFar = childrenCpuSeconds();

/**
 * The CPU seconds of the children that ended since the last call: called as each child (a Vitest
 * process, a static check) closes, what that child and all it started cost. (Two children that
 * end in the same moment are both counted in the first's; a descendant orphaned to init is not
 * counted.)
 */
function cpuSinceLastClose() {
  const cpuNow = childrenCpuSeconds();
  const cpu = cpuNow === null || cpuSeenSoFar === null ? null : cpuNow - cpuSeenSoFar;
  cpuSeenSoFar = cpuNow;
  return cpu;
}

const nodeVersion = (node) => execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();

/** The `*.test.ts` files under `dir` (at any depth) that `keep` accepts, relative to the root. */
function testFiles(dir, keep = () => true) {
  const found = [];
  const walk = (at) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.test.ts') && keep(path)) found.push(path.slice(root.length));
    }
  };
  walk(join(root, dir));
  return found.sort();
}

/** Server test files that run against a database engine (the rest need none and run once). */
const databaseFiles = () => testFiles('test/server', (path) => /\bbackends\b|runsOn\(/.test(readFileSync(path, 'utf8')));

/** Every journey file (the e2e project's `*.test.ts` under test/e2e), relative to the root. */
const e2eFiles = () => testFiles('test/e2e');

/**
 * About how many seconds each journey takes (a whole run on two cores, rounded),
 * to share them between two processes that end together; a file not listed counts as
 * `otherJourneySeconds`. Only the sharing depends on these: a wrong figure costs minutes, never a test.
 */
const journeySeconds = {
  'test/e2e/navigation.test.ts': 300,
  'test/e2e/trivia.test.ts': 105,
  'test/e2e/chanceToWin.test.ts': 65,
  'test/e2e/operatorConsole.promos.test.ts': 55,
  'test/e2e/operatorConsole.content.test.ts': 50,
  'test/e2e/operatorConsole.access.test.ts': 40,
  'test/e2e/accountScreens.test.ts': 260,
  'test/e2e/triviaPromises.test.ts': 150,
  'test/e2e/earnRedeem.test.ts': 120,
  'test/e2e/navSections.test.ts': 120,
  'test/e2e/prerendered.test.ts': 105,
  'test/e2e/communityScan.test.ts': 95,
  'test/e2e/offlineProgress.test.ts': 75,
  'test/e2e/languages.test.ts': 75,
  'test/e2e/announcements.test.ts': 60,
  'test/e2e/keyboard.test.ts': 60,
  'test/e2e/installAndUpdate.test.ts': 55,
  'test/e2e/offline.test.ts': 45,
  'test/e2e/accountGuards.test.ts': 45,
  'test/e2e/push.test.ts': 40,
};
const otherJourneySeconds = 15;

/** `files` shared into `count` lists of about equal time: the longest first, each to the least loaded. */
function shareJourneys(files, count) {
  const lists = Array.from({ length: count }, () => ({ seconds: 0, files: [] }));
  const cost = (file) => journeySeconds[file] ?? otherJourneySeconds;
  for (const file of [...files].sort((x, y) => cost(y) - cost(x) || x.localeCompare(y))) {
    const least = lists.reduce((min, list) => (list.seconds < min.seconds ? list : min));
    least.files.push(file);
    least.seconds += cost(file);
  }
  return lists.map((list) => list.files.sort());
}

/**
 * Vitest processes side by side: the end-to-end journeys (one file at a time each, mostly waiting
 * on Chromium and the product's process) and everything else. In one process Vitest would start
 * the journeys only after every other file. Arguments given to `npm test` go to each.
 *
 * With TEST_NODE24 (the path of a Node 24 binary; `.ci/run` installs one from the npm `node`
 * package) and TEST_DATABASE_URL, the work is shared between the two Node versions instead of
 * being done twice: Node 24 runs the unit tests and the server suites on PGlite (and the suites
 * that need no database), this Node runs the machines, the server suites on PostgreSQL and the
 * journeys (whose product process runs on PGlite).
 *
 * On two cores one Vitest process runs one file at a time (its default: a worker per core but
 * one), and a journey mostly waits on Chromium and its product: measured in CI, the suite used
 * half of the machine's CPU over its run with the journeys in one process and a second started
 * late. So four processes start at once: the machines then the PostgreSQL suites; Node 24's; and
 * the journeys, shared between two processes of about equal time.
 */
const node24 = process.env.TEST_NODE24;
const runs = [];
if (node24 && process.env.TEST_DATABASE_URL) {
  console.log(`pips test: unit and server (PGlite) on ${nodeVersion(node24)}; machines, server (PostgreSQL) and e2e on ${process.version}.`);
  // (No journeys when `npm test` is given arguments: they may name files, and a process given
  // files of its own would run those besides.)
  const journeys = process.argv.length > 2 ? [] : e2eFiles();
  const [first, second] = shareJourneys(journeys, 2);
  runs.push(
    (async () => {
      const machines = await runVitest('machines', ['machines'], { live: true });
      const postgres = await runVitest('server-postgres', ['server'], { live: true, env: { TEST_BACKENDS: 'postgres' }, files: databaseFiles() });
      return [machines, postgres];
    })(),
    // One file at a time: at two (309 s alone instead of about 470), beside the journeys, four
    // unit and server tests waited past their timeouts in a whole run.
    runVitest('node24', ['unit', 'server'], { live: false, node: node24, env: { TEST_BACKENDS: 'pglite', TEST_DATABASE_URL: undefined } }).then((r) => [r]),
  );
  if (process.argv.length > 2) runs.push(runVitest('e2e', ['e2e'], { live: false }).then((r) => [r]));
  else
    runs.push(
      runVitest('e2e', ['e2e'], { live: false, files: first }).then((r) => [r]),
      runVitest('e2e-second', ['e2e'], { live: false, files: second }).then((r) => [r]),
    );
} else {
  runs.push(runVitest('rest', ['unit', 'machines', 'server'], { live: true }).then((r) => [r]));
  runs.push(runVitest('e2e', ['e2e'], { live: false }).then((r) => [r]));
}
/**
 * The static checks beside the suites: the types (`tsc --noEmit`) and the lint rules (`eslint .`),
 * so a type error or a broken rule fails the run as a failed test does. Skipped when `npm test` is
 * given arguments (a few files being run).
 */
function runCheck(name, args) {
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = [];
  child.stdout.on('data', (d) => out.push(d));
  child.stderr.on('data', (d) => out.push(d));
  const started = Date.now();
  return new Promise((resolve) =>
    child.once('close', (code) => {
      resolve({ name, code: code ?? 1, output: Buffer.concat(out), cpu: cpuSinceLastClose(), seconds: (Date.now() - started) / 1000 });
    }),
  );
}
const checks =
  process.argv.length > 2
    ? []
    : await Promise.all([
        runCheck('typecheck', ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json']),
        runCheck('lint', ['node_modules/eslint/bin/eslint.js', '--max-warnings=0', '--no-warn-ignored', '.']),
      ]);
for (const check of checks.filter((c) => c.code !== 0)) {
  process.stdout.write(`\n===== ${check.name} failed =====\n`);
  process.stdout.write(check.output);
}

const results = (await Promise.all(runs)).flat();
serverBundle.remove();
// The buffered runs' output, whole, after the live one (interleaved lines would be unreadable).
for (const result of results.filter((r) => r.output.length > 0)) {
  process.stdout.write(`\n===== ${result.name} on Node ${result.node} (also in ${join('test-results', `vitest-${result.name}.log`)}) =====\n`);
  process.stdout.write(result.output);
}

const kinds = {};
const failures = [];
let passed = 0;
let failed = 0;
for (const { report, node } of results) {
  if (!existsSync(report)) continue;
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed += json.numPassedTests;
  failed += json.numFailedTests;
  for (const file of json.testResults ?? []) {
    const kind = file.name.replace(root, '').split('/')[1] ?? 'other';
    for (const t of file.assertionResults ?? []) {
      // Server suites name their database: "... on 'postgres' ...".
      const kindLabel = kind === 'server' ? `server (${t.fullName.includes("'postgres'") ? 'postgres' : 'pglite'})` : kind;
      const label = node24 && process.env.TEST_DATABASE_URL ? `${kindLabel} [Node ${node}]` : kindLabel;
      const k = (kinds[label] ??= { passed: 0, failed: 0, skipped: 0 });
      if (t.status === 'passed') k.passed++;
      else if (t.status === 'failed') {
        k.failed++;
        const message = String(t.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
        failures.push(`${label}: ${file.name.replace(root, '').replace(/^\//, '')} > ${t.fullName}\n      ${message}`);
      }
      else k.skipped++;
    }
  }
}
console.log('\npips test processes (wall seconds; CPU seconds of the process and all it started, when this system tells):');
for (const { name, node, seconds, cpu } of [...results, ...checks]) {
  const label = node ? `${name} [Node ${node}]` : name;
  console.log(`  ${label.padEnd(32)} ${seconds.toFixed(0).padStart(5)} s wall${cpu === null ? '' : `, ${cpu.toFixed(0)} s CPU`}`);
}
console.log('\npips test counts per kind:');
for (const [kind, k] of Object.entries(kinds)) console.log(`  ${kind.padEnd(32)} ${k.passed} passed, ${k.failed} failed, ${k.skipped} skipped`);
// The failed tests last, so the tail of a long log names them.
if (failures.length) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
if (checks.length) console.log(`static checks: ${checks.map((c) => `${c.name} ${c.code === 0 ? 'ok' : 'FAILED'}`).join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
const missing = results.filter((r) => !existsSync(r.report)).map((r) => r.name);
if (missing.length) console.log(`pips test: no report from the ${missing.join(' and ')} run (it stopped before the end).`);
process.exit(results.some((r) => r.code !== 0) || checks.some((c) => c.code !== 0) || missing.length ? 1 : 0);

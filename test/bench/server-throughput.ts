/**
 * What the server's hot calls cost, next to references measured in the same run: a bare Fastify
 * route (GET /bare), the same plus one indexed lookup (GET /ref/lookup: the floor for a read) and
 * the same plus one single-statement insert (POST /ref/insert: the floor for a write). The calls:
 * GET /mobile/dashboard, GET /mobile/promos/get (rewards), the activity list (GET
 * /mobile/dashboard/actions, page 1, size 1000 as the app asks) of a member with 10 ledger rows and
 * of one with 10,000, POST /mobile/earn/qr/post (a fresh qrToken per request for a code the member
 * has not claimed: the success path) and POST /mobile/redeem (a 1-pip option with enough codes),
 * each write with an idempotency key as the app sends one. The data is realistic (100,000
 * members, promos, rewards; see benchServer.ts). For each: req/s, p50/p99, the ratio to each
 * reference, and CPU milliseconds per call of the server process and of its PostgreSQL backends
 * (utime + stime from /proc/<pid>/stat, the figure that stays steady on a shared machine). Every
 * read runs 1 s once before any is measured, and again just before its own measured run. The
 * measured runs go in rounds (BENCH_ROUNDS, 3): each round runs the references and the calls in
 * turn, a ratio compares a call with its own round's reference, and a figure is the median of the
 * rounds' (other work on a shared machine drifts over minutes, not over the seconds of a round).
 *
 * On PGlite (in memory) and on PostgreSQL when BENCH_DATABASE_URL, TEST_DATABASE_URL or
 * DATABASE_URL is set (a fresh schema, dropped afterwards). Loopback only; the load generator
 * (this process) and the server are pinned to different CPUs when taskset and 2+ CPUs allow
 * (BENCH_PIN=0 turns that off). Exits 1 when a call fails or a target is missed (BENCH_ENFORCE=0
 * only reports): on PostgreSQL the dashboard and the rewards list at least 0.9 of the lookup
 * reference, earn-by-QR and redeem at least 0.3 of the insert reference, the activity list at
 * 10,000 rows within 2x of 10 rows; on PGlite every call at least 3x its rate before the work on
 * speed (as a ratio to the bare route of the same run, which cancels the machine's speed).
 *
 * Usage: npm run bench:server            (BENCH_SECONDS=3 BENCH_CONNECTIONS=10 BENCH_ROUNDS=3 to change the load;
 *                                        BENCH_CPU_PROF=<folder> keeps the server's CPU profile;
 *                                        BENCH_CALLS=dashboard,rewards runs only those calls)
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
// @ts-expect-error autocannon ships no type declarations
import autocannon from 'autocannon';
import type { FromServer, ToServer } from './benchServer';
import { cpuTicks, ticksPerSecond } from './procCpu';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
/** BENCH_CALLS=dashboard,redeem: only the calls whose names contain one of these (the references always run). */
const CALLS = process.env.BENCH_CALLS?.split(',').map((part) => part.trim().toLowerCase()).filter(Boolean);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** BENCH_VERBOSE=1: each measured run printed as it ends. */
const VERBOSE = process.env.BENCH_VERBOSE === '1';
/** Rounds of every measured run; a figure is the median of the rounds' (see summarize). */
const ROUNDS = Math.max(1, Math.round(Number(process.env.BENCH_ROUNDS ?? 3)));
/** Requests of the calibration run that sizes the runs of the one-shot writes. */
const CALIBRATION = 500;

interface Request {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

interface Outcome {
  endpoint: string;
  backend: string;
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** CPU milliseconds per call: the server process, and its PostgreSQL backends. */
  serverCpu: number;
  dbCpu: number | undefined;
  /** The round it was measured in (1..ROUNDS); 0 for a warm-up. */
  round: number;
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  duration: number;
  non2xx: number;
  errors: number;
  statusCodeStats: Record<string, { count: number }>;
}

/**
 * autocannon ends a run (and times it) at its next sample tick: with the default 1 s ticks, a run
 * of `amount` requests that takes 1.1 s is timed as 2 s, halving its req/s. 20 ms ticks keep the
 * timing within 20 ms.
 */
const SAMPLE_MS = 20;

const runAutocannon = (options: Record<string, unknown>): Promise<AutocannonResult> =>
  (autocannon as (options: Record<string, unknown>) => Promise<AutocannonResult>)({ sampleInt: SAMPLE_MS, ...options });

/** Where the CPU of a run is read: the server process, and the database backends it uses. */
interface CpuProbe {
  serverPid: number;
  backends(): Promise<number[]>;
}

async function sampleCpu(probe: CpuProbe) {
  const pids = await probe.backends();
  const db = new Map(pids.map((pid) => [pid, cpuTicks(pid)]));
  return { server: cpuTicks(probe.serverPid) ?? 0, db, measured: pids.length > 0 };
}

/**
 * One load run: `duration` seconds, or exactly `amount` requests; `next()` gives each request.
 * req/s is counted over the whole run (completed requests / seconds).
 */
async function load(
  endpoint: string,
  backend: string,
  url: string,
  next: () => Request,
  limit: { duration: number } | { amount: number },
  probe?: CpuProbe,
): Promise<Outcome> {
  const before = probe ? await sampleCpu(probe) : undefined;
  const result = await runAutocannon({
    url,
    connections: CONNECTIONS,
    ...limit,
    requests: [{ setupRequest: (request: Request) => ({ ...request, ...next() }) }],
  });
  const total = Object.values(result.statusCodeStats ?? {}).reduce((sum, s) => sum + Number(s.count), 0);
  const after = probe ? await sampleCpu(probe) : undefined;
  const ms = (ticks: number) => ((ticks / ticksPerSecond) * 1000) / Math.max(1, total);
  let dbTicks = 0;
  // A backend born during the run counts from zero; one that ended during it is lost (rare: the
  // pool keeps its connections while the load runs).
  for (const [pid, ticks] of after?.db ?? []) dbTicks += (ticks ?? 0) - (before?.db.get(pid) ?? 0);
  return {
    round: 0,
    serverCpu: before && after ? ms(after.server - before.server) : 0,
    dbCpu: after?.measured ? ms(dbTicks) : undefined,
    endpoint,
    backend,
    requests: total,
    seconds: result.duration,
    rps: total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** The server under test in a child process, and a typed request/response over IPC. */
async function startServer(kind: string, url?: string, pinTo?: string) {
  const child: ChildProcess = fork(fileURLToPath(new URL('./benchServer.ts', import.meta.url)), [kind, ...(url ? [url] : [])], {
    // BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it exits (for DevTools).
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const nextMessage = () =>
    new Promise<FromServer>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`bench server exited (${code})`));
      child.once('exit', onExit);
      child.once('message', (message: FromServer) => {
        child.off('exit', onExit);
        if (message.type === 'failed') reject(new Error(message.message));
        else resolve(message);
      });
    });
  if (pinTo && child.pid) execFileSync('taskset', ['-a', '-p', '-c', pinTo, String(child.pid)], { stdio: 'ignore' });
  const ready = await nextMessage();
  if (ready.type !== 'ready') throw new Error(`unexpected message ${ready.type}`);
  return {
    ready,
    pid: child.pid ?? 0,
    async ask<T extends FromServer['type']>(message: ToServer, expect: T): Promise<Extract<FromServer, { type: T }>> {
      const answer = nextMessage();
      child.send(message);
      const reply = await answer;
      if (reply.type !== expect) throw new Error(`expected ${expect}, got ${reply.type}`);
      return reply as Extract<FromServer, { type: T }>;
    },
    async close() {
      await this.ask({ type: 'close' }, 'closed').catch(() => undefined);
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

type Server = Awaited<ReturnType<typeof startServer>>;

/** Issues one qrParams token per earn QR code through POST /api/tokenize, 10 at a time. */
async function issueQrTokens(server: Server, count: number): Promise<{ authToken: string; qrToken: string }[]> {
  const { appUrl, authTokens } = server.ready;
  const { codes } = await server.ask({ type: 'qrCodes', count }, 'qrCodes');
  const issued: { authToken: string; qrToken: string }[] = new Array(codes.length);
  let index = 0;
  const worker = async () => {
    while (index < codes.length) {
      const i = index++;
      const authToken = authTokens[i % authTokens.length];
      const response = await fetch(`${appUrl}/api/tokenize`, {
        method: 'POST',
        headers: { authorization: authToken, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ tokenType: 'qrParams', qrParam: `http://pips.test/earn?qr=${codes[i]}` }).toString(),
      });
      const body = (await response.json()) as { data?: { token?: string } };
      if (!response.ok || !body.data?.token) throw new Error(`tokenize failed: ${response.status} ${JSON.stringify(body)}`);
      issued[i] = { authToken, qrToken: body.data.token };
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  return issued;
}

/** Pins the load generator and the server to different CPUs when the machine allows. */
function pinning(): { server?: string } {
  if (process.env.BENCH_PIN === '0' || cpus().length < 2) return {};
  try {
    const last = cpus().length - 1;
    execFileSync('taskset', ['-a', '-p', '-c', String(last), String(process.pid)], { stdio: 'ignore' });
    return { server: `0-${Math.max(0, last - 1)}` };
  } catch {
    return {};
  }
}

async function benchBackend(kind: 'pglite' | 'postgres', url?: string, pinTo?: string): Promise<Outcome[]> {
  const server = await startServer(kind, url, pinTo);
  const { appUrl, bareUrl, authTokens, heavyToken, lightToken, pid, optId } = server.ready;
  const probe: CpuProbe = {
    serverPid: 0,
    backends: async () => (kind === 'postgres' ? (await server.ask({ type: 'backends' }, 'backends')).pids : []),
  };
  probe.serverPid = server.pid;
  let turn = 0;
  const member = () => authTokens[turn++ % authTokens.length];
  const outcomes: Outcome[] = [];
  /**
   * PostgreSQL's backends serving the app go on the server's CPUs: the server and its database
   * then share one core's time, as they share a machine's, and the load generator has the other
   * to itself. Left to float, a backend took turns on the load generator's CPU and the ratios of
   * one run spread from 0.58 to 1.02.
   */
  const pinBackends = async () => {
    if (!pinTo || kind !== 'postgres') return;
    for (const backend of await probe.backends()) execFileSync('taskset', ['-p', '-c', pinTo, String(backend)], { stdio: 'ignore' });
  };
  try {
    const activity = (token: string) => () => ({ method: 'GET', path: '/mobile/dashboard/actions?page=1&size=1000', headers: { authorization: token } });
    const reads: Array<[string, string, () => Request]> = [
      [BARE, bareUrl, () => ({ method: 'GET', path: '/bare' })],
      [LOOKUP, bareUrl, () => ({ method: 'GET', path: '/ref/lookup' })],
      [DASHBOARD, appUrl, () => ({ method: 'GET', path: '/mobile/dashboard', headers: { authorization: member() } })],
      [PROMOS, appUrl, () => ({ method: 'GET', path: '/mobile/promos/get?type=REDEEM', headers: { authorization: member() } })],
      [ACTIVITY_LIGHT, appUrl, activity(lightToken)],
      [ACTIVITY_HEAVY, appUrl, activity(heavyToken)],
    ];
    const insertRef = (): Request => ({ method: 'POST', path: '/ref/insert' });
    // Every call once before any is measured: the code all calls share (hooks, the envelope, the
    // pool) is optimized by V8 during the first calls, which would count against whichever came
    // first (measured: the dashboard first ran 16% slower than the same dashboard after the others).
    const chosenReads = reads.filter(([endpoint]) => chosen(endpoint));
    for (const [, base, next] of chosenReads) await load('warm-up', kind, base, next, { duration: 1 });
    await load('warm-up', kind, bareUrl, insertRef, { duration: 1 });

    // Earn by QR: every request needs an unused token for a code its member has not claimed, so
    // the tokens are issued beforehand; a calibration run sizes the measured ones to ~SECONDS.
    const earnQr = (pool: { authToken: string; qrToken: string }[]) => {
      let i = 0;
      return () => {
        const item = pool[Math.min(i++, pool.length - 1)];
        return {
          method: 'POST',
          path: `/mobile/earn/qr/post?qrToken=${encodeURIComponent(item.qrToken)}&idempotencyKey=${randomUUID()}`,
          headers: { authorization: item.authToken },
        };
      };
    };
    // autocannon builds a connection's next request before it knows the run is over: a few
    // spare tokens keep every sent request on a token of its own.
    const spare = 2 * CONNECTIONS;
    let qrCount = 0;
    if (chosen(EARN_QR)) {
      const calibration = await load('warm-up', kind, appUrl, earnQr(await issueQrTokens(server, CALIBRATION + spare)), { amount: CALIBRATION });
      qrCount = Math.max(200, Math.min(50_000, Math.round(calibration.rps * SECONDS)));
    }
    // Redeem: a 1-pip option; the stock is loaded to cover each run.
    const redeem = () => ({
      method: 'POST',
      path: '/mobile/redeem',
      headers: { authorization: member(), 'content-type': 'application/x-www-form-urlencoded' },
      body: `pid=${pid}&optId=${optId}&amount=1&idempotencyKey=${randomUUID()}`,
    });
    let redeemCount = 0;
    if (chosen(REDEEM)) {
      await server.ask({ type: 'stock', count: CALIBRATION }, 'stock');
      const calibration = await load('warm-up', kind, appUrl, redeem, { amount: CALIBRATION });
      redeemCount = Math.max(200, Math.min(100_000, Math.round(calibration.rps * SECONDS)));
    }

    // The rounds: each measures the references and the calls in turn, so a ratio compares runs
    // seconds apart (other work on a shared machine drifts over minutes); the figure is the
    // median of the rounds' ratios (see summarize).
    for (let round = 1; round <= ROUNDS; round++) {
      await pinBackends();
      const measured = (outcome: Outcome) => {
        outcomes.push({ ...outcome, round });
        if (VERBOSE) console.log(`round ${round}: ${outcome.endpoint}: ${outcome.rps.toFixed(0)} req/s, CPU ms/call ${outcome.serverCpu.toFixed(3)} + ${outcome.dbCpu?.toFixed(3) ?? '-'}`);
      };
      for (const [endpoint, base, next] of chosenReads) {
        await load('warm-up', kind, base, next, { duration: 1 });
        measured(await load(endpoint, kind, base, next, { duration: SECONDS }, probe));
      }
      if (!chosen(EARN_QR) && !chosen(REDEEM)) {
        measured(await load(INSERT, kind, bareUrl, insertRef, { duration: SECONDS }, probe));
        continue;
      }
      // What the writes need is made before the insert reference, which then runs right before them.
      const qrPool = qrCount > 0 ? await issueQrTokens(server, qrCount + spare) : [];
      if (redeemCount > 0) await server.ask({ type: 'stock', count: redeemCount }, 'stock');
      await load('warm-up', kind, bareUrl, insertRef, { duration: 1 });
      measured(await load(INSERT, kind, bareUrl, insertRef, { duration: SECONDS }, probe));
      if (qrCount > 0) measured(await load(EARN_QR, kind, appUrl, earnQr(qrPool), { amount: qrCount }, probe));
      if (redeemCount > 0) measured(await load(REDEEM, kind, appUrl, redeem, { amount: redeemCount }, probe));
    }
  } finally {
    await server.close();
  }
  return outcomes;
}

const BARE = 'GET /bare (plain Fastify)';
const LOOKUP = 'ref: one indexed lookup';
const INSERT = 'ref: one-statement insert';
const DASHBOARD = 'GET /mobile/dashboard';
const PROMOS = 'GET /mobile/promos/get (rewards)';
const ACTIVITY_LIGHT = 'activity, 10 rows (size 1000)';
const ACTIVITY_HEAVY = 'activity, 10,000 rows (size 1000)';
const EARN_QR = 'POST /mobile/earn/qr/post';
const REDEEM = 'POST /mobile/redeem';
const chosen = (endpoint: string) =>
  !CALLS || endpoint === BARE || endpoint === LOOKUP || endpoint === INSERT || CALLS.some((part) => endpoint.toLowerCase().includes(part));

/**
 * PGlite before the work on speed: each call's CPU milliseconds in the server process (PGlite
 * runs there, on one thread, so its rate is 1 / this), measured on the 2-CPU development machine
 * (see docs/benchmarks.md). The target is at least 3x the rate: at most a third of this CPU per call.
 */
const PGLITE_CPU_BEFORE: Record<string, number> = {
  [DASHBOARD]: 6.35,
  [PROMOS]: 8.25,
  [ACTIVITY_LIGHT]: 6.03,
  [ACTIVITY_HEAVY]: 38.6,
  [EARN_QR]: 16.3,
  [REDEEM]: 14.0,
};

interface Target {
  endpoint: string;
  backend: string;
  against: string;
  /** The lowest acceptable req/s ratio to `against`. */
  ratio: number;
}

const TARGETS: Target[] = [
  { endpoint: DASHBOARD, backend: 'postgres', against: LOOKUP, ratio: 0.9 },
  { endpoint: PROMOS, backend: 'postgres', against: LOOKUP, ratio: 0.9 },
  { endpoint: EARN_QR, backend: 'postgres', against: INSERT, ratio: 0.3 },
  { endpoint: REDEEM, backend: 'postgres', against: INSERT, ratio: 0.3 },
  { endpoint: ACTIVITY_HEAVY, backend: 'postgres', against: ACTIVITY_LIGHT, ratio: 0.5 },
  { endpoint: ACTIVITY_HEAVY, backend: 'pglite', against: ACTIVITY_LIGHT, ratio: 0.5 },
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The ratios of a call's req/s to a reference's, round by round (each against its own round's). */
function roundRatios(outcomes: Outcome[], backend: string, endpoint: string, reference: string): number[] {
  const ratios: number[] = [];
  for (const call of outcomes) {
    if (call.backend !== backend || call.endpoint !== endpoint) continue;
    const ref = outcomes.find((o) => o.backend === backend && o.endpoint === reference && o.round === call.round);
    if (ref && ref.rps > 0) ratios.push(call.rps / ref.rps);
  }
  return ratios;
}

/** One row per call and backend: the medians of its rounds (the errors summed). */
function summarize(outcomes: Outcome[]): Outcome[] {
  const rows: Outcome[] = [];
  for (const o of outcomes) {
    if (rows.some((r) => r.backend === o.backend && r.endpoint === o.endpoint)) continue;
    const runs = outcomes.filter((r) => r.backend === o.backend && r.endpoint === o.endpoint);
    const db = runs.map((r) => r.dbCpu).filter((v): v is number => v !== undefined);
    rows.push({
      endpoint: o.endpoint,
      backend: o.backend,
      round: runs.length,
      requests: runs.reduce((sum, r) => sum + r.requests, 0),
      seconds: runs.reduce((sum, r) => sum + r.seconds, 0),
      rps: median(runs.map((r) => r.rps)),
      p50: median(runs.map((r) => r.p50)),
      p99: median(runs.map((r) => r.p99)),
      non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
      errors: runs.reduce((sum, r) => sum + r.errors, 0),
      serverCpu: median(runs.map((r) => r.serverCpu)),
      dbCpu: db.length > 0 ? median(db) : undefined,
    });
  }
  return rows;
}

function printTable(outcomes: Outcome[]) {
  const header = ['call', 'backend', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'errors', '÷ bare', '÷ lookup', '÷ insert', 'CPU ms/call server', 'CPU ms/call db'];
  const ratio = (o: Outcome, ref: string) => {
    const ratios = roundRatios(outcomes, o.backend, o.endpoint, ref);
    return ratios.length > 0 ? median(ratios).toFixed(2) : '-';
  };
  const rows = summarize(outcomes).map((o) => [
    o.endpoint,
    o.backend,
    String(o.requests),
    o.rps.toFixed(0),
    o.p50.toFixed(1),
    o.p99.toFixed(1),
    String(o.non2xx + o.errors),
    ratio(o, BARE),
    ratio(o, LOOKUP),
    ratio(o, INSERT),
    o.serverCpu.toFixed(3),
    o.dbCpu === undefined ? '-' : o.dbCpu.toFixed(3),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  console.log(`Medians of ${ROUNDS} round(s); requests and errors are the rounds' sums.`);
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (i < 2 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

/** The targets this run could check, each with the median of its rounds' ratios and the ratios. */
function checkTargets(outcomes: Outcome[]) {
  const checked = [];
  for (const target of TARGETS) {
    const ratios = roundRatios(outcomes, target.backend, target.endpoint, target.against);
    if (ratios.length === 0) continue;
    const measured = median(ratios);
    checked.push({ ...target, measured, rounds: ratios, met: measured >= target.ratio });
  }
  for (const [endpoint, before] of Object.entries(PGLITE_CPU_BEFORE)) {
    const rounds = outcomes.filter((o) => o.backend === 'pglite' && o.endpoint === endpoint && o.serverCpu > 0).map((o) => before / o.serverCpu);
    if (rounds.length === 0) continue;
    const measured = median(rounds);
    checked.push({ endpoint, backend: 'pglite', against: 'its rate before (CPU ms/call)', ratio: 3, measured, rounds, met: measured >= 3 });
  }
  return checked;
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
  console.log(
    `pips server throughput: ${CONNECTIONS} connections, ~${SECONDS} s per call, Node ${process.version}, ${cpus().length} CPU(s) (${cpus()[0]?.model ?? '?'}); server in a child process, autocannon here.`,
  );
  const busy = () => loadavg()[0] > cpus().length;
  if (busy()) console.log(`Warning: load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPU(s): other work skews these figures.`);
  const pin = pinning();
  if (pin.server) console.log(`Load generator pinned to CPU ${cpus().length - 1}, the server to CPU ${pin.server}.`);
  const outcomes: Outcome[] = [];
  const only = process.env.BENCH_BACKENDS?.split(',');
  if (!only || only.includes('pglite')) outcomes.push(...(await benchBackend('pglite', undefined, pin.server)));
  if (url && (!only || only.includes('postgres'))) outcomes.push(...(await benchBackend('postgres', url, pin.server)));
  else if (!url) console.log('PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it.');
  printTable(outcomes);
  const checked = checkTargets(outcomes);
  console.log('');
  for (const t of checked) {
    const rounds = t.rounds.map((r) => r.toFixed(2)).join(' / ');
    console.log(`${t.met ? 'met   ' : 'MISSED'} ${t.endpoint} on ${t.backend}: ${t.measured.toFixed(2)} of ${t.against} (target ${t.ratio.toFixed(2)}; rounds ${rounds})`);
  }
  if (checked.some((t) => !t.met) && process.env.BENCH_ENFORCE !== '0') process.exitCode = 1;
  console.log(`Load average at the end: ${loadavg().map((n) => n.toFixed(1)).join(' ')}.`);
  const failed = outcomes.filter((o) => o.non2xx + o.errors > 0);
  if (failed.length > 0) {
    console.log(`Some calls failed (non-2xx or errors): ${failed.map((o) => `${o.endpoint} on ${o.backend}`).join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error('bench failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});

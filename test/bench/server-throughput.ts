/**
 * Requests per second and p99 latency of the ledger's hot calls under autocannon, next to a bare
 * Fastify route on the same machine: POST /mobile/earn/qr/post (a fresh qrToken per request, each
 * for an earn QR code the member has not claimed: the success path), POST /mobile/redeem (a 1-pip
 * option with enough gift-card codes), GET /mobile/dashboard, and GET /bare. Each write carries an
 * idempotency key, as the app sends one. 10 connections; about 5 s per call, on PGlite (in memory)
 * and on PostgreSQL when BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL is set (in a
 * fresh schema, dropped afterwards). Loopback only.
 *
 * Usage: npm run bench:server            (BENCH_SECONDS=5 BENCH_CONNECTIONS=10 to change the load)
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
// @ts-expect-error autocannon ships no type declarations
import autocannon from 'autocannon';
import type { FromServer, ToServer } from './benchServer';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
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
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  duration: number;
  non2xx: number;
  errors: number;
  statusCodeStats: Record<string, { count: number }>;
}

const runAutocannon = (options: Record<string, unknown>): Promise<AutocannonResult> =>
  (autocannon as (options: Record<string, unknown>) => Promise<AutocannonResult>)(options);

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
): Promise<Outcome> {
  const result = await runAutocannon({
    url,
    connections: CONNECTIONS,
    ...limit,
    requests: [{ setupRequest: (request: Request) => ({ ...request, ...next() }) }],
  });
  const total = Object.values(result.statusCodeStats ?? {}).reduce((sum, s) => sum + Number(s.count), 0);
  return {
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
async function startServer(kind: string, url?: string) {
  const child: ChildProcess = fork(fileURLToPath(new URL('./benchServer.ts', import.meta.url)), [kind, ...(url ? [url] : [])], {
    execArgv: ['--import', 'tsx'],
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
  const ready = await nextMessage();
  if (ready.type !== 'ready') throw new Error(`unexpected message ${ready.type}`);
  return {
    ready,
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

async function benchBackend(kind: 'pglite' | 'postgres', url?: string): Promise<Outcome[]> {
  const server = await startServer(kind, url);
  const { appUrl, bareUrl, authTokens, pid, optId } = server.ready;
  let turn = 0;
  const member = () => authTokens[turn++ % authTokens.length];
  const outcomes: Outcome[] = [];
  try {
    // Bare route and dashboard: a 1 s warm-up, then the measured run.
    const bare = () => ({ method: 'GET', path: '/bare' });
    await load('warm-up', kind, bareUrl, bare, { duration: 1 });
    outcomes.push(await load('GET /bare (plain Fastify)', kind, bareUrl, bare, { duration: SECONDS }));

    const dashboard = () => ({ method: 'GET', path: '/mobile/dashboard', headers: { authorization: member() } });
    await load('warm-up', kind, appUrl, dashboard, { duration: 1 });
    outcomes.push(await load('GET /mobile/dashboard', kind, appUrl, dashboard, { duration: SECONDS }));

    // Earn by QR: every request needs an unused token for a code its member has not claimed, so
    // the tokens are issued beforehand; a calibration run sizes the measured one to ~SECONDS.
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
    const calibration = await load('warm-up', kind, appUrl, earnQr(await issueQrTokens(server, CALIBRATION + spare)), { amount: CALIBRATION });
    const qrCount = Math.max(200, Math.min(50_000, Math.round(calibration.rps * SECONDS)));
    const qrPool = await issueQrTokens(server, qrCount + spare);
    outcomes.push(await load('POST /mobile/earn/qr/post', kind, appUrl, earnQr(qrPool), { amount: qrCount }));

    // Redeem: a 1-pip option; the stock is loaded to cover the run.
    const redeem = () => ({
      method: 'POST',
      path: '/mobile/redeem',
      headers: { authorization: member(), 'content-type': 'application/x-www-form-urlencoded' },
      body: `pid=${pid}&optId=${optId}&amount=1&idempotencyKey=${randomUUID()}`,
    });
    await server.ask({ type: 'stock', count: CALIBRATION }, 'stock');
    const redeemCalibration = await load('warm-up', kind, appUrl, redeem, { amount: CALIBRATION });
    const redeemCount = Math.max(200, Math.min(100_000, Math.round(redeemCalibration.rps * SECONDS)));
    await server.ask({ type: 'stock', count: redeemCount }, 'stock');
    outcomes.push(await load('POST /mobile/redeem', kind, appUrl, redeem, { amount: redeemCount }));
  } finally {
    await server.close();
  }
  return outcomes;
}

function printTable(outcomes: Outcome[]) {
  const bareOf = new Map(outcomes.filter((o) => o.endpoint.startsWith('GET /bare')).map((o) => [o.backend, o]));
  const header = ['endpoint', 'backend', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'req/s ÷ bare', 'p99 ÷ bare'];
  const rows = outcomes.map((o) => {
    const bare = bareOf.get(o.backend);
    return [
      o.endpoint,
      o.backend,
      String(o.requests),
      o.rps.toFixed(0),
      o.p50.toFixed(1),
      o.p99.toFixed(1),
      String(o.non2xx + o.errors),
      bare ? (o.rps / bare.rps).toFixed(3) : '-',
      bare && bare.p99 > 0 ? `${(o.p99 / bare.p99).toFixed(1)}×` : '-',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (i < 2 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
  console.log(
    `pips server throughput: ${CONNECTIONS} connections, ~${SECONDS} s per call, Node ${process.version}, ${cpus().length} CPU(s) (${cpus()[0]?.model ?? '?'}); server in a child process, autocannon here.`,
  );
  const busy = () => loadavg()[0] > cpus().length;
  if (busy()) console.log(`Warning: load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPU(s): other work skews these figures.`);
  const outcomes: Outcome[] = [];
  outcomes.push(...(await benchBackend('pglite')));
  if (url) outcomes.push(...(await benchBackend('postgres', url)));
  else console.log('PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it.');
  printTable(outcomes);
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

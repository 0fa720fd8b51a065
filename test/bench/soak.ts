/**
 * `npm run soak`: a bounded soak of the real server (issue 13). The server runs in its own
 * process (PGlite in a fresh folder, or a fresh PostgreSQL database with SOAK_DATABASE_URL), seeded
 * with members, pips and a reward; then workers send mixed member calls (dashboard, promos, activity,
 * gift cards, profile, announcements, redemptions) at a steady rate for SOAK_SECONDS (default 600).
 * Expected refusals (INSUFFICIENT_PIPS, OUT_OF_STOCK once the stock runs out) are fine; anything
 * else (a 5xx, another 4xx, a dropped connection, an answer outside the envelope) is an error.
 * The server's resident memory (VmRSS from /proc) is sampled every 5 s: printed at the start (after
 * a 30 s warm-up), at the end and at its peak. Fails on any error, or when the end RSS is over 1.3x
 * the warmed-up one (memory that keeps growing).
 *
 * Usage: npm run soak            (10 minutes)
 *        SOAK_SECONDS=60 SOAK_RATE=200 npm run soak
 */
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { freePort } from '../e2e/support/serverProcess';
import { pglitePlace, postgresPlace, seed, startProcess, type Member } from '../server/helpers/processPlace';

const seconds = Number(process.env.SOAK_SECONDS ?? 600);
const rate = Number(process.env.SOAK_RATE ?? 100);
const WARMUP_SECONDS = Math.min(30, seconds / 4);
const WORKERS = 8;
const EXPECTED_REFUSALS = new Set(['INSUFFICIENT_PIPS', 'OUT_OF_STOCK']);

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;

const place = process.env.SOAK_DATABASE_URL ? postgresPlace(process.env.SOAK_DATABASE_URL) : pglitePlace();
console.log(`soak: ${seconds} s at ${rate} calls/s on ${place.name}; seeding...`);
const { members, reward } = await seed(place, { members: 200, pips: 100_000, price: 10, codes: 20_000 });
const server = await startProcess(place, await freePort());
const pid = server.child.pid!;

type Call = (member: Member) => { method: string; path: string; body?: URLSearchParams };
const calls: [weight: number, name: string, call: Call][] = [
  [4, 'dashboard', () => ({ method: 'GET', path: '/mobile/dashboard' })],
  [2, 'earn promos', () => ({ method: 'GET', path: '/mobile/promos/get?type=EARN' })],
  [2, 'redeem promos', () => ({ method: 'GET', path: '/mobile/promos/get?type=REDEEM' })],
  [2, 'activity', () => ({ method: 'GET', path: '/mobile/dashboard/actions?page=1&size=100' })],
  [1, 'gift cards', () => ({ method: 'GET', path: '/mobile/dashboard/giftcards?page=1&size=50' })],
  [1, 'profile', () => ({ method: 'GET', path: '/mobile/user/get' })],
  [1, 'announcements', () => ({ method: 'POST', path: '/mobile/announcements/users' })],
  [
    2,
    'redeem',
    () => ({
      method: 'POST',
      path: '/mobile/redeem',
      body: new URLSearchParams({ pid: String(reward.id), optId: String(reward.optionIds[0]), amount: '1', idempotencyKey: `soak-${randomBytes(8).toString('hex')}` }),
    }),
  ],
];
const deck = calls.flatMap(([weight, name, call]) => Array.from({ length: weight }, () => [name, call] as const));

const counts: Record<string, number> = {};
const errors: string[] = [];
let sent = 0;

async function one(member: Member): Promise<void> {
  const [name, call] = deck[Math.floor(Math.random() * deck.length)];
  const { method, path, body } = call(member);
  sent++;
  try {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: member.authToken, ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: body?.toString(),
    });
    const json = (await response.json()) as { success?: boolean; error?: { code?: string } | null };
    const code = json.error?.code ?? 'OK';
    counts[`${name} ${response.status} ${code}`] = (counts[`${name} ${response.status} ${code}`] ?? 0) + 1;
    const fine = typeof json.success === 'boolean' && (response.status === 200 || (response.status < 500 && EXPECTED_REFUSALS.has(code)));
    if (!fine && errors.length < 50) errors.push(`${name}: ${response.status} ${code}`);
    if (!fine && errors.length >= 50) errors.push('...');
  } catch (error) {
    if (errors.length < 50) errors.push(`${name}: ${(error as Error).message}`);
  }
}

const started = Date.now();
const end = started + seconds * 1000;
const samples: { at: number; kb: number }[] = [];
const sampler = setInterval(() => samples.push({ at: (Date.now() - started) / 1000, kb: rssKb(pid) }), 5000);
samples.push({ at: 0, kb: rssKb(pid) });

// Each worker keeps its share of the rate: one call every WORKERS / rate seconds.
const interval = (WORKERS / rate) * 1000;
await Promise.all(
  Array.from({ length: WORKERS }, async (_, w) => {
    let next = Date.now() + (w * interval) / WORKERS;
    while (Date.now() < end) {
      const wait = next - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      next += interval;
      await one(members[Math.floor(Math.random() * members.length)]);
    }
  }),
);
clearInterval(sampler);
samples.push({ at: (Date.now() - started) / 1000, kb: rssKb(pid) });
server.child.kill('SIGTERM');
await server.exited;
await place.drop();

const warm = samples.find((s) => s.at >= WARMUP_SECONDS) ?? samples[0];
const last = samples[samples.length - 1];
const peak = samples.reduce((a, b) => (b.kb > a.kb ? b : a));
const elapsed = (Date.now() - started) / 1000;
console.log(`\nsoak on ${place.name}: ${sent} calls in ${elapsed.toFixed(0)} s (${(sent / elapsed).toFixed(1)}/s), ${errors.length} errors`);
console.log(Object.entries(counts).sort().map(([k, v]) => `  ${k.padEnd(44)} ${v}`).join('\n'));
console.log(`server RSS: ${mb(samples[0].kb)} at start, ${mb(warm.kb)} after ${warm.at.toFixed(0)} s warm-up, ${mb(last.kb)} at the end, peak ${mb(peak.kb)} at ${peak.at.toFixed(0)} s`);
const growth = last.kb / warm.kb;
console.log(`RSS end / warmed-up: ${growth.toFixed(2)} (limit 1.30)`);
if (errors.length) console.log(`errors:\n  ${errors.join('\n  ')}`);
process.exit(errors.length === 0 && growth <= 1.3 ? 0 : 1);

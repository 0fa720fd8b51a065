import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../server/db/index';
import { ensureDemoCommunity } from '../../server/db/repositories/communities';
import type { Database } from '../../server/db/schema';
import { createMemoryMailer } from '../../server/mail/memoryMailer';
import { freePort } from '../e2e/support/serverProcess';
import { createRedeemPromo, giftCodes, type RedeemPromo } from './helpers/catalog';
import { adminQuery, insertVerifiedMember } from './helpers/postgresRaces';
import { startServer } from './helpers/startServer';

const root = fileURLToPath(new URL('../..', import.meta.url));
const url = process.env.TEST_DATABASE_URL;

const MEMBERS = 6;
const START_PIPS = 400;
const PRICE = 10;

/** Where a storm's data lives: a PGlite folder, or a PostgreSQL database of its own. */
interface Place {
  name: 'pglite' | 'postgres';
  env: Record<string, string>;
  open(): Promise<{ db: Kysely<Database>; close(): Promise<void> }>;
  drop(): Promise<void>;
}

function pglitePlace(): Place {
  const dataDir = mkdtempSync(join(tmpdir(), 'pips-kill-'));
  return {
    name: 'pglite',
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    open: () => openDatabase({ dataDir }),
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

function postgresPlace(base: string): Place {
  const database = `pips_kill_${randomBytes(5).toString('hex')}`;
  const dbUrl = new URL(base);
  dbUrl.pathname = `/${database}`;
  let created = false;
  return {
    name: 'postgres',
    env: { DATABASE_URL: dbUrl.href },
    async open() {
      if (!created) {
        await adminQuery(base, `create database ${database}`);
        created = true;
      }
      return openDatabase({ url: dbUrl.href, maxConnections: 10 });
    },
    drop: async () => (created ? adminQuery(base, `drop database if exists ${database} with (force)`) : undefined),
  };
}

interface Running {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<unknown>;
}

/** The real server (`server/main.ts`) in its own process on the place's data; resolves once /ready answers. */
async function startProcess(place: Place, port: number): Promise<Running> {
  const address = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...place.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: address,
      LOG_FORMAT: 'off',
      RATE_LIMIT_REQUESTS_PER_ADDRESS: '0/60',
      CTW_DRAW_INTERVAL_SECONDS: '0',
      PUSH_POLL_SECONDS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited early:\n${out}`);
    if (await fetch(`${address}/ready`).then((r) => r.ok, () => false)) return { child, url: address, output: () => out, exited };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start in time:\n${out}`);
}

interface Member {
  userId: number;
  authToken: string;
}

/** Members with pips and a reward with codes, written before any server process runs. */
async function seed(place: Place): Promise<{ members: Member[]; reward: RedeemPromo }> {
  const { db, close } = await place.open();
  try {
    await migrateToLatest(db);
    const communityId = (await ensureDemoCommunity(db)).id;
    const seeding = await startServer({ db, mailer: createMemoryMailer() });
    try {
      const members: Member[] = [];
      for (let i = 0; i < MEMBERS; i++) members.push(await insertVerifiedMember(db, seeding.app, communityId, START_PIPS));
      // Fewer codes than the pips could buy: the storm also runs the stock out.
      const reward = await createRedeemPromo(db, { communityId, title: 'Storm prize', options: [{ label: 'Card', pips: PRICE, codes: giftCodes(150, 'STORM') }] });
      return { members, reward };
    } finally {
      await seeding.close();
    }
  } finally {
    await close();
  }
}

interface Redemption {
  status: number;
  code: string;
  transactionId?: number;
}

async function redeem(base: string, member: Member, reward: RedeemPromo, key: string): Promise<Redemption> {
  const response = await fetch(`${base}/mobile/redeem`, {
    method: 'POST',
    headers: { authorization: member.authToken, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ pid: String(reward.id), optId: String(reward.optionIds[0]), amount: '1', idempotencyKey: key }).toString(),
  });
  const body = (await response.json()) as { data: { transactionId: number } | null; error: { code: string } | null };
  return { status: response.status, code: body.error?.code ?? 'OK', transactionId: body.data?.transactionId };
}

/** The ledger's invariants, read straight from the database once no server runs. */
async function invariants(db: Kysely<Database>) {
  const balances = await sql<{ id: number; available: number; earned: number; used: number; sum: string; credits: string; debits: string }>`
    select u.id, u.available_pips as available, u.total_earned_pips as earned, u.total_used_pips as used,
           coalesce(sum(l.delta), 0) as sum,
           coalesce(sum(l.delta) filter (where l.delta > 0), 0) as credits,
           coalesce(-sum(l.delta) filter (where l.delta < 0), 0) as debits
    from users u left join ledger_entries l on l.user_id = u.id
    group by u.id
  `.execute(db);
  const wrongBalances = balances.rows.filter(
    (row) => row.available !== Number(row.sum) || row.earned !== Number(row.credits) || row.used !== Number(row.debits) || row.available < 0,
  );
  const codes = await sql<{ handed: string; distinct: string; redemptions: string }>`
    select (select count(*) from gift_card_codes where redemption_id is not null) as handed,
           (select count(distinct redemption_id) from gift_card_codes where redemption_id is not null) as distinct,
           (select count(*) from redemptions) as redemptions
  `.execute(db);
  return { wrongBalances, ...codes.rows[0] };
}

const places: (() => Place)[] = [pglitePlace, ...(url ? [() => postgresPlace(url)] : [])];
const toDrop: Place[] = [];
afterAll(async () => {
  for (const place of toDrop) await place.drop();
});

/**
 * SIGKILL in the middle of a redemption storm (issue 13): no graceful anything, the process is
 * gone mid-transaction. After a restart on the same data every acknowledged redemption is there
 * (its replay answers the same transaction), every balance still equals its ledger rows and never
 * went below zero, and no code was handed out twice.
 */
describe.each(places.map((make) => [make().name, make] as const))('SIGKILL during a redemption storm on %s', (_name, make) => {
  it('keeps every acknowledged redemption and the ledger invariants after a restart', { timeout: 300_000 }, async () => {
    const place = make();
    toDrop.push(place);
    const { members, reward } = await seed(place);
    const port = await freePort();
    const server = await startProcess(place, port);

    const acknowledged: { member: Member; key: string; transactionId: number }[] = [];
    let stop = false;
    let n = 0;
    const storm = async (member: Member) => {
      while (!stop) {
        const key = `storm-${member.userId}-${++n}-${randomBytes(3).toString('hex')}`;
        try {
          const answer = await redeem(server.url, member, reward, key);
          if (answer.status === 200 && answer.transactionId) acknowledged.push({ member, key, transactionId: answer.transactionId });
        } catch {
          // cut by the kill: not acknowledged
        }
      }
    };
    // Two writers per member, all at once.
    const writers = [...members, ...members].map(storm);
    while (acknowledged.length < 30) {
      if (server.child.exitCode !== null) throw new Error(`server died on its own:\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    server.child.kill('SIGKILL');
    await server.exited;
    stop = true;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThanOrEqual(30);

    // Back up on the same data: each acknowledged redemption replays to its own transaction.
    const again = await startProcess(place, port);
    try {
      const lost: string[] = [];
      for (const { member, key, transactionId } of acknowledged) {
        const replay = await redeem(again.url, member, reward, key);
        if (replay.status !== 200 || replay.transactionId !== transactionId) lost.push(`${key}: ${replay.status} ${replay.code} ${replay.transactionId} != ${transactionId}`);
      }
      expect(lost).toEqual([]);
      // And the server goes on working after the crash.
      expect((await redeem(again.url, members[0], reward, `after-${randomBytes(4).toString('hex')}`)).status).toBeLessThan(500);
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }

    const { db, close } = await place.open();
    try {
      const found = await invariants(db);
      expect(found.wrongBalances).toEqual([]);
      // One code per redemption, never one code for two.
      expect(Number(found.handed)).toBe(Number(found.redemptions));
      expect(Number(found.distinct)).toBe(Number(found.redemptions));
      expect(Number(found.redemptions)).toBeGreaterThanOrEqual(acknowledged.length);
    } finally {
      await close();
    }
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { nodeArgsFor } from '../../../scripts/bundle-server.mjs';
import { migrateToLatest, openDatabase } from '../../../server/db/index';
import { ensureDemoCommunity } from '../../../server/db/repositories/communities';
import type { Database } from '../../../server/db/schema';
import { createMemoryMailer } from '../../../server/mail/memoryMailer';
import { createRedeemPromo, giftCodes, type RedeemPromo } from './catalog';
import { migratedPgliteTemplate } from './pgliteTemplate';
import { runsOn } from './databases';
import { adminQuery, insertVerifiedMember } from './postgresRaces';
import { startServer } from './startServer';

/**
 * The real server in its own process on data of its own, for tests and benches that kill,
 * restart or soak it: a PGlite folder or a fresh PostgreSQL database, seeded in-process first.
 */

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Where a server process's data lives: a PGlite folder, or a PostgreSQL database of its own. */
export interface Place {
  name: 'pglite' | 'postgres';
  env: Record<string, string>;
  open(): Promise<{ db: Kysely<Database>; close(): Promise<void> }>;
  drop(): Promise<void>;
}

export function pglitePlace(): Place {
  const dataDir = mkdtempSync(join(tmpdir(), 'pips-kill-'));
  let made = false;
  return {
    name: 'pglite',
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    // The folder's first opening loads the migrated template instead of running PGlite's initdb
    // and the migrations (seconds of CPU); it is the same folder from then on.
    async open() {
      const loadDataDir = made ? undefined : await migratedPgliteTemplate();
      made = true;
      return openDatabase({ dataDir, loadDataDir });
    },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

export function postgresPlace(base: string): Place {
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

/**
 * The places of this run's engines, each made on demand by a test (PGlite always, PostgreSQL with
 * TEST_DATABASE_URL), for `describe.each`; every place made is dropped after the file's tests.
 */
export function placesOfThisRun(afterAll: (fn: () => Promise<void>) => void): { name: Place['name']; make: () => Place }[] {
  const made: Place[] = [];
  afterAll(async () => {
    for (const place of made) await place.drop();
  });
  const keep = (make: () => Place) => () => {
    const place = make();
    made.push(place);
    return place;
  };
  const url = process.env.TEST_DATABASE_URL;
  return [
    ...(runsOn('pglite') ? [{ name: 'pglite' as const, make: keep(pglitePlace) }] : []),
    ...(runsOn('postgres') && url ? [{ name: 'postgres' as const, make: keep(() => postgresPlace(url)) }] : []),
  ];
}

export interface Running {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<unknown>;
}

/**
 * The real server (`server/main.ts`, from the run's bundle of it when `npm test` made one:
 * scripts/bundle-server.mjs) in its own process on the place's data; resolves once /ready answers.
 */
export async function startProcess(place: Place, port: number, env: Record<string, string> = {}): Promise<Running> {
  const address = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, nodeArgsFor('server/main.ts'), {
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
      ...env,
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

export interface Member {
  userId: number;
  authToken: string;
}

/** Members with pips and a reward with codes, written before any server process runs. */
export async function seed(
  place: Place,
  { members: count, pips, price, codes }: { members: number; pips: number; price: number; codes: number },
): Promise<{ members: Member[]; reward: RedeemPromo; communityId: string }> {
  const { db, close } = await place.open();
  try {
    await migrateToLatest(db);
    const communityId = (await ensureDemoCommunity(db)).id;
    const seeding = await startServer({ db, mailer: createMemoryMailer() });
    try {
      const members: Member[] = [];
      for (let i = 0; i < count; i++) members.push(await insertVerifiedMember(db, seeding.app, communityId, pips));
      const reward = await createRedeemPromo(db, { communityId, title: 'Storm prize', options: [{ label: 'Card', pips: price, codes: giftCodes(codes, 'STORM') }] });
      return { members, reward, communityId };
    } finally {
      await seeding.close();
    }
  } finally {
    await close();
  }
}


import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../../../server/db/index';
import { ensureDemoCommunity } from '../../../../server/db/repositories/communities';
import type { Database } from '../../../../server/db/schema';
import { createMemoryMailer } from '../../../../server/mail/memoryMailer';
import { createRedeemPromo, giftCodes, type RedeemPromo } from '../../helpers/catalog';
import { runsOn, emptyTables } from '../../helpers/databases';
import { adminQuery, insertVerifiedMember } from '../../helpers/postgresRaces';
import { startServer, type StartedServer } from '../../helpers/startServer';

const url = process.env.TEST_DATABASE_URL;

/** Connections of the server's pool: enough for many redemptions to be in flight at once. */
const POOL_SIZE = 25;

/**
 * A per-member limit under parallel redemptions by one member on PostgreSQL, through a real
 * listening server (each request its own transaction on its own connection): exactly the limit
 * goes through. (test/server/redemptionLimits.test.ts runs the same through app.inject on both engines.)
 */
describe.skipIf(!runsOn('postgres'))('redemption limits under concurrency on postgres', () => {
  let db: Kysely<Database>;
  let closeDb: () => Promise<void>;
  let server: StartedServer;
  let schema: string;
  let communityId: string;

  const admin = (query: string) => adminQuery(url!, query);

  beforeAll(async () => {
    schema = `test_${randomBytes(6).toString('hex')}`;
    await admin(`create schema ${schema}`);
    const opened = await openDatabase({ url, schema, maxConnections: POOL_SIZE });
    db = opened.db;
    closeDb = opened.close;
    await migrateToLatest(db);
    server = await startServer({ db, mailer: createMemoryMailer() });
  });
  afterAll(async () => {
    await server?.close();
    await closeDb?.();
    await admin(`drop schema if exists ${schema} cascade`);
  });
  beforeEach(async () => {
    await emptyTables(db);
    communityId = (await ensureDemoCommunity(db)).id;
  });

  /** A verified member with `pips` credited through the ledger, and an auth token. */
  const member = (pips: number) => insertVerifiedMember(db, server.app, communityId, pips);

  async function redeem(authToken: string, reward: RedeemPromo, idempotencyKey: string) {
    const response = await fetch(`${server.url}/mobile/redeem`, {
      method: 'POST',
      headers: { authorization: authToken, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ pid: String(reward.id), optId: String(reward.optionIds[0]), amount: '1', idempotencyKey }).toString(),
    });
    const body = (await response.json()) as { data: { transactionId: number; availablePips: number } | null; error: { code: string } | null };
    return { status: response.status, code: body.error?.code ?? 'OK', data: body.data };
  }

  const userRow = (userId: number) =>
    db.selectFrom('users').select(['available_pips', 'total_earned_pips', 'total_used_pips']).where('id', '=', userId).executeTakeFirstOrThrow();

  const tally = (outcomes: { status: number; code: string }[]) =>
    outcomes.reduce<Record<string, number>>((counts, { status, code }) => ({ ...counts, [`${status} ${code}`]: (counts[`${status} ${code}`] ?? 0) + 1 }), {});

  it('50 parallel redemptions by one member of a "2 per member" option: exactly 2 go through, nothing else is debited', async () => {
    const racer = await member(1000);
    const reward = await createRedeemPromo(db, { communityId, options: [{ pips: 10, codes: giftCodes(60, 'LIMIT'), limit: { count: 2, period: 'ever' } }] });

    // One member on several devices (sessions): nothing but the member's own row serialises them.
    const tokens = [racer.authToken, ...(await Promise.all(Array.from({ length: 9 }, async () => (await server.app.sessions.start(racer.userId)).authToken)))];
    const outcomes = await Promise.all(Array.from({ length: 50 }, (_, i) => redeem(tokens[i % tokens.length], reward, `limit-${i}-${randomBytes(4).toString('hex')}`)));

    expect(tally(outcomes)).toEqual({ '200 OK': 2, '409 REDEMPTION_LIMIT_REACHED': 48 });
    expect(await userRow(racer.userId)).toEqual({ available_pips: 980, total_earned_pips: 1000, total_used_pips: 20 });
    expect(await db.selectFrom('redemptions').select('id').where('user_id', '=', racer.userId).execute()).toHaveLength(2);
    expect(await db.selectFrom('gift_card_codes').select('id').where('redemption_id', 'is not', null).execute()).toHaveLength(2);
  });
});

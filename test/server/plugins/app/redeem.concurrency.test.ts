import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
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
 * Redemptions racing on PostgreSQL through a real listening server: real HTTP requests in
 * parallel, each in its own transaction on its own connection. PGlite has one connection, so
 * there is nothing to race there.
 */
describe.skipIf(!runsOn('postgres'))('redeem under concurrency on postgres', () => {
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

  it('lets exactly 50 of 200 parallel redemptions through for a balance of 50, and never gives a code twice', async () => {
    const price = 10;
    const racer = await member(50 * price);
    const reward = await createRedeemPromo(db, { communityId, title: 'Race prize', options: [{ label: 'Card', pips: price, codes: giftCodes(60, 'RACE') }] });

    const outcomes = await Promise.all(Array.from({ length: 200 }, (_, i) => redeem(racer.authToken, reward, `race-${i}-${randomBytes(4).toString('hex')}`)));

    expect(tally(outcomes)).toEqual({ '200 OK': 50, '400 INSUFFICIENT_PIPS': 150 });
    expect(await userRow(racer.userId)).toEqual({ available_pips: 0, total_earned_pips: 500, total_used_pips: 500 });

    // Each success has its own redemption, code and ledger row.
    const succeeded = outcomes.filter((o) => o.status === 200).map((o) => o.data!.transactionId);
    expect(new Set(succeeded).size).toBe(50);
    const balancesSeen = outcomes.filter((o) => o.status === 200).map((o) => o.data!.availablePips).sort((a, b) => a - b);
    expect(balancesSeen).toEqual(Array.from({ length: 50 }, (_, i) => i * price));

    const codes = await db.selectFrom('gift_card_codes').select(['code', 'redemption_id']).where('option_id', '=', reward.optionIds[0]).execute();
    const assigned = codes.filter((c) => c.redemption_id !== null);
    expect(assigned).toHaveLength(50);
    expect(new Set(assigned.map((c) => c.redemption_id)).size).toBe(50);
    expect(new Set(assigned.map((c) => c.code)).size).toBe(50);
    expect(new Set(assigned.map((c) => c.redemption_id))).toEqual(new Set(succeeded));

    const redemptions = await db
      .selectFrom('redemptions as r')
      .innerJoin('ledger_entries as l', 'l.id', 'r.ledger_entry_id')
      .select(['r.id', 'r.pips', 'l.delta', 'l.kind', 'l.source_id', 'l.user_id'])
      .execute();
    expect(redemptions).toHaveLength(50);
    for (const row of redemptions) expect(row).toEqual({ id: row.id, pips: price, delta: -price, kind: 'redeem', source_id: row.id, user_id: racer.userId });

    const { rows } = await sql<{ sum: string; debits: string }>`
      select coalesce(sum(delta), 0) as sum, count(*) filter (where delta < 0) as debits
      from ledger_entries where user_id = ${racer.userId}
    `.execute(db);
    expect({ sum: Number(rows[0].sum), debits: Number(rows[0].debits) }).toEqual({ sum: 0, debits: 50 });
  });

  it('gives scarce codes to exactly as many members as there are codes, debiting nobody else', async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => member(100)));
    const reward = await createRedeemPromo(db, { communityId, options: [{ pips: 10, codes: giftCodes(20, 'SCARCE') }] });

    const outcomes = await Promise.all(
      members.flatMap((m, i) => Array.from({ length: 5 }, (_, j) => redeem(m.authToken, reward, `scarce-${i}-${j}-key`))),
    );

    expect(tally(outcomes)).toEqual({ '200 OK': 20, '409 OUT_OF_STOCK': 40 });
    const codes = await db.selectFrom('gift_card_codes').select('redemption_id').execute();
    expect(new Set(codes.map((c) => c.redemption_id)).size).toBe(20);
    let debited = 0;
    for (const m of members) {
      const row = await userRow(m.userId);
      const mine = await db.selectFrom('redemptions').select('id').where('user_id', '=', m.userId).execute();
      expect(row.available_pips).toBe(100 - 10 * mine.length);
      debited += row.total_used_pips;
    }
    expect(debited).toBe(200);
  });

  it('debits once when the same key is sent many times at once', async () => {
    const racer = await member(100);
    const reward = await createRedeemPromo(db, { communityId, options: [{ pips: 10, codes: giftCodes(20, 'REPLAY') }] });

    const outcomes = await Promise.all(Array.from({ length: 20 }, () => redeem(racer.authToken, reward, 'one-key-for-all')));

    expect(tally(outcomes)).toEqual({ '200 OK': 20 });
    for (const outcome of outcomes) expect(outcome.data).toEqual({ transactionId: outcomes[0].data!.transactionId, availablePips: 90 });
    expect(await userRow(racer.userId)).toMatchObject({ available_pips: 90, total_used_pips: 10 });
    expect(await db.selectFrom('redemptions').select('id').execute()).toHaveLength(1);
  });

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

import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitmentOf, newSeed } from '../../server/contests/draw';
import { migrateToLatest, openDatabase } from '../../server/db/index';
import { insertContest } from '../../server/db/repositories/chanceToWin';
import { ensureDemoCommunity } from '../../server/db/repositories/communities';
import type { Database } from '../../server/db/schema';
import { createMemoryMailer } from '../../server/mail/memoryMailer';
import { createRedeemPromo, giftCodes } from './helpers/catalog';
import { adminQuery, insertVerifiedMember } from './helpers/postgresRaces';
import { startServer, type StartedServer } from './helpers/startServer';
import { runsOn } from './helpers/databases';

const url = process.env.TEST_DATABASE_URL;

/**
 * Two server instances on one PostgreSQL (issue 13), each with its own connection pool, listening
 * on its own port, driven together over HTTP: what one instance does, the other sees and honours.
 */
describe.skipIf(!runsOn('postgres'))('two instances on one PostgreSQL', () => {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const pools: Array<{ db: Kysely<Database>; close(): Promise<void> }> = [];
  let servers: StartedServer[] = [];
  let db: Kysely<Database>;
  let communityId: string;

  const admin = (query: string) => adminQuery(url!, query);

  beforeAll(async () => {
    await admin(`create schema ${schema}`);
    for (let i = 0; i < 2; i++) pools.push(await openDatabase({ url, schema, maxConnections: 10 }));
    db = pools[0].db;
    await migrateToLatest(db);
    communityId = (await ensureDemoCommunity(db)).id;
    // Each instance looks for due draws every second.
    servers = await Promise.all(
      pools.map((pool) => startServer({ db: pool.db, mailer: createMemoryMailer(), config: { drawIntervalSeconds: 1 } })),
    );
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    for (const pool of pools) await pool.close();
    await admin(`drop schema if exists ${schema} cascade`);
  });

  /** A verified member with `pips` credited through the ledger; its session started on instance 0. */
  const member = (pips: number) => insertVerifiedMember(db, servers[0].app, communityId, pips);

  const post = async (server: StartedServer, path: string, form: Record<string, string>, authToken?: string) => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authToken ? { authorization: authToken } : {}) },
      body: new URLSearchParams(form).toString(),
    });
    const body = (await response.json()) as { data: Record<string, unknown> | null; error: { code: string } | null };
    return { status: response.status, code: body.error?.code ?? 'OK', data: body.data };
  };

  it('splits a redemption race across both instances: exactly what the balance pays goes through, each code once', async () => {
    const price = 10;
    const racer = await member(20 * price);
    const reward = await createRedeemPromo(db, { communityId, title: 'Twin prize', options: [{ label: 'Card', pips: price, codes: giftCodes(40, 'TWIN') }] });
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        post(servers[i % 2], '/mobile/redeem', { pid: String(reward.id), optId: String(reward.optionIds[0]), amount: '1', idempotencyKey: `twin-${i}-key` }, racer.authToken),
      ),
    );
    const ok = outcomes.filter((o) => o.status === 200);
    expect(ok).toHaveLength(20);
    expect(outcomes.filter((o) => o.code === 'INSUFFICIENT_PIPS')).toHaveLength(40);
    // Both instances handed out some of them.
    expect(new Set(outcomes.map((o, i) => (o.status === 200 ? i % 2 : -1)).filter((n) => n >= 0)).size).toBe(2);

    const row = await db.selectFrom('users').select(['available_pips', 'total_used_pips']).where('id', '=', racer.userId).executeTakeFirstOrThrow();
    expect(row).toEqual({ available_pips: 0, total_used_pips: 20 * price });
    const assigned = await db.selectFrom('gift_card_codes').select(['code', 'redemption_id']).where('redemption_id', 'is not', null).execute();
    expect(assigned).toHaveLength(20);
    expect(new Set(assigned.map((c) => c.code)).size).toBe(20);
  });

  it('shows a reward changed or taken through one instance on the other at once, though each keeps its own copy of the rewards', async () => {
    const user = await member(50);
    const reward = await createRedeemPromo(db, { communityId, title: 'Twin mug', options: [{ label: 'Mug', pips: 10, codes: giftCodes(1, 'MUG') }] });
    const mugOf = async (server: StartedServer) => {
      const response = await fetch(`${server.url}/mobile/promos/get?type=REDEEM`, { headers: { authorization: user.authToken } });
      const body = (await response.json()) as { data: { promos: Array<{ id: number; title: string; available: boolean }> } };
      return body.data.promos.find((promo) => promo.id === reward.id);
    };
    expect(await mugOf(servers[0])).toMatchObject({ title: 'Twin mug', available: true });
    expect(await mugOf(servers[1])).toMatchObject({ title: 'Twin mug', available: true });
    // The last code redeemed on instance 1: instance 0's copy is still its text, not its stock.
    const redeemed = await post(servers[1], '/mobile/redeem', { pid: String(reward.id), optId: String(reward.optionIds[0]), amount: '1' }, user.authToken);
    expect(redeemed.status).toBe(200);
    expect(await mugOf(servers[0])).toMatchObject({ title: 'Twin mug', available: false });
    // Renamed through instance 1's pool: instance 0 reads the new text on its next call.
    await pools[1].db.updateTable('promos').set({ title: JSON.stringify('Twin cup') }).where('id', '=', reward.id).execute();
    expect(await mugOf(servers[0])).toMatchObject({ title: 'Twin cup', available: false });
    expect(await mugOf(servers[1])).toMatchObject({ title: 'Twin cup', available: false });
  });

  it('ends the whole session when a refresh token rotated on one instance is replayed on the other', async () => {
    const user = await member(0);
    const rotated = await post(servers[0], '/mobile/session/refresh', { refreshToken: user.refreshToken });
    expect(rotated.status).toBe(200);
    const replayed = await post(servers[1], '/mobile/session/refresh', { refreshToken: user.refreshToken });
    expect(replayed).toMatchObject({ status: 401, code: 'REFRESH_TOKEN_REUSED' });
    // The family is revoked everywhere: the newer token no longer refreshes on either instance.
    const newer = await post(servers[0], '/mobile/session/refresh', { refreshToken: String(rotated.data!.refreshToken) });
    expect(newer.status).toBe(401);
    const profile = await fetch(`${servers[1].url}/mobile/user/get`, { headers: { authorization: String(rotated.data!.authToken) } });
    expect(profile.status).toBe(401);
  });

  it('runs a Chance to Win draw that comes due while both run exactly once, and announces it once', async () => {
    for (let i = 0; i < 3; i++) {
      const player = await member(0);
      await db.transaction().execute((trx) =>
        servers[1].app.ledger.post(trx, { userId: player.userId, delta: 50, kind: 'adjustment', sourceId: null, title: 'Play', reason: 'test' }),
      );
    }
    const seed = newSeed();
    const contest = await insertContest(db, {
      communityId,
      name: { en: 'Twin draw', es: 'Sorteo gemelo' },
      prize: { en: 'A kite', es: 'Una cometa' },
      thresholdPips: 10,
      startsAt: new Date(Date.now() - 3600_000),
      drawsAt: new Date(Date.now() + 1500),
      numberOfWinners: 2,
      seed,
      commitment: commitmentOf(seed),
    });
    const deadline = Date.now() + 20_000;
    let drawn = false;
    while (!drawn && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      const row = await db.selectFrom('ctw_contests').select('drawn_at').where('id', '=', contest.id).executeTakeFirstOrThrow();
      drawn = row.drawn_at !== null;
    }
    expect(drawn).toBe(true);
    // Both instances look again, at once, as their next ticks would: neither draws it a second time.
    const again = await Promise.all(servers.map((server) => server.app.chanceToWin.runDueDraws()));
    expect(again.map((draws) => draws.filter((draw) => draw.contestId === contest.id))).toEqual([[], []]);
    const winners = await db.selectFrom('ctw_winners').selectAll().where('contest_id', '=', contest.id).execute();
    expect(winners).toHaveLength(2);
    const announcements = await db.selectFrom('announcements').select('title').execute();
    expect(announcements.filter((a) => JSON.stringify(a.title).includes('Twin draw'))).toHaveLength(1);
  });
});

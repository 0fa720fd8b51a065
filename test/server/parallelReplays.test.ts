import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { migrateToLatest, openDatabase } from '../../server/db/index';
import { createCommunity } from '../../server/db/repositories/communities';
import { createContest, createQuestions, type QuestionInput } from '../../server/db/repositories/trivia';
import type { Database } from '../../server/db/schema';
import { createMemoryMailer } from '../../server/mail/memoryMailer';
import { createEarnQrCode, createQuestionnaire, createRedeemPromo, giftCodes } from './helpers/catalog';
import { backends, runsOn } from './helpers/databases';
import { call, testConfig, type CallOptions, type CallResult } from './helpers/harness';
import { adminQuery, insertVerifiedMember } from './helpers/postgresRaces';

/**
 * Exact replays sent all at once: a client that lost the answer of a replayable write (earn by QR
 * code, redeem, a questionnaire's answers, a trivia answer) sends the very same request again,
 * here 50 copies of it at the same moment, some before the first has committed. Every copy gets
 * the first answer, and the write is applied once. On each engine with one server, and on
 * PostgreSQL with two servers (each its own connection pool) taking the copies in turn.
 */

const COPIES = 50;

interface Servers {
  db: Kysely<Database>;
  apps: FastifyInstance[];
  communityId: string;
}

const question = (n: number): QuestionInput => ({
  text: `Question ${n}?`,
  answers: [
    { text: `Wrong ${n}`, correct: false },
    { text: `Right ${n}`, correct: true },
  ],
});

/** The copies, all at once, taken by the servers in turn. */
const copies = (servers: Servers, request: CallOptions) =>
  Promise.all(Array.from({ length: COPIES }, (_, i) => call(servers.apps[i % servers.apps.length], request)));

/** A JSON value's text with every object's keys sorted (a stored answer comes back from jsonb in its own key order). */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );

/** Every copy answered 200 with one and the same body: the first answer. */
function expectOneAnswer(answers: CallResult[]) {
  const distinct = new Map<string, number>();
  for (const answer of answers) {
    const key = `${answer.status} ${canonical(answer.body)}`;
    distinct.set(key, (distinct.get(key) ?? 0) + 1);
  }
  expect([...distinct.entries()]).toEqual([[expect.stringMatching(/^200 \{"data":.*"status":"OK","success":true\}$/), COPIES]]);
  return answers[0].body.data;
}

function replayScenarios(servers: () => Servers) {
  const member = async (pips = 0) => {
    const { db, apps, communityId } = servers();
    return insertVerifiedMember(db, apps[0], communityId, pips);
  };
  const ledgerOf = (userId: number) =>
    servers().db.selectFrom('ledger_entries').select(['delta', 'kind']).where('user_id', '=', userId).orderBy('id').execute();
  const key = () => `replay-${randomBytes(8).toString('hex')}`;

  it('earn by QR code: the same qrToken and key, 50 at once, credit once and answer alike', async () => {
    const { db, apps, communityId } = servers();
    const user = await member();
    const qr = await createEarnQrCode(db, { communityId, title: 'Front desk', pips: 10 });
    const tokenized = await call(apps[0], { method: 'POST', url: '/api/tokenize', form: { tokenType: 'qrParams', qrParam: qr.code }, token: user.authToken });
    const qrToken = tokenized.body.data.token as string;

    const data = expectOneAnswer(await copies(servers(), { method: 'POST', url: '/mobile/earn/qr/post', query: { qrToken, idempotencyKey: key() }, token: user.authToken }));

    expect(data).toEqual({ title: 'Front desk', pipsEarned: 10, availablePips: 10 });
    expect(await ledgerOf(user.userId)).toEqual([{ delta: 10, kind: 'qr' }]);
  });

  it('redeem: the same key, 50 at once, debit once, one code, answer alike', async () => {
    const { db, communityId } = servers();
    const user = await member(100);
    const reward = await createRedeemPromo(db, { communityId, title: 'Gift', options: [{ label: 'Card', pips: 30, codes: giftCodes(5, `RPL${randomBytes(3).toString('hex')}`) }] });

    const data = expectOneAnswer(
      await copies(servers(), {
        method: 'POST',
        url: '/mobile/redeem',
        form: { pid: reward.id, optId: reward.optionIds[0], amount: 1, idempotencyKey: key() },
        token: user.authToken,
      }),
    );

    expect(data).toEqual({ transactionId: expect.any(Number), availablePips: 70 });
    expect(await ledgerOf(user.userId)).toEqual([
      { delta: 100, kind: 'adjustment' },
      { delta: -30, kind: 'redeem' },
    ]);
    const taken = await db.selectFrom('gift_card_codes').select('id').where('option_id', '=', reward.optionIds[0]).where('redemption_id', 'is not', null).execute();
    expect(taken).toHaveLength(1);
  });

  it("a questionnaire's answers: the same key, 50 at once, stored and paid once, answer alike", async () => {
    const { db, communityId } = servers();
    const user = await member();
    const id = await createQuestionnaire(db, { communityId, pips: 7 });

    const data = expectOneAnswer(
      await copies(servers(), { method: 'POST', url: `/web/questionnaires/${id}/answers`, json: { answers: { comment: 'Nice' }, idempotencyKey: key() }, token: user.authToken }),
    );

    expect(data).toEqual({ status: 'OK', pipsEarned: 7 });
    expect(await ledgerOf(user.userId)).toEqual([{ delta: 7, kind: 'questionnaire' }]);
    const stored = await db.selectFrom('questionnaire_answers').select('id').where('user_id', '=', user.userId).execute();
    expect(stored).toHaveLength(1);
  });

  it('the question of the day: the same answer and key, 50 at once, paid once, answer alike', async () => {
    const { db, apps, communityId } = servers();
    const user = await member();
    const [id] = await createQuestions(db, communityId, null, [question(1)]);
    const served = await call(apps[0], { url: '/mobile/contest/trivia/individual/question', token: user.authToken });
    expect(served.body.data.id).toBe(id);
    const right = served.body.data.answers[1].id as number;

    const data = expectOneAnswer(
      await copies(servers(), { method: 'POST', url: '/mobile/contest/trivia/individual/answer', query: { questionId: id, answerId: right, idempotencyKey: key() }, token: user.authToken }),
    );

    expect(data).toMatchObject({ correct: true, pipsEarned: 1, correctAnswerId: right });
    expect(await ledgerOf(user.userId)).toEqual([{ delta: 1, kind: 'trivia' }]);
  });

  it("a team contest's answer: the same answer and key, 50 at once, paid once, answer alike", async () => {
    const { db, apps, communityId } = servers();
    const user = await member();
    const now = Date.now();
    const contest = await createContest(db, {
      communityId,
      name: 'Relay quiz',
      startsAt: new Date(now - 3_600_000),
      endsAt: new Date(now + 3_600_000),
      pipsPerAnswer: 5,
      teams: ['Owls', 'Foxes'],
    });
    await createQuestions(db, communityId, contest.id, [question(1)]);
    expect((await call(apps[0], { method: 'PUT', url: `/mobile/contest/trivia/${contest.id}/join`, token: user.authToken })).status).toBe(200);
    const served = await call(apps[0], { url: `/mobile/contest/trivia/${contest.id}/question`, token: user.authToken });
    const right = served.body.data.answers[1].id as number;

    const data = expectOneAnswer(
      await copies(servers(), {
        method: 'POST',
        url: `/mobile/contest/trivia/${contest.id}/answer`,
        query: { questionId: served.body.data.id, answer: String(right), idempotencyKey: key() },
        token: user.authToken,
      }),
    );

    expect(data).toEqual({ pipsEarned: 5, correct: true, correctAnswerId: right, questionsLeft: 0 });
    expect(await ledgerOf(user.userId)).toEqual([{ delta: 5, kind: 'contest' }]);
  });
}

describe.each(backends)('parallel exact replays on $name, one server', (backend) => {
  let servers: Servers;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const database = await backend.open();
    const app = await buildApp({ db: database.db, mailer: createMemoryMailer(), config: testConfig() });
    const community = await createCommunity(database.db, 'Replays');
    servers = { db: database.db, apps: [app], communityId: community.id };
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(() => close());

  replayScenarios(() => servers);
});

describe.skipIf(!runsOn('postgres'))('parallel exact replays on PostgreSQL, two servers', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const pools: Array<{ db: Kysely<Database>; close(): Promise<void> }> = [];
  let servers: Servers;

  beforeAll(async () => {
    await adminQuery(url, `create schema ${schema}`);
    for (let i = 0; i < 2; i++) pools.push(await openDatabase({ url, schema, maxConnections: 10 }));
    await migrateToLatest(pools[0].db);
    const apps = await Promise.all(pools.map((pool) => buildApp({ db: pool.db, mailer: createMemoryMailer(), config: testConfig() })));
    const community = await createCommunity(pools[0].db, 'Replays');
    servers = { db: pools[0].db, apps, communityId: community.id };
  });
  afterAll(async () => {
    for (const app of servers?.apps ?? []) await app.close();
    for (const pool of pools) await pool.close();
    await adminQuery(url, `drop schema if exists ${schema} cascade`);
  });

  replayScenarios(() => servers);
});

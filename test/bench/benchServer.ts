/**
 * The server under test of server-throughput.ts, run in a child process of its own (so the load
 * generator does not share its event loop): the real app (buildApp, rate limits off) and a bare
 * Fastify instance, both on 127.0.0.1, over PGlite in memory or a fresh PostgreSQL schema. The
 * bare instance serves the references: GET /bare (no database), GET /ref/lookup (one indexed
 * lookup of a random member) and POST /ref/insert (one single-statement insert), through the same
 * database handle as the app. It seeds realistic data (100,000 members, earn promos, rewards, a
 * member with 10,000 ledger rows and one with 10) with generate_series, verified bench members
 * with plenty of pips, then answers the parent's IPC requests for more earn QR codes, gift-card
 * codes and the PostgreSQL backend processes serving it (for CPU per call).
 *
 * Usage (by server-throughput.ts): node --import tsx test/bench/benchServer.ts pglite|postgres [url]
 */
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { migrateToLatest, openDatabase } from '../../server/db/index';
import { newEarnQrCode } from '../../server/db/repositories/earnQrCodes';
import { adjustPips } from '../../server/db/repositories/ledger';
import { createReward, importGiftCardCodes } from '../../server/db/repositories/rewards';
import { ensureDemoCommunity } from '../../server/db/repositories/communities';
import type { Database } from '../../server/db/schema';
import { createMemoryMailer } from '../../server/mail/memoryMailer';
import { call, testConfig } from '../server/helpers/harness';

export const MEMBERS = 10;
const PASSWORD = 'Bench-secret-1!';

/** Members seeded with generate_series, beside the bench members. */
export const SEEDED_MEMBERS = 100_000;
/** Ledger rows of the heavy member (the activity list at scale) and of the light one. */
export const HEAVY_ROWS = 10_000;
export const LIGHT_ROWS = 10;

export type ToServer =
  | { type: 'qrCodes'; count: number }
  | { type: 'stock'; count: number }
  | { type: 'backends' }
  | { type: 'close' };
export type FromServer =
  | {
      type: 'ready';
      appUrl: string;
      bareUrl: string;
      authTokens: string[];
      /** Members with HEAVY_ROWS and LIGHT_ROWS ledger rows. */
      heavyToken: string;
      lightToken: string;
      pid: number;
      optId: number;
    }
  | { type: 'backends'; pids: number[] }
  | { type: 'qrCodes'; codes: string[] }
  | { type: 'stock'; left: number }
  | { type: 'closed' }
  | { type: 'failed'; message: string };

const send = (message: FromServer) => process.send?.(message);

async function open(kind: string, url: string | undefined) {
  if (kind === 'pglite') return { ...(await openDatabase({ dataDir: 'memory://' })), applicationName: undefined, drop: async () => {} };
  if (!url) throw new Error('postgres needs a URL');
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  // The application name marks this bench's PostgreSQL backends (their CPU is read from /proc).
  const named = new URL(url);
  named.searchParams.set('application_name', schema);
  const database = await openDatabase({ url: named.toString(), schema });
  return {
    ...database,
    applicationName: schema,
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop schema if exists ${schema} cascade`);
      await cleanup.end();
    },
  };
}

async function addQrCodes(db: Kysely<Database>, communityId: string, count: number): Promise<string[]> {
  const codes = Array.from({ length: count }, () => newEarnQrCode());
  for (let start = 0; start < codes.length; start += 1000) {
    await db
      .insertInto('earn_qr_codes')
      .values(codes.slice(start, start + 1000).map((code) => ({ community_id: communityId, code, title: '"Bench QR"', pips: 1 })))
      .execute();
  }
  return codes;
}

/**
 * Realistic data around the bench members: SEEDED_MEMBERS verified members with an auth token
 * each, 8 earn promos (one a day, once, unlimited) and 4 rewards of 3 options with codes.
 */
async function seed(db: Kysely<Database>, communityId: string) {
  await sql`
    insert into users (community_id, email, first_name, last_name, custom_terms_accepted, password_hash, is_verified,
                       available_pips, total_earned_pips)
    select ${communityId}, 'seeded.' || n || '@example.com', 'Seeded', 'Member ' || n, true, 'x', true, n % 500, n % 500
    from generate_series(1, ${SEEDED_MEMBERS}) as n`.execute(db);
  await sql`
    insert into auth_tokens (token_hash, user_id, family_id, expires_at)
    select md5(id::text || 'bench'), id, md5(id::text), now() + interval '1 day' from users where email like 'seeded.%'`.execute(db);
  await sql`
    insert into promos (community_id, type, title, description, url, pips, earn_limit)
    select ${communityId}, 'EARN', jsonb_build_object('en', 'Earn action ' || n, 'es', 'Acción ' || n),
           jsonb_build_object('en', 'Do thing ' || n, 'es', 'Haz la cosa ' || n), 'https://example.com/' || n, n,
           (array['once', 'daily', 'unlimited'])[1 + n % 3]
    from generate_series(1, 8) as n`.execute(db);
  for (let r = 1; r <= 4; r++) {
    const reward = await createReward(db, {
      communityId,
      title: { en: `Reward ${r}`, es: `Premio ${r}` },
      description: { en: 'A gift card', es: 'Una tarjeta regalo' },
      url: 'https://example.com/claim',
      options: [10, 25, 50].map((pips) => ({ label: { en: `${pips} off`, es: `${pips} de descuento` }, pips: pips * r })),
    });
    for (const optionId of reward.optionIds) {
      await sql`insert into gift_card_codes (option_id, code) select ${optionId}, 'SEED-' || ${optionId} || '-' || n from generate_series(1, 50) as n`.execute(db);
    }
  }
  await sql`analyze`.execute(db);
}

/** `rows` ledger rows for a member (alternating credits and small debits), its balances to match. */
async function seedLedger(db: Kysely<Database>, userId: number, rows: number) {
  await sql`
    insert into ledger_entries (user_id, delta, kind, source_id, title, created_at)
    select ${userId}, case when n % 4 = 0 then -1 else 3 end, case when n % 4 = 0 then 'redeem' else 'qr' end, null,
           jsonb_build_object('en', 'Seeded row ' || n, 'es', 'Fila ' || n), now() - (${rows} - n) * interval '1 minute'
    from generate_series(1, ${rows}) as n`.execute(db);
  await sql`
    update users set available_pips = available_pips + s.sum, total_earned_pips = total_earned_pips + s.earned,
                     total_used_pips = total_used_pips + s.used, ledger_rows = s.n
    from (select count(*)::int as n, coalesce(sum(delta), 0)::int as sum, coalesce(sum(delta) filter (where delta > 0), 0)::int as earned,
                 coalesce(-sum(delta) filter (where delta < 0), 0)::int as used
          from ledger_entries where user_id = ${userId}) as s
    where id = ${userId}`.execute(db);
}

async function main() {
  const [kind, url] = process.argv.slice(2);
  const database = await open(kind, url);
  const { db } = database;
  await migrateToLatest(db);
  const community = await ensureDemoCommunity(db);
  const mailer = createMemoryMailer();
  const app = await buildApp({ db, mailer, config: testConfig() });

  await seed(db, community.id);
  const authTokens: string[] = [];
  const userIds: number[] = [];
  for (let i = 0; i < MEMBERS + 2; i++) {
    const email = `bench.${i}.${randomBytes(4).toString('hex')}@example.com`;
    const passwordToken = (await call(app, { method: 'POST', url: '/api/tokenize', form: { tokenType: 'register', password: PASSWORD } })).body.data.token;
    const registered = await call(app, {
      method: 'POST',
      url: '/mobile/user/register',
      query: { email, firstName: 'Bench', lastName: `Member ${i}`, passwordToken, phone: '', customTermsAccepted: 'true', communityId: community.id },
    });
    if (registered.status !== 200) throw new Error(`register failed: ${registered.text}`);
    const { authToken, userId } = registered.body.data;
    const code = /\b(\d{6})\b/.exec(mailer.lastTo(email)?.text ?? '')?.[1];
    const verified = await call(app, { method: 'POST', url: '/mobile/verify', token: authToken, form: { code } });
    if (verified.status !== 200) throw new Error(`verify failed: ${verified.text}`);
    await adjustPips(db, { userId, delta: 10_000_000, reason: 'Benchmark' });
    authTokens.push(authToken);
    userIds.push(userId);
  }
  // The last two: the activity list at HEAVY_ROWS and at LIGHT_ROWS ledger rows (+ the adjustment).
  const lightToken = authTokens.pop()!;
  await seedLedger(db, userIds.pop()!, LIGHT_ROWS - 1);
  const heavyToken = authTokens.pop()!;
  await seedLedger(db, userIds.pop()!, HEAVY_ROWS - 1);
  await sql`create table bench_insert_ref (id integer primary key generated always as identity, user_id integer not null,
    delta integer not null, created_at timestamptz not null default now())`.execute(db);
  await sql`create index bench_insert_ref_user on bench_insert_ref (user_id, id)`.execute(db);
  await sql`analyze`.execute(db);
  const reward = await createReward(db, { communityId: community.id, title: 'Bench reward', options: [{ label: 'One pip', pips: 1 }] });

  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ status: 'OK', success: true, data: { ok: true }, error: null }));
  // The references: one indexed lookup, and one single-statement insert, per request.
  const lookup = 'select id, available_pips from users where id = $1';
  bare.get('/ref/lookup', async () => {
    const id = 1 + Math.floor(Math.random() * SEEDED_MEMBERS);
    const { rows } = await db.executeQuery(CompiledQuery.raw(lookup, [id]));
    return { status: 'OK', success: true, data: rows[0] ?? null, error: null };
  });
  const insert = 'insert into bench_insert_ref (user_id, delta) values ($1, $2) returning id';
  bare.post('/ref/insert', async () => {
    const { rows } = await db.executeQuery(CompiledQuery.raw(insert, [1 + Math.floor(Math.random() * SEEDED_MEMBERS), 1]));
    return { status: 'OK', success: true, data: rows[0], error: null };
  });
  const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });
  const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });

  let stocked = 0;
  process.on('message', (message: ToServer) => {
    void (async () => {
      try {
        if (message.type === 'qrCodes') {
          send({ type: 'qrCodes', codes: await addQrCodes(db, community.id, message.count) });
        } else if (message.type === 'stock') {
          const codes = Array.from({ length: message.count }, (_, i) => `BENCH-${stocked + i}-${randomBytes(3).toString('hex')}`);
          stocked += message.count;
          await importGiftCardCodes(db, reward.optionIds[0], codes);
          const left = await db
            .selectFrom('gift_card_codes')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('redemption_id', 'is', null)
            .executeTakeFirstOrThrow();
          send({ type: 'stock', left: Number(left.n) });
        } else if (message.type === 'backends') {
          const pids = database.applicationName
            ? (await sql<{ pid: number }>`select pid from pg_stat_activity where application_name = ${database.applicationName}`.execute(db)).rows.map((r) => r.pid)
            : [];
          send({ type: 'backends', pids });
        } else if (message.type === 'close') {
          await app.close();
          await bare.close();
          await database.close();
          await database.drop();
          send({ type: 'closed' });
          process.disconnect?.();
        }
      } catch (error) {
        send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
      }
    })();
  });
  send({ type: 'ready', appUrl, bareUrl, authTokens, heavyToken, lightToken, pid: reward.id, optId: reward.optionIds[0] });
}

main().catch((error: unknown) => {
  send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exitCode = 1;
  process.disconnect?.();
});

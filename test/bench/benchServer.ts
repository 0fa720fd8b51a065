/**
 * The server under test of server-throughput.ts, run in a child process of its own (so the load
 * generator does not share its event loop): the real app (buildApp, rate limits off) and a bare
 * Fastify route, both on 127.0.0.1, over PGlite in memory or a fresh PostgreSQL schema. It seeds
 * verified members with plenty of pips and a reward, then answers the parent's IPC requests for
 * more earn QR codes and gift-card codes.
 *
 * Usage (by server-throughput.ts): node --import tsx test/bench/benchServer.ts pglite|postgres [url]
 */
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import type { Kysely } from 'kysely';
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

export type ToServer = { type: 'qrCodes'; count: number } | { type: 'stock'; count: number } | { type: 'close' };
export type FromServer =
  | { type: 'ready'; appUrl: string; bareUrl: string; authTokens: string[]; pid: number; optId: number }
  | { type: 'qrCodes'; codes: string[] }
  | { type: 'stock'; left: number }
  | { type: 'closed' }
  | { type: 'failed'; message: string };

const send = (message: FromServer) => process.send?.(message);

async function open(kind: string, url: string | undefined) {
  if (kind === 'pglite') return { ...(await openDatabase({ dataDir: 'memory://' })), drop: async () => {} };
  if (!url) throw new Error('postgres needs a URL');
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const database = await openDatabase({ url, schema });
  return {
    ...database,
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

async function main() {
  const [kind, url] = process.argv.slice(2);
  const database = await open(kind, url);
  const { db } = database;
  await migrateToLatest(db);
  const community = await ensureDemoCommunity(db);
  const mailer = createMemoryMailer();
  const app = await buildApp({ db, mailer, config: testConfig() });

  const authTokens: string[] = [];
  for (let i = 0; i < MEMBERS; i++) {
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
  }
  const reward = await createReward(db, { communityId: community.id, title: 'Bench reward', options: [{ label: 'One pip', pips: 1 }] });

  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ status: 'OK', success: true, data: { ok: true }, error: null }));
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
  send({ type: 'ready', appUrl, bareUrl, authTokens, pid: reward.id, optId: reward.optionIds[0] });
}

main().catch((error: unknown) => {
  send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exitCode = 1;
  process.disconnect?.();
});

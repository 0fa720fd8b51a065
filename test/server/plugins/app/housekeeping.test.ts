import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../server/config';
import { autovacuumRuns, pruneIdempotencyKeys, vacuumAnalyze } from '../../../../server/db/repositories/housekeeping';
import { backends, runsOn } from '../../helpers/databases';
import { useHarness } from '../../helpers/harness';

describe.each(backends)('idempotency key pruning on $name', (backend) => {
  const h = useHarness(backend);

  it('drops keys older than the configured age and keeps younger ones', async () => {
    const user = await h.register();
    const day = 24 * 3600 * 1000;
    const now = Date.now();
    await h.db
      .insertInto('idempotency_keys')
      .values([
        { user_id: user.userId, key: 'old-key-000001', operation: 'earnQr', fingerprint: 'qr=1', response: '{}', created_at: new Date(now - 8 * day) },
        { user_id: user.userId, key: 'new-key-000001', operation: 'earnQr', fingerprint: 'qr=1', response: '{}', created_at: new Date(now - 6 * day) },
      ])
      .execute();
    expect(await pruneIdempotencyKeys(h.db, new Date(now - 7 * day))).toBe(1);
    const left = await h.db.selectFrom('idempotency_keys').select('key').where('user_id', '=', user.userId).execute();
    expect(left.map((r) => r.key)).toEqual(['new-key-000001']);
  });

  it('runs as a job when the app starts', async () => {
    const user = await h.register();
    await h.db
      .insertInto('idempotency_keys')
      .values({ user_id: user.userId, key: 'stale-key-0001', operation: 'earnQr', fingerprint: 'qr=1', response: '{}', created_at: new Date(Date.now() - 3600 * 1000) })
      .execute();
    await h.buildApp({ idempotencyKeyMaxAgeSeconds: 60, idempotencyPruneIntervalSeconds: 1 });
    await expect
      .poll(async () => (await h.db.selectFrom('idempotency_keys').select('key').where('user_id', '=', user.userId).execute()).length, { timeout: 5000 })
      .toBe(0);
  });

  it('reads the age and interval from the environment', () => {
    const config = loadConfig({ IDEMPOTENCY_KEY_MAX_AGE_SECONDS: '86400', IDEMPOTENCY_PRUNE_INTERVAL_SECONDS: '0' });
    expect(config.idempotencyKeyMaxAgeSeconds).toBe(86400);
    expect(config.idempotencyPruneIntervalSeconds).toBe(0);
    expect(loadConfig({}).idempotencyKeyMaxAgeSeconds).toBe(7 * 24 * 3600);
  });
});

describe.each(backends)('vacuum and analyze on $name', (backend) => {
  const h = useHarness(backend);
  const analyzed = async (table: string) => {
    const { rows } = await sql<{ n: number }>`select reltuples::float8 as n from pg_class where oid = ${table}::regclass`.execute(h.db);
    return rows[0].n;
  };

  it('vacuums and analyzes the tables of the app schema only, so the planner knows their size', async () => {
    const user = await h.register();
    await h.db
      .insertInto('idempotency_keys')
      .values(Array.from({ length: 40 }, (_, i) => ({ user_id: user.userId, key: `vacuum-key-${String(i).padStart(4, '0')}`, operation: 'earnQr', fingerprint: 'qr=1', response: '{}', created_at: new Date() })))
      .execute();
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_tables where schemaname = current_schema()`.execute(h.db);
    expect(await vacuumAnalyze(h.db)).toBe(rows[0].n);
    expect(await analyzed('idempotency_keys')).toBe(40);
  });

});

// PGlite runs no autovacuum (a PostgreSQL server may or may not: not asserted here).
describe.skipIf(!runsOn('pglite'))('the housekeeping job on PGlite', () => {
  const g = useHarness(backends.find((b) => b.name === 'pglite')!);
  const analyzed = async (table: string) => {
    const { rows } = await sql<{ n: number }>`select reltuples::float8 as n from pg_class where oid = ${table}::regclass`.execute(g.db);
    return rows[0].n;
  };

  it('is done by the job at each interval (PGlite has no autovacuum)', async () => {
    expect(await autovacuumRuns(g.db)).toBe(false);
    const user = await g.register();
    await g.db
      .insertInto('idempotency_keys')
      .values(Array.from({ length: 25 }, (_, i) => ({ user_id: user.userId, key: `job-key-${String(i).padStart(4, '0')}`, operation: 'earnQr', fingerprint: 'qr=1', response: '{}', created_at: new Date() })))
      .execute();
    await g.buildApp({ idempotencyPruneIntervalSeconds: 1 });
    await expect.poll(() => analyzed('idempotency_keys'), { timeout: 5000 }).toBe(25);
  });
});

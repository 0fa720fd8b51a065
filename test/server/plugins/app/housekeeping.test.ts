import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../server/config';
import { pruneIdempotencyKeys } from '../../../../server/plugins/app/housekeeping';
import { backends } from '../../helpers/databases';
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

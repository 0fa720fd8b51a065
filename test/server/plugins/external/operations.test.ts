import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { backends } from '../../helpers/databases';
import { createHarness, expectOk, type Harness } from '../../helpers/harness';

describe.each(backends)('operations endpoints on $name', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(backend);
  });
  afterAll(async () => {
    await h.close();
  });
  afterEach(async () => {
    await h.reset();
  });

  it('answers /health without the database and /ready when the database answers and is migrated', async () => {
    expect(expectOk(await h.call({ url: '/health' }))).toEqual({ status: 'OK' });
    expect(expectOk(await h.call({ url: '/ready' }))).toEqual({ status: 'OK' });
  });

  it('is not ready while a migration is missing', async () => {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(h.db);
    const last = rows[0].name;
    await sql`delete from kysely_migration where name = ${last}`.execute(h.db);
    try {
      const answer = await h.call({ url: '/ready' });
      expect(answer.status).toBe(503);
      expect(answer.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(answer.body.error.message).toContain(last);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${last}, ${new Date().toISOString()})`.execute(h.db);
    }
    expect((await h.call({ url: '/ready' })).status).toBe(200);
  });

  it('exposes Prometheus metrics: requests and latency per route pattern, pips earned and redeemed', async () => {
    const user = await h.register();
    await h.call({ url: '/mobile/user/get', token: user.authToken });
    await h.call({ url: '/web/community/does-not-exist' });
    await h.db.updateTable('users').set({ total_earned_pips: 120, total_used_pips: 30 }).where('id', '=', user.userId).execute();
    const answer = await h.call({ url: '/metrics' });
    expect(answer.status).toBe(200);
    const text = answer.text;
    expect(text).toMatch(/pips_http_requests_total\{method="GET",route="\/mobile\/user\/get",status="200"\} 1/);
    // The route's pattern, not the raw URL.
    expect(text).toMatch(/pips_http_requests_total\{method="GET",route="\/web\/community\/:communityId",status="404"\} 1/);
    expect(text).not.toContain('does-not-exist');
    expect(text).toMatch(/pips_http_request_duration_seconds_bucket\{le="[^"]+",method="GET",route="\/mobile\/user\/get"\} 1/);
    expect(text).toMatch(/^pips_earned_total 120$/m);
    expect(text).toMatch(/^pips_redeemed_total 30$/m);
    expect(text).not.toContain(user.authToken);
  });
});

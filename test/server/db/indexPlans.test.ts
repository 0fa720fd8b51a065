import pg from 'pg';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { adjustPips } from '../../../server/db/repositories/ledger';
import { createReward, importGiftCardCodes } from '../../../server/db/repositories/rewards';
import { backends } from '../helpers/databases';
import { useHarness } from '../helpers/harness';

/**
 * Migration 056: the hot writes' plans, kept for a connection's life, read their tables through
 * indexes even when they were first made while the tables were nearly empty. PostgreSQL only:
 * auto_explain sends each nested statement's plan to the client as a notice.
 */
describe.each(backends.filter((b) => b.name === 'postgres'))('plans of the hot writes on $name', (backend) => {
  const h = useHarness(backend);

  it('redemptions look up idempotency keys and check redemptions by index from the first call on', async () => {
    const user = await h.registerVerified();
    await adjustPips(h.db, { userId: user.userId, delta: 1000, reason: 'plans' });
    const reward = await createReward(h.db, { communityId: h.community.id, title: 'Plans', options: [{ label: 'One', pips: 1 }] });
    const optionId = reward.optionIds[0];
    await importGiftCardCodes(h.db, optionId, Array.from({ length: 30 }, (_, i) => `PLAN-${i}`));
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(h.db);

    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL, options: `-c search_path=${rows[0].schema}` });
    const plans: string[] = [];
    client.on('notice', (notice) => plans.push(String(notice.message)));
    await client.connect();
    try {
      // Statistics taken while the tables were (nearly) empty, as on a new community's database.
      await client.query('analyze idempotency_keys, redemptions, gift_card_codes');
      await client.query(`load 'auto_explain'`);
      await client.query(`set auto_explain.log_min_duration = 0; set auto_explain.log_nested_statements = on; set auto_explain.log_level = notice`);
      // Past the plan cache's five custom plans, so the kept generic plans are seen too.
      for (let i = 0; i < 12; i++) {
        await client.query('select pips_redeem($1, $2, $3, $4, now())', [user.userId, reward.id, optionId, `plans-key-${i}`]);
      }
    } finally {
      await client.end();
    }
    const statements = plans.join('\n');
    expect(statements).toContain('idempotency_keys');
    expect(statements).toContain('"redemptions"');
    expect(statements).not.toMatch(/Seq Scan on (idempotency_keys|redemptions|gift_card_codes)/);
  });
});

describe.each(backends)('the hot writes run with sequential scans off on $name', (backend) => {
  const h = useHarness(backend);

  it('sets enable_seqscan off on pips_redeem and pips_earn_qr, and nowhere else', async () => {
    const { rows } = await sql<{ name: string }>`
      select proname as name from pg_proc
       where pronamespace = current_schema()::regnamespace and 'enable_seqscan=off' = any(proconfig)
       order by proname`.execute(h.db);
    expect(rows.map((r) => r.name)).toEqual(['pips_earn_qr', 'pips_redeem']);
  });
});

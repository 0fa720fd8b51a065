import pg from 'pg';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { adjustPips } from '../../../server/db/repositories/ledger';
import { newEarnQrCode } from '../../../server/db/repositories/earnQrCodes';
import { createReward, importGiftCardCodes } from '../../../server/db/repositories/rewards';
import { backends } from '../helpers/databases';
import { useHarness } from '../helpers/harness';

/**
 * Migration 056: the hot writes' plans, kept for a connection's life, read their tables through
 * indexes even when they were first made while the tables were nearly empty. PostgreSQL only:
 * auto_explain sends each nested statement's plan to the client as a notice.
 */
/** The plans of every statement `calls` runs on a connection of its own, auto_explain's notices. */
async function plansOf(schema: string, tables: string, calls: (client: pg.Client) => Promise<void>): Promise<string> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL, options: `-c search_path=${schema}` });
  const plans: string[] = [];
  client.on('notice', (notice) => plans.push(String(notice.message)));
  await client.connect();
  try {
    // Statistics taken while the tables were (nearly) empty, as on a new community's database.
    await client.query(`analyze ${tables}`);
    await client.query(`load 'auto_explain'`);
    await client.query(`set auto_explain.log_min_duration = 0; set auto_explain.log_nested_statements = on; set auto_explain.log_level = notice`);
    await calls(client);
  } finally {
    await client.end();
  }
  return plans.join('\n');
}

describe.each(backends.filter((b) => b.name === 'postgres'))('plans of the hot writes on $name', (backend) => {
  const h = useHarness(backend);
  const schema = async () => (await sql<{ schema: string }>`select current_schema() as schema`.execute(h.db)).rows[0].schema;

  it('redemptions look up idempotency keys and check redemptions by index from the first call on', async () => {
    const user = await h.registerVerified();
    await adjustPips(h.db, { userId: user.userId, delta: 1000, reason: 'plans' });
    const reward = await createReward(h.db, { communityId: h.community.id, title: 'Plans', options: [{ label: 'One', pips: 1 }] });
    const optionId = reward.optionIds[0];
    await importGiftCardCodes(h.db, optionId, Array.from({ length: 30 }, (_, i) => `PLAN-${i}`));
    const statements = await plansOf(await schema(), 'idempotency_keys, redemptions, gift_card_codes', async (client) => {
      // Past the plan cache's five custom plans, so the kept generic plans are seen too.
      for (let i = 0; i < 12; i++) {
        await client.query('select pips_redeem($1, $2, $3, $4, now())', [user.userId, reward.id, optionId, `plans-key-${i}`]);
      }
    });
    expect(statements).toContain('idempotency_keys');
    expect(statements).toContain('"redemptions"');
    expect(statements).not.toMatch(/Seq Scan on (idempotency_keys|redemptions|gift_card_codes)/);
  });

  it('earns by QR code finding the one-time token by its hash, however many tokens the member holds', async () => {
    const user = await h.registerVerified();
    const codes = Array.from({ length: 12 }, () => newEarnQrCode());
    await h.db.insertInto('earn_qr_codes').values(codes.map((code) => ({ community_id: h.community.id, code, title: '"Plans QR"', pips: 1 }))).execute();
    // The member's earlier tokens, which a plan on the user_id index would go through.
    const token = (i: number) => ({ token_hash: `plans-token-${i}`, type: 'qrParams' as const, user_id: user.userId, payload: JSON.stringify({ code: codes[i % codes.length] }), expires_at: new Date(Date.now() + 3600_000) });
    const statements = await plansOf(await schema(), 'one_time_tokens, idempotency_keys, earn_claims', async (client) => {
      await h.db.insertInto('one_time_tokens').values(Array.from({ length: 12 }, (_, i) => token(i))).execute();
      await client.query(`insert into one_time_tokens (token_hash, type, user_id, payload, expires_at)
                          select 'plans-old-' || g, 'qrParams', $1, '{}', now() - interval '1 day' from generate_series(1, 500) g`, [user.userId]);
      for (let i = 0; i < 12; i++) {
        const { rows } = await client.query('select pips_earn_qr($1, $2, null, $3, now(), $4) as r', [user.userId, `plans-token-${i}`, `plans-earn-${i}`, 'en']);
        expect(rows[0].r).toMatchObject({ pipsEarned: 1 });
      }
    });
    expect(statements).toContain('one_time_tokens_pkey');
    expect(statements).not.toMatch(/one_time_tokens_user_id_idx|Seq Scan on (one_time_tokens|idempotency_keys|earn_claims)/);
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

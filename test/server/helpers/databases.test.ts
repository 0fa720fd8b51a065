import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addGiftCardCodes, createRedeemPromo } from './catalog';
import { backends, emptyTables, schemaTables } from './databases';
import { expectOk, useHarness } from './harness';
import { insertVerifiedMember } from './postgresRaces';

/** Each table of the schema (not the migration record) with its row count. */
async function rowCounts(db: Parameters<typeof emptyTables>[0]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of await schemaTables(db)) {
    const counted = await sql<{ n: string }>`select count(*) as n from ${sql.table(name)}`.execute(db);
    counts[name] = Number(counted.rows[0].n);
  }
  return counts;
}

/**
 * What every server test's reset relies on: `emptyTables` leaves no row in any table, whatever
 * references what, and new rows get their ids from the start again (as TRUNCATE … RESTART
 * IDENTITY did), so no test sees another's data or depends on what ran before it.
 */
describe.each(backends)('emptyTables on $name', (backend) => {
  const h = useHarness(backend);

  it('empties every table, the referencing ones too, and starts every sequence over', async () => {
    const member = await insertVerifiedMember(h.db, h.app, h.community.id, 50);
    const reward = await createRedeemPromo(h.db, { communityId: h.community.id, options: [{ pips: 10 }] });
    await addGiftCardCodes(h.db, reward.optionIds[0], ['ONE', 'TWO']);
    expectOk(
      await h.call({
        method: 'POST',
        url: '/mobile/redeem',
        token: member.authToken,
        form: { pid: String(reward.id), optId: String(reward.optionIds[0]), amount: '1', idempotencyKey: randomUUID() },
      }),
    );
    const before = await rowCounts(h.db);
    expect(before.users).toBe(1);
    expect(before.ledger_entries).toBe(2);
    expect(before.redemptions).toBe(1);
    expect(before.gift_card_codes).toBe(2);

    await emptyTables(h.db);

    const after = await rowCounts(h.db);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    // The ids start over: the next reward is number 1 again (in the demo community the reset makes anew).
    await h.reset();
    const again = await createRedeemPromo(h.db, { communityId: h.community.id, options: [{ pips: 5 }] });
    expect(again.id).toBe(1);
  });
});

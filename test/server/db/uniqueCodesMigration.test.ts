import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { runAdmin } from '../../../server/admin';
import { migrateToLatest, type Database } from '../../../server/db/index';
import { setOperatorRole } from '../../../server/db/repositories/operators/roles';
import { backends } from '../helpers/databases';
import { createHarness, expectFailure, expectOk } from '../helpers/harness';

/**
 * Migration 061 on a database that already holds the same gift-card code twice (loaded into two
 * options, of one community and of two): every copy is kept, none handed out while a twin exists,
 * the operator sees them (API, CLI) and resolves them by voiding the free copies.
 */
describe.each(backends)('migration 061 on a database with duplicate codes on $name', (backend) => {
  const insertId = async (db: Kysely<Database>, query: ReturnType<typeof sql<{ id: number }>>) => (await query.execute(db)).rows[0].id;

  it('keeps every copy, hands none out while a twin exists, reports them, and a void makes the last one ordinary', async () => {
    const database = await backend.open('060_plain_reads');
    const db = database.db;
    await sql`insert into communities (id, name) values ('c-here', 'Here'), ('c-there', 'There')`.execute(db);
    const reward = (community: string, title: string) =>
      insertId(db, sql<{ id: number }>`insert into promos (community_id, type, title, pips) values (${community}, 'REDEEM', ${JSON.stringify(title)}::jsonb, 0) returning id`);
    const option = (promo: number, label: string) =>
      insertId(db, sql<{ id: number }>`insert into promo_options (promo_id, label, pips) values (${promo}, ${JSON.stringify(label)}::jsonb, 10) returning id`);
    const books = await reward('c-here', 'Books');
    const coffee = await reward('c-here', 'Coffee');
    const theirs = await reward('c-there', 'Their reward');
    const [o1, o2, o3] = [await option(books, '$5 card'), await option(coffee, 'Small'), await option(theirs, 'Card')];
    // RR-GIFT-0001 in two options of one community; TWIN-2 in two communities; ONLY-3 once.
    await sql`insert into gift_card_codes (option_id, code) values
                (${o1}, 'RR-GIFT-0001'), (${o2}, 'RR-GIFT-0001'), (${o2}, 'TWIN-2'), (${o3}, 'TWIN-2'), (${o1}, 'ONLY-3')`.execute(db);
    // A member redeemed option 1 before the migration: the first RR-GIFT-0001 is theirs.
    const ana = await insertId(
      db,
      sql<{ id: number }>`insert into users (community_id, email, first_name, last_name, phone, custom_terms_accepted, is_verified, available_pips, total_earned_pips)
                          values ('c-here', 'ana@example.com', 'Ana', 'Lopez', '', true, true, 100, 100) returning id`,
    );
    await sql`select pips_redeem(${ana}, ${books}, ${o1}, null, now())`.execute(db);
    const before = await sql<{ id: number; code: string; redemption_id: number | null }>`select id, code, redemption_id from gift_card_codes order by id`.execute(db);
    expect(before.rows.find((row) => row.code === 'RR-GIFT-0001')!.redemption_id).not.toBeNull();

    await migrateToLatest(db);

    // Nothing dropped or reassigned; the twins flagged, the lone code not.
    const after = await sql<{ id: number; code: string; redemption_id: number | null; duplicate: boolean }>`
      select id, code, redemption_id, duplicate from gift_card_codes order by id`.execute(db);
    expect(after.rows.map(({ duplicate: _flag, ...row }) => row)).toEqual(before.rows);
    expect(after.rows.map((row) => [row.code, row.duplicate])).toEqual([
      ['RR-GIFT-0001', true],
      ['RR-GIFT-0001', true],
      ['TWIN-2', true],
      ['TWIN-2', true],
      ['ONLY-3', false],
    ]);
    const inStock = async (id: number) => (await sql<{ s: boolean }>`select in_stock as s from promo_options where id = ${id}`.execute(db)).rows[0].s;
    expect([await inStock(o1), await inStock(o2), await inStock(o3)]).toEqual([true, false, false]);

    const h = await createHarness({ name: backend.name, open: async () => database });
    try {
      const owner = await h.registerVerified({ communityId: 'c-here' });
      const viewer = await h.registerVerified({ communityId: 'c-here' });
      await setOperatorRole(h.db, owner.userId, 'c-here', 'owner');
      await setOperatorRole(h.db, viewer.userId, 'c-here', 'viewer');

      // The free copy of a twin is never handed out: option 2 holds only twins.
      const bea = await h.registerVerified({ communityId: 'c-here' });
      await h.db.transaction().execute((trx) => h.app.ledger.post(trx, { userId: bea.userId, delta: 50, kind: 'adjustment', sourceId: null, title: 'Start', reason: 'test' }));
      expectFailure(await h.call({ method: 'POST', url: '/mobile/redeem', token: bea.authToken, form: { pid: coffee, optId: o2, amount: 1 } }), 409, 'OUT_OF_STOCK');

      const report = expectOk(await h.call({ url: '/admin/communities/c-here/codes/duplicates', token: owner.authToken }));
      const [copy1, copy2, twin2, twin3] = after.rows;
      expect(report.groups).toEqual([
        {
          code: 'RR-GIFT-0001',
          copies: [
            { codeId: copy1.id, status: 'handedOut', place: { promoId: books, optId: o1, reward: { en: 'Books' }, option: { en: '$5 card' } }, handedOutAt: expect.any(String), userId: ana, email: 'ana@example.com' },
            { codeId: copy2.id, status: 'free', place: { promoId: coffee, optId: o2, reward: { en: 'Coffee' }, option: { en: 'Small' } }, handedOutAt: null, userId: null, email: null },
          ],
        },
        {
          code: 'TWIN-2',
          copies: [
            { codeId: twin2.id, status: 'free', place: { promoId: coffee, optId: o2, reward: { en: 'Coffee' }, option: { en: 'Small' } }, handedOutAt: null, userId: null, email: null },
            // The other community's copy: there, and nothing more.
            { codeId: null, status: 'free', place: null, handedOutAt: null, userId: null, email: null },
          ],
        },
      ]);
      expect(twin3.code).toBe('TWIN-2');
      // A viewer sees the last 4 characters only.
      const masked = expectOk(await h.call({ url: '/admin/communities/c-here/codes/duplicates', token: viewer.authToken }));
      expect(masked.groups.map((g: { code: string }) => g.code)).toEqual(['••••••••0001', '••IN-2']);

      // The CLI says the same.
      const lines: string[] = [];
      expect(await runAdmin(['giftcards:duplicates', '--community', 'c-here'], { db: h.db, publicUrl: 'http://localhost', out: (line) => lines.push(line) })).toBe(0);
      expect(lines.join('\n')).toContain('2 gift-card codes are stored more than once');
      expect(lines.join('\n')).toContain(`copy #${copy2.id}: reward #${coffee} "Coffee" · option #${o2} "Small": free`);
      expect(lines.join('\n')).toContain('handed out');

      // Voiding the free copy leaves one: an ordinary (handed-out) code again, out of the report.
      expectOk(await h.call({ method: 'POST', url: `/admin/codes/${copy2.id}/void`, token: owner.authToken }));
      expect((await sql<{ duplicate: boolean }>`select duplicate from gift_card_codes where id = ${copy1.id}`.execute(h.db)).rows[0].duplicate).toBe(false);
      // Voiding this community's TWIN-2 copy makes the other community's copy ordinary stock again.
      expectOk(await h.call({ method: 'POST', url: `/admin/codes/${twin2.id}/void`, token: owner.authToken }));
      expect(expectOk(await h.call({ url: '/admin/communities/c-here/codes/duplicates', token: owner.authToken })).groups).toEqual([]);
      expect(await inStock(o3)).toBe(true);
      // And the import refuses RR-GIFT-0001 as any loaded code.
      const again = expectOk(await h.call({ method: 'POST', url: `/admin/options/${o2}/codes`, token: owner.authToken, json: { codes: ['RR-GIFT-0001'], dryRun: true } }));
      expect(again.skipped).toEqual([{ line: 1, code: 'RR-GIFT-0001', reason: 'ALREADY_LOADED', loadedFor: expect.objectContaining({ optId: o1 }) }]);
    } finally {
      await h.close();
    }
    // PGlite migrates from an empty database here (no migrated copy at 060): slow on a busy machine.
  }, 180_000);
});

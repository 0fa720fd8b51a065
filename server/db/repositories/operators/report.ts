import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, LocalizedText } from '../../schema';

// The operator's report of a community over a period.

type Db = Kysely<Database> | Transaction<Database>;

/** What the operator's report reads (issue 14): a community over a period ending now. */
export async function communityReport(db: Db, communityId: string, from: Date) {
  const members = await db
    .selectFrom('users')
    .select((eb) => [eb.fn.countAll<string>().as('total'), sql<string>`count(*) filter (where created_at >= ${from})`.as('joined')])
    .where('community_id', '=', communityId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  const pips = await db
    .selectFrom('ledger_entries as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select([
      sql<string>`coalesce(sum(l.delta) filter (where l.delta > 0 and l.kind <> 'adjustment'), 0)`.as('earned'),
      sql<string>`coalesce(-sum(l.delta) filter (where l.kind = 'redeem'), 0)`.as('redeemed'),
      sql<string>`coalesce(sum(l.delta) filter (where l.kind = 'adjustment'), 0)`.as('adjusted'),
    ])
    .where('u.community_id', '=', communityId)
    .where('l.created_at', '>=', from)
    .executeTakeFirstOrThrow();
  const earnings = await db
    .selectFrom('ledger_entries as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select([
      sql<string>`to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'),
      'l.kind',
      'l.source_id',
      sql<LocalizedText>`(array_agg(l.title order by l.id desc))[1]`.as('title'),
      sql<string>`count(*)`.as('count'),
      sql<string>`sum(l.delta)`.as('pips'),
    ])
    .where('u.community_id', '=', communityId)
    .where('l.created_at', '>=', from)
    .where('l.delta', '>', 0)
    .where('l.kind', '<>', 'adjustment')
    .groupBy([sql`1`, 'l.kind', 'l.source_id'])
    .orderBy(sql`1`)
    .orderBy('l.kind')
    .orderBy('l.source_id')
    .execute();
  const redemptions = await db
    .selectFrom('redemptions as r')
    .innerJoin('promos as p', 'p.id', 'r.promo_id')
    .innerJoin('promo_options as o', 'o.id', 'r.option_id')
    .select(['r.promo_id', 'r.option_id', 'p.title', 'o.label', sql<string>`count(*)`.as('count'), sql<string>`sum(r.pips)`.as('pips')])
    .where('p.community_id', '=', communityId)
    .where('r.created_at', '>=', from)
    .groupBy(['r.promo_id', 'r.option_id', 'p.title', 'o.label'])
    .orderBy('r.promo_id')
    .orderBy('r.option_id')
    .execute();
  const stock = await db
    .selectFrom('promo_options as o')
    .innerJoin('promos as p', 'p.id', 'o.promo_id')
    .leftJoin('gift_card_codes as g', 'g.option_id', 'o.id')
    .select([
      'p.id as promo_id',
      'o.id as option_id',
      'p.title',
      'o.label',
      sql<string>`count(g.id) filter (where g.redemption_id is null and not g.duplicate)`.as('left'),
      sql<string>`count(g.id)`.as('total'),
    ])
    .where('p.community_id', '=', communityId)
    .where('p.type', '=', 'REDEEM')
    .where('p.active', '=', true)
    .groupBy(['p.id', 'o.id', 'p.title', 'o.label'])
    .orderBy(sql`count(g.id) filter (where g.redemption_id is null and not g.duplicate)`)
    .orderBy('p.id')
    .orderBy('o.id')
    .execute();
  return { members, pips, earnings, redemptions, stock };
}

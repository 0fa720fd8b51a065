import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, LocalizedText } from '../../schema';
import { limitColumns, limitOf, type RedemptionLimit } from '../rewards';

// A reward's options: prices, limits and gift-card stock.

type Db = Kysely<Database> | Transaction<Database>;

/** How many options a reward has. */
export async function optionCount(db: Db, promoId: number): Promise<number> {
  const row = await db.selectFrom('promo_options').select((eb) => eb.fn.countAll<string>().as('n')).where('promo_id', '=', promoId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertRewardOption(trx: Transaction<Database>, promoId: number, option: { label: LocalizedText; pips: number; limit?: RedemptionLimit | null }): Promise<number> {
  const row = await trx
    .insertInto('promo_options')
    .values({ promo_id: promoId, label: JSON.stringify(option.label), pips: option.pips, ...limitColumns(option.limit) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A reward's options with their prices and gift-card stock (codes loaded, codes still free), cheapest first. */
export async function optionsOfReward(db: Db, promoId: number) {
  const rows = await db
    .selectFrom('promo_options as o')
    .leftJoin('gift_card_codes as g', 'g.option_id', 'o.id')
    .select(['o.id', 'o.label', 'o.pips', 'o.limit_count', 'o.limit_period'])
    .select((eb) => [
      eb.fn.count<string>('g.id').as('total'),
      // A code stored twice (migration 061) is not stock: it is never handed out while its twin exists.
      sql<string>`count(g.id) filter (where g.redemption_id is null and not g.duplicate)`.as('left'),
    ])
    .where('o.promo_id', '=', promoId)
    .groupBy(['o.id', 'o.label', 'o.pips', 'o.limit_count', 'o.limit_period'])
    .orderBy('o.pips')
    .orderBy('o.id')
    .execute();
  return rows.map((row) => ({ id: row.id, label: row.label, pips: row.pips, limit: limitOf(row), codesTotal: Number(row.total), codesLeft: Number(row.left) }));
}

export type RewardOptionRow = Awaited<ReturnType<typeof optionsOfReward>>[number];

/** A reward option and the community of its reward, locked for a change (codes loaded into it). */
export async function findOptionForUpdate(trx: Transaction<Database>, optionId: number) {
  return trx
    .selectFrom('promo_options as o')
    .innerJoin('promos as p', 'p.id', 'o.promo_id')
    .select(['o.id', 'o.promo_id as promoId', 'p.community_id as communityId'])
    .where('o.id', '=', optionId)
    .where('p.type', '=', 'REDEEM')
    .forUpdate('o')
    .executeTakeFirst();
}

/** A reward option's community (undefined for no such option of a reward). */
export async function optionCommunity(db: Db, optionId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('promo_options as o')
    .innerJoin('promos as p', 'p.id', 'o.promo_id')
    .select('p.community_id as communityId')
    .where('o.id', '=', optionId)
    .where('p.type', '=', 'REDEEM')
    .executeTakeFirst();
  return row?.communityId;
}

/** Edits a reward option's label, price or per-member limit (null: none). */
export async function updateRewardOption(trx: Transaction<Database>, id: number, change: { label?: LocalizedText; pips?: number; limit?: RedemptionLimit | null }) {
  await trx
    .updateTable('promo_options')
    .set({
      ...(change.label !== undefined ? { label: JSON.stringify(change.label) } : {}),
      ...(change.pips !== undefined ? { pips: change.pips } : {}),
      ...(change.limit !== undefined ? limitColumns(change.limit) : {}),
    })
    .where('id', '=', id)
    .execute();
}

export async function optionRedemptions(db: Db, optionId: number): Promise<number> {
  const row = await db.selectFrom('redemptions').select((eb) => eb.fn.countAll<string>().as('n')).where('option_id', '=', optionId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteRewardOption(trx: Transaction<Database>, optionId: number): Promise<void> {
  await trx.deleteFrom('promo_options').where('id', '=', optionId).execute();
}

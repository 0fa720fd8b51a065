import type { Kysely, Transaction } from 'kysely';
import type { Database, LocalizedText } from '../schema';

/**
 * Gift-card codes are unique across the whole database (migration 061): where a code is already
 * loaded, the codes stored twice before that (flagged `duplicate`), and their resolution.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** Where a code is loaded: its option, reward and community. */
export interface CodePlace {
  code: string;
  optionId: number;
  optionLabel: LocalizedText;
  promoId: number;
  rewardTitle: LocalizedText;
  communityId: string;
}

/**
 * Where each of these codes is loaded already, in any option of any community, flagged twins
 * included (one place per code: the lowest id). Both reads go through an index on `code`: the
 * unique one for ordinary codes, the small partial one for flagged twins.
 */
export async function placesOfCodes(db: Db, codes: readonly string[]): Promise<Map<string, CodePlace>> {
  const places = new Map<string, CodePlace>();
  for (let start = 0; start < codes.length; start += 1000) {
    const chunk = codes.slice(start, start + 1000);
    if (chunk.length === 0) continue;
    const read = (duplicate: boolean) =>
      db
        .selectFrom('gift_card_codes as g')
        .innerJoin('promo_options as o', 'o.id', 'g.option_id')
        .innerJoin('promos as p', 'p.id', 'o.promo_id')
        .select(['g.code', 'g.option_id as optionId', 'o.label as optionLabel', 'p.id as promoId', 'p.title as rewardTitle', 'p.community_id as communityId'])
        .where('g.code', 'in', chunk)
        .where('g.duplicate', '=', duplicate)
        .orderBy('g.id')
        .execute();
    for (const row of [...(await read(false)), ...(await read(true))]) if (!places.has(row.code)) places.set(row.code, row);
  }
  return places;
}

/** One stored copy of a code that is stored more than once. */
export interface DuplicateCopy {
  id: number;
  code: string;
  optionId: number;
  optionLabel: LocalizedText;
  promoId: number;
  rewardTitle: LocalizedText;
  communityId: string;
  redemptionId: number | null;
  handedOutAt: Date | null;
  userId: number | null;
  email: string | null;
}

/**
 * Every copy of the codes stored more than once that have a copy in one of these communities (the
 * copies elsewhere too: the caller decides what to show of them), by code then id.
 */
export async function duplicateCopies(db: Db, communityIds: readonly string[]): Promise<DuplicateCopy[]> {
  if (communityIds.length === 0) return [];
  return db
    .selectFrom('gift_card_codes as g')
    .innerJoin('promo_options as o', 'o.id', 'g.option_id')
    .innerJoin('promos as p', 'p.id', 'o.promo_id')
    .leftJoin('redemptions as r', 'r.id', 'g.redemption_id')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'g.id',
      'g.code',
      'g.option_id as optionId',
      'o.label as optionLabel',
      'p.id as promoId',
      'p.title as rewardTitle',
      'p.community_id as communityId',
      'g.redemption_id as redemptionId',
      'r.created_at as handedOutAt',
      'r.user_id as userId',
      'u.email',
    ])
    .where('g.duplicate', '=', true)
    .where('g.code', 'in', (eb) =>
      eb
        .selectFrom('gift_card_codes as d')
        .innerJoin('promo_options as do', 'do.id', 'd.option_id')
        .innerJoin('promos as dp', 'dp.id', 'do.promo_id')
        .select('d.code')
        .where('d.duplicate', '=', true)
        .where('dp.community_id', 'in', communityIds),
    )
    .orderBy('g.code')
    .orderBy('g.id')
    .execute();
}

/**
 * After a flagged copy of `code` is voided: the copies left are locked (two voids of one group
 * take turns), and a lone copy left is an ordinary code again (stock, if free: the stock trigger
 * sees it). Whether it was released.
 */
export async function releaseLoneCopy(trx: Transaction<Database>, code: string): Promise<boolean> {
  const left = await trx.selectFrom('gift_card_codes').select(['id', 'duplicate']).where('code', '=', code).orderBy('id').forUpdate().execute();
  if (left.length !== 1 || !left[0].duplicate) return false;
  await trx.updateTable('gift_card_codes').set({ duplicate: false }).where('id', '=', left[0].id).execute();
  return true;
}

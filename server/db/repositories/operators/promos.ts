import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, EarnCompletion, LocalizedText } from '../../schema';

// Earn actions and rewards as the operator lists, edits and deletes them.

type Db = Kysely<Database> | Transaction<Database>;

/** The columns of a promo the operator API shows and edits. */
const promoColumns = [
  'id', 'community_id', 'type', 'title', 'description', 'url', 'pips', 'earn_limit', 'active', 'created_at', 'image_url', 'image_width', 'image_height',
  'questionnaire_id', 'redirect_to_internal_screen', 'completed_by',
] as const;

export async function promosOfCommunity(db: Db, communityId: string, type: 'EARN' | 'REDEEM', archived: boolean) {
  return db
    .selectFrom('promos')
    .select(promoColumns)
    .where('community_id', '=', communityId)
    .where('type', '=', type)
    .where('active', '=', !archived)
    .orderBy('id', 'desc')
    .execute();
}

export async function findPromoForUpdate(trx: Transaction<Database>, id: number) {
  return trx.selectFrom('promos').select(promoColumns).where('id', '=', id).forUpdate().executeTakeFirst();
}

export type PromoRow = NonNullable<Awaited<ReturnType<typeof findPromoForUpdate>>>;

export interface PromoChange {
  title?: LocalizedText;
  description?: LocalizedText | null;
  url?: string | null;
  pips?: number;
  active?: boolean;
  /** With the screen it leads to (null clears both). */
  completion?: { completedBy: EarnCompletion | null; screen: string | null };
}

export async function updatePromo(trx: Transaction<Database>, id: number, change: PromoChange) {
  return trx
    .updateTable('promos')
    .set({
      ...(change.title !== undefined ? { title: JSON.stringify(change.title) } : {}),
      ...(change.description !== undefined ? { description: change.description === null ? null : JSON.stringify(change.description) } : {}),
      ...(change.url !== undefined ? { url: change.url } : {}),
      ...(change.pips !== undefined ? { pips: change.pips } : {}),
      ...(change.active !== undefined ? { active: change.active } : {}),
      ...(change.completion !== undefined
        ? { completed_by: change.completion.completedBy, redirect_to_internal_screen: change.completion.screen }
        : {}),
    })
    .where('id', '=', id)
    .returning(promoColumns)
    .executeTakeFirstOrThrow();
}

/** What still refers to a promo: ledger rows and claims of its earn action, redemptions and gift-card codes of its reward. */
export async function promoReferences(db: Db, promo: { id: number; type: 'EARN' | 'REDEEM' }) {
  if (promo.type === 'EARN') {
    const row = await db
      .selectFrom('ledger_entries')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('kind', '=', 'promo')
      .where('source_id', '=', promo.id)
      .executeTakeFirstOrThrow();
    return { earned: row.n, redemptions: 0, codes: 0 };
  }
  const redemptions = await db.selectFrom('redemptions').select(sql<number>`count(*)::int`.as('n')).where('promo_id', '=', promo.id).executeTakeFirstOrThrow();
  const codes = await db
    .selectFrom('gift_card_codes as g')
    .innerJoin('promo_options as o', 'o.id', 'g.option_id')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('o.promo_id', '=', promo.id)
    .executeTakeFirstOrThrow();
  return { earned: 0, redemptions: redemptions.n, codes: codes.n };
}

/** Deletes a promo (its options go with it). */
export async function deletePromo(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('earn_claims').where('kind', '=', 'promo').where('source_id', '=', id).execute();
  await trx.deleteFrom('promos').where('id', '=', id).execute();
}

/** A promo's image as the audit log keeps it. */
export async function promoImage(db: Db, promoId: number) {
  const row = await db.selectFrom('promos').select(['image_url', 'image_width', 'image_height']).where('id', '=', promoId).executeTakeFirstOrThrow();
  return { url: row.image_url, width: row.image_width, height: row.image_height };
}

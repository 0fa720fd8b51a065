import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../schema';

// The gift-card codes of a reward option, as the operator lists and voids them.

type Db = Kysely<Database> | Transaction<Database>;

export interface CodeRow {
  id: number;
  code: string;
  redemptionId: number | null;
  handedOutAt: Date | string | null;
  userId: number | null;
  email: string | null;
}

/** A page of an option's gift-card codes, newest first, with who got each one handed out. */
export async function codesOfOption(db: Db, optionId: number, status: 'free' | 'handedOut' | undefined, limit: number, offset: number) {
  let base = db.selectFrom('gift_card_codes as g').where('g.option_id', '=', optionId);
  if (status === 'free') base = base.where('g.redemption_id', 'is', null);
  if (status === 'handedOut') base = base.where('g.redemption_id', 'is not', null);
  const [rows, total] = await Promise.all([
    base
      .leftJoin('redemptions as r', 'r.id', 'g.redemption_id')
      .leftJoin('users as u', 'u.id', 'r.user_id')
      .select(['g.id', 'g.code', 'g.redemption_id as redemptionId', 'r.created_at as handedOutAt', 'r.user_id as userId', 'u.email as email'])
      .orderBy('g.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as CodeRow[], total: Number(total.n) };
}

/** One gift-card code with its option's community, locked for a void. */
export async function findCodeForUpdate(trx: Transaction<Database>, codeId: number) {
  return trx
    .selectFrom('gift_card_codes as g')
    .innerJoin('promo_options as o', 'o.id', 'g.option_id')
    .innerJoin('promos as p', 'p.id', 'o.promo_id')
    .select(['g.id', 'g.code', 'g.duplicate', 'g.option_id as optionId', 'g.redemption_id as redemptionId', 'p.community_id as communityId'])
    .where('g.id', '=', codeId)
    .forUpdate('g')
    .executeTakeFirst();
}

export async function deleteCode(trx: Transaction<Database>, codeId: number): Promise<void> {
  await trx.deleteFrom('gift_card_codes').where('id', '=', codeId).where('redemption_id', 'is', null).execute();
}

import type { Transaction } from 'kysely';
import type { Database } from '../schema';

/**
 * A member's claims of limited earn sources (a promo or QR code earned once, or once a UTC day):
 * one row per user, kind, source and period, unique, written in the credit's transaction.
 */
export interface EarnClaimKey {
  userId: number;
  kind: 'promo' | 'qr';
  sourceId: number;
  /** 'once', or the UTC day 'YYYY-MM-DD' of a daily limit. */
  period: string;
}

/** Whether the member already claimed the source in this period. */
export async function earnClaimExists(trx: Transaction<Database>, key: EarnClaimKey): Promise<boolean> {
  const found = await trx
    .selectFrom('earn_claims')
    .select('id')
    .where('user_id', '=', key.userId)
    .where('kind', '=', key.kind)
    .where('source_id', '=', key.sourceId)
    .where('period', '=', key.period)
    .executeTakeFirst();
  return found !== undefined;
}

/** Takes the claim; false when a concurrent request took it first. */
export async function insertEarnClaim(trx: Transaction<Database>, key: EarnClaimKey, ledgerEntryId: number, createdAt: Date): Promise<boolean> {
  const inserted = await trx
    .insertInto('earn_claims')
    .values({
      user_id: key.userId,
      kind: key.kind,
      source_id: key.sourceId,
      period: key.period,
      ledger_entry_id: ledgerEntryId,
      created_at: createdAt,
    })
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'source_id', 'period']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

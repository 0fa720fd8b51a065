import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, LocalizedText } from '../../schema';

// Earn QR codes as the operator lists, edits, ends and deletes them.

type Db = Kysely<Database> | Transaction<Database>;

/** The columns of an earn QR code the operator API shows. */
const qrColumns = ['id', 'community_id', 'title', 'pips', 'earn_limit', 'valid_from', 'valid_until', 'total_cap', 'claims_count', 'code'] as const;

/** A community's earn QR codes, newest first. */
export async function qrCodesOfCommunity(db: Db, communityId: string) {
  return db.selectFrom('earn_qr_codes').select(qrColumns).where('community_id', '=', communityId).orderBy('id', 'desc').execute();
}

export async function findQrCodeForUpdate(trx: Transaction<Database>, id: number) {
  return trx.selectFrom('earn_qr_codes').select(qrColumns).where('id', '=', id).forUpdate().executeTakeFirst();
}

export type QrCodeRow = NonNullable<Awaited<ReturnType<typeof findQrCodeForUpdate>>>;

/** Ends a code's validity at `at` (scans answer QR_CODE_EXPIRED from then on). */
export async function endQrCode(trx: Transaction<Database>, id: number, at: Date) {
  return trx.updateTable('earn_qr_codes').set({ valid_until: at }).where('id', '=', id).returning(qrColumns).executeTakeFirstOrThrow();
}

/** Ledger rows a QR code credited. */
export async function qrCodeCredits(db: Db, id: number): Promise<number> {
  const row = await db.selectFrom('ledger_entries').select(sql<number>`count(*)::int`.as('n')).where('kind', '=', 'qr').where('source_id', '=', id).executeTakeFirstOrThrow();
  return row.n;
}

export async function deleteQrCode(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('earn_claims').where('kind', '=', 'qr').where('source_id', '=', id).execute();
  await trx.deleteFrom('earn_qr_codes').where('id', '=', id).execute();
}

export interface QrCodeChange {
  title?: LocalizedText;
  pips?: number;
  earnLimit?: 'once' | 'daily';
  validUntil?: Date | null;
  cap?: number | null;
}

/** Edits an earn QR code (its code, and so its printed link, stays). */
export async function updateQrCode(trx: Transaction<Database>, id: number, change: QrCodeChange) {
  return trx
    .updateTable('earn_qr_codes')
    .set({
      ...(change.title !== undefined ? { title: JSON.stringify(change.title) } : {}),
      ...(change.pips !== undefined ? { pips: change.pips } : {}),
      ...(change.earnLimit !== undefined ? { earn_limit: change.earnLimit } : {}),
      ...(change.validUntil !== undefined ? { valid_until: change.validUntil } : {}),
      ...(change.cap !== undefined ? { total_cap: change.cap } : {}),
    })
    .where('id', '=', id)
    .returning(qrColumns)
    .executeTakeFirstOrThrow();
}

import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database, LocalizedText } from '../schema';

/** Earn QR codes: printed `<PUBLIC_URL>/earn?qr=<code>` links that credit pips when scanned. */

type Db = Kysely<Database>;

const json = (value: unknown) => JSON.stringify(value);

/** What a printed earn QR code encodes. */
export const earnQrLink = (publicUrl: string, code: string) => `${publicUrl}/earn?qr=${encodeURIComponent(code)}`;

/** A fresh earn QR code: 16 random bytes as base64url (22 url-safe characters). */
export const newEarnQrCode = () => randomBytes(16).toString('base64url');

export interface EarnQrCodeInput {
  communityId: string;
  title: LocalizedText;
  pips: number;
  limit?: 'once' | 'daily';
  validFrom?: Date | null;
  validUntil?: Date | null;
  /** How many scans may credit in all; null or undefined: no cap. */
  totalCap?: number | null;
  /** Default: a fresh random code (newEarnQrCode). */
  code?: string;
}

export interface CreatedEarnQrCode {
  id: number;
  /** What the printed QR encodes after `?qr=`. */
  code: string;
}

export async function createEarnQrCode(db: Db, input: EarnQrCodeInput): Promise<CreatedEarnQrCode> {
  const code = input.code ?? newEarnQrCode();
  const row = await db
    .insertInto('earn_qr_codes')
    .values({
      community_id: input.communityId,
      code,
      title: json(input.title),
      pips: input.pips,
      earn_limit: input.limit ?? 'once',
      valid_from: input.validFrom ?? null,
      valid_until: input.validUntil ?? null,
      total_cap: input.totalCap ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, code };
}

export interface EarnQrCodeSummary {
  id: number;
  code: string;
  title: LocalizedText;
  pips: number;
  limit: 'once' | 'daily';
  validFrom: Date | null;
  validUntil: Date | null;
  totalCap: number | null;
  claims: number;
}

/** The community's earn QR codes, oldest first. */
export async function listEarnQrCodes(db: Db, communityId: string): Promise<EarnQrCodeSummary[]> {
  const rows = await db
    .selectFrom('earn_qr_codes')
    .selectAll()
    .where('community_id', '=', communityId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    title: row.title,
    pips: row.pips,
    limit: row.earn_limit,
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    totalCap: row.total_cap,
    claims: row.claims_count,
  }));
}

// ---- Scans ---------------------------------------------------------------------------------

/** An earn QR code of the member's community by its code, or undefined. */
export async function findEarnQrCodeOfMember(db: Db, userId: number, code: string) {
  return db
    .selectFrom('earn_qr_codes as q')
    .innerJoin('users as u', 'u.community_id', 'q.community_id')
    .where('u.id', '=', userId)
    .where('q.code', '=', code)
    .select(['q.id', 'q.title', 'q.pips', 'q.earn_limit', 'q.valid_from', 'q.valid_until'])
    .executeTakeFirst();
}

/** Counts one claim against the code's total cap; false when the cap is reached (one conditional update). */
export async function countEarnQrClaim(trx: Transaction<Database>, id: number): Promise<boolean> {
  const counted = await trx
    .updateTable('earn_qr_codes')
    .set((eb) => ({ claims_count: eb('claims_count', '+', 1) }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('total_cap', 'is', null), eb('claims_count', '<', eb.ref('total_cap'))]))
    .returning('id')
    .executeTakeFirst();
  return counted !== undefined;
}

/** One earn QR code by its number (the operator's qr:print). */
export async function findEarnQrCodeById(db: Db, id: number) {
  return db
    .selectFrom('earn_qr_codes')
    .select(['id', 'code', 'title', 'community_id', 'pips', 'earn_limit', 'valid_until'])
    .where('id', '=', id)
    .executeTakeFirst();
}

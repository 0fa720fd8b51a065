import type { Transaction } from 'kysely';
import { earnClaimExists, insertEarnClaim, type EarnClaimKey } from '../db/repositories/earnClaims';
import type { Database } from '../db/schema';
import { AppError } from '../errors';

/**
 * Per-member earn limits shared by earn actions and earn QR codes: a limited source is claimed
 * once, or once a UTC day, by a unique row of earn_claims written in the credit's transaction.
 */

export type Limit = 'once' | 'daily';

/** The UTC day of a time, 'YYYY-MM-DD': the period of a once-a-day limit. */
export const utcDay = (time: Date) => time.toISOString().slice(0, 10);

export const limitReached = (limit: Limit) =>
  limit === 'daily'
    ? new AppError('ALREADY_EARNED_TODAY', 409, 'You already earned this today. Come back tomorrow.')
    : new AppError('ALREADY_EARNED', 409, 'You already earned this.');

/** A unique violation: a concurrent request took the same earn claim first. */
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

export interface LimitedClaim extends EarnClaimKey {
  limit: Limit;
}

/** The claim of a source for its limit's current period at `time`. */
export const claimFor = (userId: number, kind: 'promo' | 'qr', sourceId: number, limit: Limit, time: Date): LimitedClaim => ({
  userId,
  kind,
  sourceId,
  period: limit === 'daily' ? utcDay(time) : 'once',
  limit,
});

/** Refuses (ALREADY_EARNED / ALREADY_EARNED_TODAY) when the member already claimed it: the usual refusal. */
export async function refuseIfClaimed(trx: Transaction<Database>, claim: LimitedClaim): Promise<void> {
  if (await earnClaimExists(trx, claim)) throw limitReached(claim.limit);
}

/** Takes the claim after the credit; the unique key is the backstop when two requests race. */
export async function takeClaim(trx: Transaction<Database>, claim: LimitedClaim, ledgerEntryId: number, time: Date): Promise<void> {
  if (!(await insertEarnClaim(trx, claim, ledgerEntryId, time))) throw limitReached(claim.limit);
}

/** Runs a credit; a unique violation of earn_claims (a lost race) becomes the limit's code. */
export async function withLimit<T>(limit: () => Limit | null, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const current = limit();
    if (current && isUniqueViolation(error)) throw limitReached(current);
    throw error;
  }
}

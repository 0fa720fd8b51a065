import type { Kysely } from 'kysely';
import type { Database } from '../schema';

export async function findVerificationCode(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('verification_codes')
    .select(['code_hash', 'expires_at', 'attempts', 'sent_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Stores a fresh code for the user, replacing any previous one and resetting the attempts. */
export async function replaceVerificationCode(
  db: Kysely<Database>,
  row: { user_id: number; code_hash: string; expires_at: Date; sent_at: Date },
): Promise<void> {
  await db
    .insertInto('verification_codes')
    .values({ ...row, attempts: 0 })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ code_hash: row.code_hash, expires_at: row.expires_at, sent_at: row.sent_at, attempts: 0 }),
    )
    .execute();
}

/** Counts one wrong try; returns the new number of attempts. */
export async function countWrongAttempt(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('user_id', '=', userId)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts ?? 0;
}

export async function deleteVerificationCode(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('verification_codes').where('user_id', '=', userId).execute();
}

/**
 * Reserves one try of the stored code atomically, so parallel guesses cannot exceed the limit;
 * false when the tries are used up or another code was sent meanwhile.
 */
export async function reserveVerificationAttempt(db: Kysely<Database>, userId: number, codeHash: string, maxAttempts: number): Promise<boolean> {
  const reserved = await db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('user_id', '=', userId)
    .where('attempts', '<', maxAttempts)
    .where('code_hash', '=', codeHash)
    .returning('attempts')
    .executeTakeFirst();
  return reserved !== undefined;
}

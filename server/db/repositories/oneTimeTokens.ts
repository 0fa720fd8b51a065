import { sql, type Kysely } from 'kysely';
import type { Database, OneTimeTokenType } from '../schema';

export async function insertOneTimeToken(
  db: Kysely<Database>,
  row: { token_hash: string; type: OneTimeTokenType; user_id: number | null; payload: Record<string, unknown>; expires_at: Date },
): Promise<void> {
  await db
    .insertInto('one_time_tokens')
    .values({ ...row, payload: sql<string>`${JSON.stringify(row.payload)}::jsonb` as unknown as string })
    .execute();
}

/**
 * Uses a token once: marks it used and returns it, or undefined when it is unknown, of another
 * type, expired or already used. Concurrent calls cannot both succeed.
 */
export async function consumeOneTimeToken(
  db: Kysely<Database>,
  tokenHash: string,
  type: OneTimeTokenType,
  now: Date,
): Promise<{ user_id: number | null; payload: Record<string, unknown> } | undefined> {
  return db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('type', '=', type)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'payload'])
    .executeTakeFirst();
}

/** Housekeeping: drops tokens that expired more than a day ago. */
export async function deleteStaleOneTimeTokens(db: Kysely<Database>, now: Date): Promise<void> {
  await db
    .deleteFrom('one_time_tokens')
    .where('expires_at', '<', new Date(now.getTime() - 24 * 3600 * 1000))
    .execute();
}

/**
 * Adds fields to the payload of a live (unused, unexpired) token; false when there is none.
 * Used to keep Apple's one-time `user` JSON with the sign-in state.
 */
export async function mergeOneTimeTokenPayload(
  db: Kysely<Database>,
  tokenHash: string,
  type: OneTimeTokenType,
  fields: Record<string, unknown>,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('one_time_tokens')
    .set({ payload: sql<string>`payload || ${JSON.stringify(fields)}::jsonb` as unknown as string })
    .where('token_hash', '=', tokenHash)
    .where('type', '=', type)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A live (unused, unexpired) token of a type issued to this user, or undefined. */
export async function findLiveUserToken(
  db: Kysely<Database>,
  tokenHash: string,
  type: OneTimeTokenType,
  userId: number,
  now: Date,
): Promise<{ payload: Record<string, unknown> } | undefined> {
  return db
    .selectFrom('one_time_tokens')
    .select('payload')
    .where('token_hash', '=', tokenHash)
    .where('type', '=', type)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Uses up a live token of a type issued to this user; false when it is not live (another request used it first). */
export async function consumeUserToken(db: Kysely<Database>, tokenHash: string, type: OneTimeTokenType, userId: number, now: Date): Promise<boolean> {
  const used = await db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('type', '=', type)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('token_hash')
    .executeTakeFirst();
  return used !== undefined;
}

/**
 * A token of a type issued to this user, used or not (an exact replay of a write names a token
 * the first request used up), or undefined.
 */
export async function findUserToken(
  db: Kysely<Database>,
  tokenHash: string,
  type: OneTimeTokenType,
  userId: number,
): Promise<{ payload: Record<string, unknown> } | undefined> {
  return db
    .selectFrom('one_time_tokens')
    .select('payload')
    .where('token_hash', '=', tokenHash)
    .where('type', '=', type)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

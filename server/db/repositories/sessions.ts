import type { Kysely } from 'kysely';
import type { Database } from '../schema';

export interface StoredAccessToken {
  user_id: number;
  family_id: string;
  expires_at: Date;
}

export async function insertAccessToken(
  db: Kysely<Database>,
  row: { token_hash: string; user_id: number; family_id: string; expires_at: Date },
): Promise<void> {
  await db.insertInto('auth_tokens').values(row).execute();
}

export async function findAccessToken(db: Kysely<Database>, tokenHash: string): Promise<StoredAccessToken | undefined> {
  return db
    .selectFrom('auth_tokens')
    .select(['user_id', 'family_id', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function insertRefreshToken(
  db: Kysely<Database>,
  row: { token_hash: string; user_id: number; family_id: string; expires_at: Date },
): Promise<void> {
  await db.insertInto('refresh_tokens').values(row).execute();
}

export async function findRefreshToken(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens')
    .select(['user_id', 'family_id', 'expires_at', 'used_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks a refresh token used; false when another request used (or revoked) it first. */
export async function claimRefreshToken(db: Kysely<Database>, tokenHash: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Ends a session family: its refresh tokens are revoked and its access tokens deleted. */
export async function revokeFamily(db: Kysely<Database>, familyId: string, now: Date): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
  await db.deleteFrom('auth_tokens').where('family_id', '=', familyId).execute();
}

/** Ends every session of a user, or every one but `keepFamilyId`. */
export async function revokeUserSessions(
  db: Kysely<Database>,
  userId: number,
  now: Date,
  keepFamilyId?: string,
): Promise<void> {
  let refresh = db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  let access = db.deleteFrom('auth_tokens').where('user_id', '=', userId);
  if (keepFamilyId !== undefined) {
    refresh = refresh.where('family_id', '<>', keepFamilyId);
    access = access.where('family_id', '<>', keepFamilyId);
  }
  await refresh.execute();
  await access.execute();
}

/** Housekeeping: drops a user's expired access tokens and long-dead refresh tokens. */
export async function deleteExpiredSessions(db: Kysely<Database>, userId: number, now: Date): Promise<void> {
  await db.deleteFrom('auth_tokens').where('user_id', '=', userId).where('expires_at', '<', now).execute();
  await db.deleteFrom('refresh_tokens').where('user_id', '=', userId).where('expires_at', '<', now).execute();
}

/** The session of an access token with its member's verification, for members not deleted. */
export async function findSessionByAccessToken(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .select(['auth_tokens.user_id', 'auth_tokens.family_id', 'auth_tokens.expires_at', 'users.is_verified'])
    .where('auth_tokens.token_hash', '=', tokenHash)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
}

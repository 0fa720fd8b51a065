import { sql, type Kysely } from 'kysely';
import { deletedMember } from '../../accountLabels';
import type { Database, NewUser, UserRow } from '../schema';
import { eraseFromAudit } from './audit';

/** A user row with `day_of_birth` read as 'YYYY-MM-DD' text and the community name joined. */
export type UserRecord = Omit<UserRow, 'day_of_birth' | 'suspended_at' | 'suspension_reason'> & { day_of_birth: string | null; community_name: string };

function selectUsers(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .innerJoin('communities', 'communities.id', 'users.community_id')
    .select([
      'users.id',
      'users.community_id',
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.phone',
      'users.guardian_consent_at',
      'users.custom_terms_accepted',
      'users.password_hash',
      'users.is_verified',
      'users.available_pips',
      'users.total_earned_pips',
      'users.total_used_pips',
      'users.created_at',
      'users.deleted_at',
      'communities.name as community_name',
    ])
    .select(sql<string | null>`to_char(users.day_of_birth, 'YYYY-MM-DD')`.as('day_of_birth'));
}

/** An active (not deleted) user by normalised e-mail. */
export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRecord | undefined> {
  return selectUsers(db).where('users.email', '=', email).where('users.deleted_at', 'is', null).executeTakeFirst();
}

/** An active (not deleted) user by id. */
export async function findUserById(db: Kysely<Database>, id: number): Promise<UserRecord | undefined> {
  return selectUsers(db).where('users.id', '=', id).where('users.deleted_at', 'is', null).executeTakeFirst();
}

/** Any user by id, deleted ones included (operator views). */
export async function findAnyUserById(db: Kysely<Database>, id: number): Promise<UserRecord | undefined> {
  return selectUsers(db).where('users.id', '=', id).executeTakeFirst();
}

export async function emailInUse(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}

/** Inserts a user; returns undefined when the e-mail is already taken (unique violation). */
export async function insertUser(db: Kysely<Database>, user: NewUser): Promise<number | undefined> {
  const row = await db
    .insertInto('users')
    .values(user)
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function setPasswordHash(db: Kysely<Database>, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

export async function markVerified(db: Kysely<Database>, userId: number): Promise<void> {
  await db.updateTable('users').set({ is_verified: true }).where('id', '=', userId).execute();
}

export interface ProfileChanges {
  first_name: string;
  last_name: string;
  phone?: string;
  day_of_birth?: string | null;
}

export async function updateProfile(db: Kysely<Database>, userId: number, changes: ProfileChanges): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', userId).where('deleted_at', 'is', null).execute();
}

/**
 * Deletes the personal data of an account and keeps an anonymous row (its id may be referenced
 * by ledgers). The e-mail becomes free for a new registration. Nothing shown later to the
 * community or to operators keeps the name or the e-mail (issue 46): operator answers name the
 * account "deleted member #id" (server/accountLabels.ts), the e-mail is erased from the audit
 * log's values, and the display names it chose in trivia contests go. Run it in a transaction.
 */
export async function anonymizeUser(db: Kysely<Database>, userId: number, now: Date): Promise<void> {
  const account = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  if (account?.email) await eraseFromAudit(db, account.email, deletedMember(userId));
  await db.updateTable('trivia_contest_members').set({ display_name: null }).where('user_id', '=', userId).execute();
  await db
    .updateTable('users')
    .set({
      email: null,
      first_name: '',
      last_name: '',
      phone: '',
      day_of_birth: null,
      guardian_consent_at: null,
      password_hash: null,
      is_verified: false,
      deleted_at: now,
    })
    .where('id', '=', userId)
    .execute();
  await db.deleteFrom('auth_tokens').where('user_id', '=', userId).execute();
  await db.deleteFrom('refresh_tokens').where('user_id', '=', userId).execute();
  await db.deleteFrom('verification_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('one_time_tokens').where('user_id', '=', userId).execute();
  await db.deleteFrom('devices').where('user_id', '=', userId).execute();
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
  await db.deleteFrom('push_deliveries').where('user_id', '=', userId).where('state', '=', 'pending').execute();
  // A later Google / Apple sign-in with the same identity starts a new account.
  await db.deleteFrom('identities').where('user_id', '=', userId).execute();
}

/** Whether a user exists and is not deleted. */
export async function isActiveUser(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
  return row !== undefined;
}

/** The pip balances of an active user, or undefined. */
export async function findBalances(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('users')
    .select(['available_pips', 'total_earned_pips', 'total_used_pips'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The community of an account (deleted or not); throws when there is no such account. */
export async function communityOfAccount(db: Kysely<Database>, userId: number): Promise<string> {
  const row = await db.selectFrom('users').select('community_id').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.community_id;
}

/** Inserts a verified account (the CLI's new operator); a taken e-mail is an error. */
export async function insertVerifiedAccount(
  db: Kysely<Database>,
  account: { communityId: string; email: string; firstName: string; lastName: string; passwordHash: string },
): Promise<void> {
  await db
    .insertInto('users')
    .values({
      community_id: account.communityId,
      email: account.email,
      first_name: account.firstName,
      last_name: account.lastName,
      phone: '',
      day_of_birth: null,
      guardian_consent_at: null,
      custom_terms_accepted: true,
      password_hash: account.passwordHash,
      is_verified: true,
      deleted_at: null,
    })
    .execute();
}

/** The pips every member ever earned and used, from the balances (exact across every instance). */
export async function pipTotals(db: Kysely<Database>): Promise<{ earned: number; used: number }> {
  const row = await db
    .selectFrom('users')
    .select([sql<string>`coalesce(sum(total_earned_pips), 0)`.as('earned'), sql<string>`coalesce(sum(total_used_pips), 0)`.as('used')])
    .executeTakeFirstOrThrow();
  return { earned: Number(row.earned), used: Number(row.used) };
}

import type { Kysely, Transaction } from 'kysely';
import { deletedMember } from '../../../accountLabels';
import type { Database, OperatorRole } from '../../schema';

// Who runs which community: operator roles, and the accounts they are given to.

type Db = Kysely<Database> | Transaction<Database>;

/** Sets (or changes) an operator's role in a community. */
export async function setOperatorRole(db: Db, userId: number, communityId: string, role: OperatorRole): Promise<void> {
  await db
    .insertInto('operator_roles')
    .values({ user_id: userId, community_id: communityId, role })
    .onConflict((oc) => oc.columns(['user_id', 'community_id']).doUpdateSet({ role }))
    .execute();
}

/** The communities an account runs, with its role in each (none for a plain member). */
export async function communitiesOfOperator(db: Db, userId: number) {
  return db
    .selectFrom('operator_roles as r')
    .innerJoin('communities as c', 'c.id', 'r.community_id')
    .select(['c.id as communityId', 'c.name', 'r.role', 'c.active'])
    .where('r.user_id', '=', userId)
    .orderBy('c.name')
    .execute();
}

/** Whether an account has a role in any community (the app then links to the console). */
export async function runsCommunity(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('operator_roles').select('user_id').where('user_id', '=', userId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The caller's role in one community, or undefined. */
export async function roleIn(db: Db, userId: number, communityId: string): Promise<OperatorRole | undefined> {
  const row = await db
    .selectFrom('operator_roles')
    .select('role')
    .where('user_id', '=', userId)
    .where('community_id', '=', communityId)
    .executeTakeFirst();
  return row?.role;
}

export async function operatorsOf(db: Db, communityId: string) {
  const rows = await db
    .selectFrom('operator_roles as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['u.id as userId', 'u.email', 'r.role'])
    .where('r.community_id', '=', communityId)
    .orderBy('u.email')
    .execute();
  return rows.map((row) => ({ userId: row.userId, email: row.email ?? deletedMember(row.userId), role: row.role }));
}

export async function ownerCount(db: Db, communityId: string): Promise<number> {
  const row = await db.selectFrom('operator_roles').select((eb) => eb.fn.countAll<string>().as('n')).where('community_id', '=', communityId).where('role', '=', 'owner').executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function removeOperatorRole(db: Db, userId: number, communityId: string): Promise<void> {
  await db.deleteFrom('operator_roles').where('user_id', '=', userId).where('community_id', '=', communityId).execute();
}

/** A verified, not deleted account by its (normalized) e-mail. */
export async function verifiedAccount(db: Db, email: string) {
  const row = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', '=', email)
    .where('is_verified', '=', true)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row && { id: row.id, email: row.email ?? email };
}

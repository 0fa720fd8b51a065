import type { Kysely } from 'kysely';
import type { Database } from '../schema';

/** The user an identity (provider + subject) is linked to, if any. */
export async function findIdentityUser(
  db: Kysely<Database>,
  provider: string,
  subject: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('identities')
    .select('user_id')
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.user_id;
}

/** Links an identity to a user; false when the identity is already linked (to anyone). */
export async function linkIdentity(
  db: Kysely<Database>,
  identity: { provider: string; subject: string; user_id: number; email: string | null },
): Promise<boolean> {
  const row = await db
    .insertInto('identities')
    .values(identity)
    .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

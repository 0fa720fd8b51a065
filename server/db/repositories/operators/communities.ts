import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../schema';

// A community as its owner edits it.

type Db = Kysely<Database> | Transaction<Database>;

/** A community with its member count, locked when `trx` writes it next. */
export async function communityForUpdate(trx: Transaction<Database>, communityId: string) {
  const row = await trx.selectFrom('communities').select(['id', 'name', 'active']).where('id', '=', communityId).forUpdate().executeTakeFirst();
  if (!row) return undefined;
  return { ...row, members: await memberCount(trx, communityId) };
}

export async function memberCount(db: Db, communityId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('community_id', '=', communityId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updateCommunity(trx: Transaction<Database>, communityId: string, change: { name?: string; active?: boolean }): Promise<void> {
  if (change.name === undefined && change.active === undefined) return;
  await trx
    .updateTable('communities')
    .set({ ...(change.name !== undefined ? { name: change.name } : {}), ...(change.active !== undefined ? { active: change.active } : {}) })
    .where('id', '=', communityId)
    .execute();
}

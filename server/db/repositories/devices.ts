import type { Kysely } from 'kysely';
import type { Database } from '../schema';

/** Registers a push identifier for a user; an identifier seen before moves to this user. */
export async function upsertDevice(
  db: Kysely<Database>,
  row: { user_id: number; identifier: string; platform: string; now: Date },
): Promise<void> {
  await db
    .insertInto('devices')
    .values({ user_id: row.user_id, identifier: row.identifier, platform: row.platform, updated_at: row.now })
    .onConflict((oc) => oc.column('identifier').doUpdateSet({ user_id: row.user_id, platform: row.platform, updated_at: row.now }))
    .execute();
}

export async function deleteDevice(db: Kysely<Database>, userId: number, identifier: string): Promise<boolean> {
  const result = await db
    .deleteFrom('devices')
    .where('user_id', '=', userId)
    .where('identifier', '=', identifier)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function listDevices(db: Kysely<Database>, userId: number) {
  return db.selectFrom('devices').select(['identifier', 'platform']).where('user_id', '=', userId).orderBy('id').execute();
}

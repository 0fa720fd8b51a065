import type { Kysely } from 'kysely';
import type { AnnouncementText, Database } from '../schema';

/** A community's support contact as the operator set it. */
export interface SupportContact {
  email: string;
  url: string | null;
  phone: string | null;
  text: AnnouncementText | null;
  updatedAt: Date;
}

export async function findSupportContact(db: Kysely<Database>, communityId: string): Promise<SupportContact | undefined> {
  const row = await db.selectFrom('community_support').selectAll().where('community_id', '=', communityId).executeTakeFirst();
  return row && { email: row.email, url: row.url, phone: row.phone, text: row.text, updatedAt: row.updated_at };
}

export interface SupportContactInput {
  email: string;
  url: string | null;
  phone: string | null;
  text: AnnouncementText | null;
}

/** Sets (or replaces) the contact; with `onlyIfMissing` an existing one is kept (the demo). */
export async function setSupportContact(
  db: Kysely<Database>,
  communityId: string,
  input: SupportContactInput,
  options: { onlyIfMissing?: boolean } = {},
): Promise<void> {
  const values = {
    email: input.email,
    url: input.url,
    phone: input.phone,
    text: input.text === null ? null : JSON.stringify(input.text),
    updated_at: new Date(),
  };
  await db
    .insertInto('community_support')
    .values({ community_id: communityId, ...values })
    .onConflict((oc) => (options.onlyIfMissing ? oc.column('community_id').doNothing() : oc.column('community_id').doUpdateSet(values)))
    .execute();
}

/** Removes the contact (members then read that none is set). */
export async function clearSupportContact(db: Kysely<Database>, communityId: string): Promise<boolean> {
  const result = await db.deleteFrom('community_support').where('community_id', '=', communityId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

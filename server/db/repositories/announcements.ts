import { sql, type Kysely, type Transaction } from 'kysely';
import type { AnnouncementText, Database, StoredAnnouncementStatus } from '../schema';

type Db = Kysely<Database>;

export interface NewAnnouncement {
  communityId: string;
  title: AnnouncementText;
  text: AnnouncementText;
  url?: string | null;
  icon?: string | null;
}

export async function insertAnnouncement(db: Db, input: NewAnnouncement, now: Date): Promise<{ id: number; sendDate: Date }> {
  const row = await db
    .insertInto('announcements')
    .values({
      community_id: input.communityId,
      title: JSON.stringify(input.title),
      text: JSON.stringify(input.text),
      url: input.url ?? null,
      icon: input.icon ?? null,
      send_date: now,
    })
    .returning(['id', 'send_date'])
    .executeTakeFirstOrThrow();
  return { id: row.id, sendDate: row.send_date };
}

export async function findAnnouncement(db: Db, id: number) {
  return db.selectFrom('announcements').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The operator's list: newest first, with how many members read and deleted each, and the push queue. */
export async function listAnnouncements(db: Db, communityId: string | undefined) {
  let query = db
    .selectFrom('announcements as a')
    .select((eb) => [
      'a.id',
      'a.community_id',
      'a.title',
      'a.text',
      'a.url',
      'a.send_date',
      'a.active',
      eb
        .selectFrom('announcement_statuses as s')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('s.announcement_id', '=', 'a.id')
        .where('s.status', '=', 3)
        .as('read'),
      eb
        .selectFrom('announcement_statuses as s')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('s.announcement_id', '=', 'a.id')
        .where('s.status', '=', 4)
        .as('deleted'),
      eb
        .selectFrom('push_deliveries as d')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('d.announcement_id', '=', 'a.id')
        .where('d.state', '=', 'sent')
        .as('pushed'),
    ])
    .orderBy('a.id', 'desc');
  if (communityId !== undefined) query = query.where('a.community_id', '=', communityId);
  return query.execute();
}

export async function deleteAnnouncement(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('announcements').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export interface MemberAnnouncementRow {
  id: number;
  title: AnnouncementText;
  text: AnnouncementText;
  url: string | null;
  icon: string | null;
  send_date: Date;
  created_at: Date;
  type: string | null;
  status: StoredAnnouncementStatus | null;
}

/**
 * A page of the community's announcements for one member, newest first, without those the
 * member deleted, with the member's record (type, status) when there is one. `before` pages by
 * id; otherwise `offset`.
 */
export async function memberAnnouncements(
  db: Db,
  params: { userId: number; communityId: string; limit: number; offset: number; before?: number; now: Date },
): Promise<MemberAnnouncementRow[]> {
  let query = db
    .selectFrom('announcements as a')
    .leftJoin('announcement_statuses as s', (join) => join.onRef('s.announcement_id', '=', 'a.id').on('s.user_id', '=', params.userId))
    .select(['a.id', 'a.title', 'a.text', 'a.url', 'a.icon', 'a.send_date', 'a.created_at', 's.type', 's.status'])
    .where('a.community_id', '=', params.communityId)
    .where('a.active', '=', true)
    .where('a.send_date', '<=', params.now)
    .where((eb) => eb.or([eb('s.status', 'is', null), eb('s.status', '<>', 4)]))
    .orderBy('a.id', 'desc')
    .limit(params.limit);
  if (params.before !== undefined) query = query.where('a.id', '<', params.before);
  else query = query.offset(params.offset);
  return (await query.execute()) as MemberAnnouncementRow[];
}

/** Every status record of the member (of their community's announcements). */
export async function memberStatusRecords(db: Db, userId: number) {
  return db
    .selectFrom('announcement_statuses as s')
    .innerJoin('announcements as a', 'a.id', 's.announcement_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.announcement_id', 's.type', 's.status'])
    .where('s.user_id', '=', userId)
    .where('a.active', '=', true)
    .whereRef('a.community_id', '=', 'u.community_id')
    .orderBy('s.announcement_id', 'desc')
    .execute();
}

/**
 * Stores a member's status; a record only moves forward (new < delivered < read < deleted), so
 * a late "delivered" never makes a read announcement unread again.
 */
export async function upsertStatus(
  db: Db,
  row: { announcementId: number; userId: number; type: string; status: StoredAnnouncementStatus; now: Date },
): Promise<void> {
  await db
    .insertInto('announcement_statuses')
    .values({ announcement_id: row.announcementId, user_id: row.userId, type: row.type, status: row.status, updated_at: row.now })
    .onConflict((oc) =>
      oc.columns(['announcement_id', 'user_id']).doUpdateSet({
        status: sql`greatest(announcement_statuses.status, excluded.status)`,
        type: sql`case when excluded.status > announcement_statuses.status then excluded.type else announcement_statuses.type end`,
        updated_at: row.now,
      }),
    )
    .execute();
}

/** How many published announcements of the community the member has neither read nor deleted. */
export async function memberUnreadCount(db: Db, params: { userId: number; communityId: string; now: Date }): Promise<number> {
  const row = await db
    .selectFrom('announcements as a')
    .leftJoin('announcement_statuses as s', (join) => join.onRef('s.announcement_id', '=', 'a.id').on('s.user_id', '=', params.userId))
    .select(sql<number>`count(*)::int`.as('n'))
    .where('a.community_id', '=', params.communityId)
    .where('a.active', '=', true)
    .where('a.send_date', '<=', params.now)
    .where((eb) => eb.or([eb('s.status', 'is', null), eb('s.status', '<', 3)]))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Edits an announcement's title, text or link (the members' read states stay). */
export async function updateAnnouncement(db: Db, id: number, change: { title?: AnnouncementText; text?: AnnouncementText; url?: string | null }): Promise<void> {
  if (change.title === undefined && change.text === undefined && change.url === undefined) return;
  await db
    .updateTable('announcements')
    .set({
      ...(change.title !== undefined ? { title: JSON.stringify(change.title) } : {}),
      ...(change.text !== undefined ? { text: JSON.stringify(change.text) } : {}),
      ...(change.url !== undefined ? { url: change.url } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Hides an announcement from members (or shows it again); archiving also drops its pushes not yet sent. */
export async function setAnnouncementActive(trx: Transaction<Database>, id: number, active: boolean): Promise<void> {
  await trx.updateTable('announcements').set({ active }).where('id', '=', id).execute();
  if (!active) await trx.deleteFrom('push_deliveries').where('announcement_id', '=', id).where('state', '=', 'pending').execute();
}

import { sql, type Kysely } from 'kysely';
import { newShortId } from '../../security/tokens';
import type { Community, Database } from '../schema';

/** The link a community's QR code encodes: the app opens there and pre-selects the community. */
export const joinLink = (publicUrl: string, communityId: string) =>
  `${publicUrl}/community-scan?communityId=${encodeURIComponent(communityId)}`;

export async function findCommunity(db: Kysely<Database>, id: string): Promise<Community | undefined> {
  return db.selectFrom('communities').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A community a visitor may join: found and not archived. */
export async function findOpenCommunity(db: Kysely<Database>, id: string): Promise<Community | undefined> {
  return db.selectFrom('communities').selectAll().where('id', '=', id).where('active', '=', true).executeTakeFirst();
}

export async function listCommunities(db: Kysely<Database>): Promise<(Community & { members: number })[]> {
  return db
    .selectFrom('communities')
    .leftJoin('users', (join) => join.onRef('users.community_id', '=', 'communities.id').on('users.deleted_at', 'is', null))
    .select(['communities.id', 'communities.name', 'communities.created_at', 'communities.active'])
    .select((eb) => eb.fn.count<number>('users.id').as('members'))
    .groupBy(['communities.id', 'communities.name', 'communities.created_at', 'communities.active'])
    .orderBy('communities.created_at')
    .orderBy('communities.id')
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, members: Number(row.members) })));
}

/** Creates a community with a fresh random id (`<prefix><8 chars>`). */
export async function createCommunity(db: Kysely<Database>, name: string, prefix = 'c-'): Promise<Community> {
  return db
    .insertInto('communities')
    .values({ id: `${prefix}${newShortId(8)}`, name })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const DEMO_COMMUNITY_NAME = 'Demo Community';

/**
 * The community a fresh installation can join at once: created on first start, found again on
 * every later start. Safe when several instances start together (advisory lock).
 */
export async function ensureDemoCommunity(db: Kysely<Database>): Promise<Community> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('pips:demo-community'))`.execute(trx);
    const existing = await trx
      .selectFrom('communities')
      .selectAll()
      .where('id', 'like', 'demo-%')
      .orderBy('created_at')
      .orderBy('id')
      .executeTakeFirst();
    return existing ?? createCommunity(trx, DEMO_COMMUNITY_NAME, 'demo-');
  });
}

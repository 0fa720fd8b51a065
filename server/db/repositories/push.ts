import { sql, type Kysely } from 'kysely';
import type { Database, PushDeliveryState } from '../schema';

type Db = Kysely<Database>;

export interface PushSubscriptionRow {
  id: number;
  user_id: number;
  device_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: string;
}

/** Stores a browser's subscription for a member; an endpoint seen before moves to this member. */
export async function upsertSubscription(
  db: Db,
  row: { userId: number; deviceId: string; endpoint: string; p256dh: string; auth: string; language: string; now: Date },
): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values({
      user_id: row.userId,
      device_id: row.deviceId,
      endpoint: row.endpoint,
      p256dh: row.p256dh,
      auth: row.auth,
      language: row.language,
      updated_at: row.now,
    })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        user_id: row.userId,
        device_id: row.deviceId,
        p256dh: row.p256dh,
        auth: row.auth,
        language: row.language,
        updated_at: row.now,
      }),
    )
    .execute();
}

/** Removes a member's subscription by its device id or its endpoint. */
export async function deleteSubscription(db: Db, userId: number, key: { deviceId?: string; endpoint?: string }): Promise<number> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        ...(key.deviceId === undefined ? [] : [eb('device_id', '=', key.deviceId)]),
        ...(key.endpoint === undefined ? [] : [eb('endpoint', '=', key.endpoint)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteSubscriptionById(db: Db, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export async function subscriptionsOf(db: Db, userIds: number[]): Promise<PushSubscriptionRow[]> {
  if (userIds.length === 0) return [];
  return db.selectFrom('push_subscriptions').selectAll().where('user_id', 'in', userIds).orderBy('id').execute() as Promise<PushSubscriptionRow[]>;
}

/** Queues one push per verified member of the community who has a subscription; returns how many. */
export async function queueDeliveries(db: Db, announcementId: number, communityId: string, now: Date): Promise<number> {
  const result = await sql<{ n: number }>`
    insert into push_deliveries (announcement_id, user_id, state, next_attempt_at, updated_at)
    select ${announcementId}, u.id, 'pending', ${now}, ${now}
    from users u
    where u.community_id = ${communityId} and u.is_verified and u.deleted_at is null
      and exists (select 1 from push_subscriptions p where p.user_id = u.id)
    on conflict do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/** A claim left `sending` longer than the lease belongs to a server that vanished: never sent twice. */
export async function failStaleClaims(db: Db, claimedBefore: Date, now: Date): Promise<number> {
  const result = await db
    .updateTable('push_deliveries')
    .set({ state: 'failed', last_error: 'claim expired', updated_at: now })
    .where('state', '=', 'sending')
    .where('claimed_at', '<', claimedBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface ClaimedDelivery {
  announcement_id: number;
  user_id: number;
  attempts: number;
}

/**
 * Claims up to `limit` due deliveries for this server: rows another server holds locked are
 * skipped (FOR UPDATE SKIP LOCKED), and a claimed row is `sending`, which no claim takes again.
 */
export async function claimDeliveries(db: Db, limit: number, now: Date): Promise<ClaimedDelivery[]> {
  const result = await sql<ClaimedDelivery>`
    update push_deliveries d
    set state = 'sending', claimed_at = ${now}, attempts = d.attempts + 1, updated_at = ${now}
    from (
      select announcement_id, user_id from push_deliveries
      where state = 'pending' and next_attempt_at <= ${now}
      order by next_attempt_at, announcement_id, user_id
      limit ${limit}
      for update skip locked
    ) due
    where d.announcement_id = due.announcement_id and d.user_id = due.user_id and d.state = 'pending'
    returning d.announcement_id, d.user_id, d.attempts`.execute(db);
  return result.rows;
}

export async function finishDelivery(
  db: Db,
  key: { announcementId: number; userId: number },
  outcome: { state: PushDeliveryState; nextAttemptAt?: Date; error?: string | null; now: Date },
): Promise<void> {
  await db
    .updateTable('push_deliveries')
    .set({
      state: outcome.state,
      last_error: outcome.error ?? null,
      updated_at: outcome.now,
      ...(outcome.nextAttemptAt ? { next_attempt_at: outcome.nextAttemptAt } : {}),
    })
    .where('announcement_id', '=', key.announcementId)
    .where('user_id', '=', key.userId)
    .where('state', '=', 'sending')
    .execute();
}

/** push:status: subscriptions per community and the queue by state. */
export async function pushStatus(db: Db) {
  const subscriptions = await db
    .selectFrom('push_subscriptions as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['u.community_id', sql<number>`count(*)::int`.as('subscriptions'), sql<number>`count(distinct p.user_id)::int`.as('members')])
    .groupBy('u.community_id')
    .orderBy('u.community_id')
    .execute();
  const queue = await db
    .selectFrom('push_deliveries')
    .select(['state', sql<number>`count(*)::int`.as('count')])
    .groupBy('state')
    .orderBy('state')
    .execute();
  const failures = await db
    .selectFrom('push_deliveries')
    .select(['announcement_id', 'user_id', 'attempts', 'last_error', 'updated_at'])
    .where('state', '=', 'failed')
    .orderBy('updated_at', 'desc')
    .limit(10)
    .execute();
  return { subscriptions, queue, failures };
}

/** The stored VAPID keys; the first server to start stores its generated pair, the others read it. */
export async function ensurePushKeys(db: Db, generated: () => { publicKey: string; privateKey: string }) {
  const existing = await db.selectFrom('push_keys').select(['public_key', 'private_key']).where('id', '=', 1).executeTakeFirst();
  if (existing) return { publicKey: existing.public_key, privateKey: existing.private_key };
  const keys = generated();
  await db
    .insertInto('push_keys')
    .values({ id: 1, public_key: keys.publicKey, private_key: keys.privateKey })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await db.selectFrom('push_keys').select(['public_key', 'private_key']).where('id', '=', 1).executeTakeFirstOrThrow();
  return { publicKey: row.public_key, privateKey: row.private_key };
}

/** pushStatus for one community: its members' browsers, its announcements' queue and failures. */
export async function pushStatusOf(db: Db, communityId: string) {
  const subscriptions = await db
    .selectFrom('push_subscriptions as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select([sql<number>`count(*)::int`.as('subscriptions'), sql<number>`count(distinct p.user_id)::int`.as('members')])
    .where('u.community_id', '=', communityId)
    .executeTakeFirstOrThrow();
  const queue = await db
    .selectFrom('push_deliveries as d')
    .innerJoin('announcements as a', 'a.id', 'd.announcement_id')
    .select(['d.state', sql<number>`count(*)::int`.as('count')])
    .where('a.community_id', '=', communityId)
    .groupBy('d.state')
    .orderBy('d.state')
    .execute();
  const failures = await db
    .selectFrom('push_deliveries as d')
    .innerJoin('announcements as a', 'a.id', 'd.announcement_id')
    .select(['d.announcement_id', 'd.user_id', 'd.attempts', 'd.last_error', 'd.updated_at'])
    .where('a.community_id', '=', communityId)
    .where('d.state', '=', 'failed')
    .orderBy('d.updated_at', 'desc')
    .limit(10)
    .execute();
  return { subscriptions: subscriptions.subscriptions, members: subscriptions.members, queue, failures };
}

import { sql, type Kysely } from 'kysely';

/**
 * Announcements and Web Push (issue 9): the operator's announcements per community (title and
 * text in English and Spanish, an optional internal link), each member's status records, the
 * browsers' push subscriptions, the push queue (one row per announcement and member: at most one
 * send each) and the server's VAPID keys.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('announcements')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('community_id', 'text', (c) => c.notNull().references('communities.id').onDelete('cascade'))
    /** { en?, es? }: at least one language (the member sees theirs, else the other). */
    .addColumn('title', 'jsonb', (c) => c.notNull())
    .addColumn('text', 'jsonb', (c) => c.notNull())
    /** A path of the app (e.g. /earn/3), opened in the app; null for none. */
    .addColumn('url', 'text')
    .addColumn('icon', 'text')
    .addColumn('send_date', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('announcements_community_idx').on('announcements').columns(['community_id', 'id']).execute();

  await db.schema
    .createTable('announcement_statuses')
    .addColumn('announcement_id', 'integer', (c) => c.notNull().references('announcements.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    /** 2 delivered by push, 3 read, 4 deleted (no record: 1, new). */
    .addColumn('status', 'smallint', (c) => c.notNull().check(sql`status in (2, 3, 4)`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('announcement_statuses_pk', ['announcement_id', 'user_id'])
    .execute();
  await db.schema.createIndex('announcement_statuses_user_idx').on('announcement_statuses').column('user_id').execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** The short device id the app keeps (`msg` of setDeviceIdentifier). */
    .addColumn('device_id', 'text', (c) => c.notNull().unique())
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    /** The member's language when subscribing: pushes are written in it. */
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();

  await db.schema
    .createTable('push_deliveries')
    .addColumn('announcement_id', 'integer', (c) => c.notNull().references('announcements.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /**
     * pending (waiting, maybe for a retry), sending (claimed by one server), sent, gone (every
     * subscription reported gone), none (no subscription left), failed (gave up, or a claim
     * whose server vanished: never sent twice).
     */
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state in ('pending', 'sending', 'sent', 'gone', 'none', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('push_deliveries_pk', ['announcement_id', 'user_id'])
    .execute();
  await db.schema.createIndex('push_deliveries_due_idx').on('push_deliveries').columns(['state', 'next_attempt_at']).execute();

  await db.schema
    .createTable('push_keys')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('private_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['push_keys', 'push_deliveries', 'push_subscriptions', 'announcement_statuses', 'announcements']) {
    await db.schema.dropTable(table).execute();
  }
}

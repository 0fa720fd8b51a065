import { sql, type Kysely } from 'kysely';

/**
 * Chance to Win contests and their verifiable draws (docs/features.md, "Verifiable draws").
 *
 * A contest publishes `commitment` (SHA-256 of the secret `seed`) when it is created. The draw
 * flips `status` from 'open' to 'drawn' with a conditional update in the same transaction that
 * writes the entries and the winners, so it runs once however many servers try at once, and a
 * crash in the middle leaves the contest open for the next try. The unique constraints back it:
 * one entry per member, one prize per entry and per member.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ctw_contests')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('community_id', 'text', (c) => c.notNull().references('communities.id'))
    .addColumn('name', 'jsonb', (c) => c.notNull())
    .addColumn('prize', 'jsonb')
    .addColumn('threshold_pips', 'integer', (c) => c.notNull().check(sql`threshold_pips > 0`))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('draws_at', 'timestamptz', (c) => c.notNull())
    .addColumn('number_of_winners', 'integer', (c) => c.notNull().check(sql`number_of_winners > 0`))
    /** Secret until the draw: 64 hex digits. */
    .addColumn('seed', 'text', (c) => c.notNull())
    .addColumn('commitment', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'drawn')`))
    .addColumn('entries_hash', 'text')
    .addColumn('drawn_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('ctw_contests_window', sql`draws_at > starts_at`)
    .execute();
  await db.schema.createIndex('ctw_contests_due_idx').on('ctw_contests').columns(['status', 'draws_at']).execute();
  await db.schema.createIndex('ctw_contests_community_idx').on('ctw_contests').columns(['community_id', 'starts_at']).execute();

  await db.schema
    .createTable('ctw_entries')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('contest_id', 'integer', (c) => c.notNull().references('ctw_contests.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('earned_pips', 'integer', (c) => c.notNull())
    .addUniqueConstraint('ctw_entries_one_per_member', ['contest_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('ctw_winners')
    .addColumn('contest_id', 'integer', (c) => c.notNull().references('ctw_contests.id').onDelete('cascade'))
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('ctw_entries.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** 0-based order of the draw. */
    .addColumn('position', 'integer', (c) => c.notNull())
    /** The name shown, kept as it was at the draw (first name and last initial). */
    .addColumn('name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ctw_winners_pk', ['contest_id', 'position'])
    .addUniqueConstraint('ctw_winners_entry_once', ['entry_id'])
    .addUniqueConstraint('ctw_winners_member_once', ['contest_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ctw_winners').execute();
  await db.schema.dropTable('ctw_entries').execute();
  await db.schema.dropTable('ctw_contests').execute();
}

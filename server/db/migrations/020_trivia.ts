import { sql, type Kysely } from 'kysely';

/**
 * Trivia: the question of the day (individual questions served to each member at most once,
 * within a daily allowance per community) and team contests. Every pip they pay is a ledger row
 * of kind 'trivia' or 'contest', written in the same transaction as the answer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The ledger learns the two new causes.
  await sql`alter table ledger_entries drop constraint if exists ledger_entries_kind_check`.execute(db);
  await sql`alter table ledger_entries add constraint ledger_entries_kind_check
    check (kind in ('promo', 'qr', 'questionnaire', 'redeem', 'adjustment', 'trivia', 'contest'))`.execute(db);

  /** Per community: how many individual questions a member may be served a day, and whose day. */
  await db.schema
    .createTable('trivia_settings')
    .addColumn('community_id', 'text', (c) => c.primaryKey().references('communities.id').onDelete('cascade'))
    .addColumn('daily_allowance', 'integer', (c) => c.notNull().defaultTo(3).check(sql`daily_allowance >= 0 and daily_allowance <= 1000`))
    /** An IANA time zone, e.g. America/Mexico_City: the day of the allowance and the streak. */
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .execute();

  await db.schema
    .createTable('trivia_contests')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('community_id', 'text', (c) => c.notNull().references('communities.id').onDelete('cascade'))
    .addColumn('name', 'jsonb', (c) => c.notNull())
    .addColumn('rules', 'jsonb')
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('pips_per_answer', 'integer', (c) => c.notNull().check(sql`pips_per_answer >= 0`))
    .addColumn('join_pips', 'integer', (c) => c.notNull().defaultTo(0).check(sql`join_pips >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('trivia_contests_dates', sql`ends_at > starts_at`)
    .execute();
  await db.schema.createIndex('trivia_contests_community_idx').on('trivia_contests').columns(['community_id', 'ends_at']).execute();

  await db.schema
    .createTable('trivia_teams')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('contest_id', 'integer', (c) => c.notNull().references('trivia_contests.id').onDelete('cascade'))
    .addColumn('name', 'jsonb', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trivia_teams_contest_idx').on('trivia_teams').column('contest_id').execute();

  /** A question of the community's individual pool (contest_id null) or of one contest. */
  await db.schema
    .createTable('trivia_questions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('community_id', 'text', (c) => c.notNull().references('communities.id').onDelete('cascade'))
    .addColumn('contest_id', 'integer', (c) => c.references('trivia_contests.id').onDelete('cascade'))
    .addColumn('text', 'jsonb', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('trivia_questions_pool_idx').on('trivia_questions').columns(['community_id', 'contest_id', 'position', 'id']).execute();

  await db.schema
    .createTable('trivia_answers')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('question_id', 'integer', (c) => c.notNull().references('trivia_questions.id').onDelete('cascade'))
    .addColumn('text', 'jsonb', (c) => c.notNull())
    .addColumn('correct', 'boolean', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trivia_answers_question_idx').on('trivia_answers').column('question_id').execute();
  // One right answer per question.
  await sql`create unique index trivia_answers_one_right on trivia_answers (question_id) where correct`.execute(db);

  /** An individual question served to a member: at most once (unique), answered or skipped once. */
  await db.schema
    .createTable('trivia_servings')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('trivia_questions.id').onDelete('cascade'))
    /** The community's day 'YYYY-MM-DD' it was served on (the daily allowance counts these). */
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('served').check(sql`status in ('served', 'answered', 'skipped')`))
    .addColumn('answer_id', 'integer', (c) => c.references('trivia_answers.id'))
    .addColumn('correct', 'boolean')
    .addColumn('ledger_entry_id', 'integer', (c) => c.references('ledger_entries.id'))
    /** The community's day it was answered on (the streak counts these). */
    .addColumn('answered_day', 'text')
    .addColumn('served_at', 'timestamptz', (c) => c.notNull())
    .addColumn('answered_at', 'timestamptz')
    .addUniqueConstraint('trivia_servings_once', ['user_id', 'question_id'])
    .execute();
  await db.schema.createIndex('trivia_servings_user_day_idx').on('trivia_servings').columns(['user_id', 'day']).execute();
  // At most one pending question per member.
  await sql`create unique index trivia_servings_one_pending on trivia_servings (user_id) where status = 'served'`.execute(db);

  await db.schema
    .createTable('trivia_contest_members')
    .addColumn('contest_id', 'integer', (c) => c.notNull().references('trivia_contests.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('trivia_teams.id').onDelete('cascade'))
    .addColumn('display_name', 'text')
    .addColumn('correct_answers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_pips', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('trivia_contest_members_pk', ['contest_id', 'user_id'])
    .execute();
  await db.schema.createIndex('trivia_contest_members_team_idx').on('trivia_contest_members').column('team_id').execute();

  await db.schema
    .createTable('trivia_contest_answers')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('contest_id', 'integer', (c) => c.notNull().references('trivia_contests.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('trivia_questions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('answer_id', 'integer', (c) => c.notNull().references('trivia_answers.id'))
    .addColumn('correct', 'boolean', (c) => c.notNull())
    .addColumn('pips', 'integer', (c) => c.notNull())
    .addColumn('ledger_entry_id', 'integer', (c) => c.references('ledger_entries.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('trivia_contest_answers_once', ['question_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'trivia_contest_answers',
    'trivia_contest_members',
    'trivia_servings',
    'trivia_answers',
    'trivia_questions',
    'trivia_teams',
    'trivia_contests',
    'trivia_settings',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await sql`alter table ledger_entries drop constraint if exists ledger_entries_kind_check`.execute(db);
  await sql`alter table ledger_entries add constraint ledger_entries_kind_check
    check (kind in ('promo', 'qr', 'questionnaire', 'redeem', 'adjustment'))`.execute(db);
}

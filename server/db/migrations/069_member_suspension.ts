import { sql, type Kysely } from 'kysely';

/**
 * Member care (issue 49): an operator suspends a member, with a reason, and restores them. A
 * suspended member signs in and reads their history, but earns and redeems nothing (refused in
 * `pips_post`, server/db/sql/pips_post.sql) until restored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column suspended_at timestamptz, add column suspension_reason text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column suspended_at, drop column suspension_reason`.execute(db);
}

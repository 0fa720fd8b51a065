import type { Kysely } from 'kysely';

/**
 * Winners' names (issue 46): a winner's real name was kept with the draw (first name and initial)
 * and shown to the whole community, even after the member deleted their account. Members now see
 * the winner's fictional player name, computed from the contest and the member; operators read the
 * name from the account while it exists. The stored copies go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ctw_winners').dropColumn('name').execute();
}

/** The column comes back empty: the names it held are gone. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ctw_winners').addColumn('name', 'text', (c) => c.notNull().defaultTo('')).execute();
}

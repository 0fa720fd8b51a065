import type { Kysely } from 'kysely';

/**
 * Archiving everywhere (issue 14): announcements, trivia contests, Chance to Win contests and
 * communities gain the `active` flag promos and questionnaires have. Archived content is hidden
 * from members and kept for their history; an archived community takes no new members.
 */
const TABLES = ['announcements', 'trivia_contests', 'ctw_contests', 'communities'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn('active').execute();
}

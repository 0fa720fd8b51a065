import { sql, type Kysely } from 'kysely';

/**
 * How members reach their community's operator (the /support screen): one row per community,
 * set with `community:support`. No row: the operator has set nothing yet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('community_support')
    .addColumn('community_id', 'text', (c) => c.primaryKey().references('communities.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    /** An https address, or null. */
    .addColumn('url', 'text', (c) => c.check(sql`url is null or url like 'https://%'`))
    .addColumn('phone', 'text')
    /** { en?, es? }: a short text in either language or both; null when none. */
    .addColumn('text', 'jsonb')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('community_support').execute();
}

import { sql, type Kysely } from 'kysely';

/**
 * Setting up a running server (issue 49): while no operator exists, each start issues a one-time
 * setup token (kept as its SHA-256 only) that creates the first community and its owner through
 * the running server; it works once and for 24 hours.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('setup_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('setup_tokens').execute();
}

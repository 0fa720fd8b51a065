import { sql, type Kysely } from 'kysely';

/**
 * Images the operator sets on earn actions and rewards (`--image`): kept in the database so
 * every instance serves them, on PGlite and PostgreSQL alike, keyed by the SHA-256 of their
 * bytes (the URL /images/<hash>.<ext> never changes meaning, so it is cached for a year).
 * A promo's image_url points there and its size is kept beside it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('images')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull().check(sql`content_type in ('image/png', 'image/jpeg', 'image/webp')`))
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.alterTable('promos').addColumn('image_width', 'integer').execute();
  await db.schema.alterTable('promos').addColumn('image_height', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('promos').dropColumn('image_height').execute();
  await db.schema.alterTable('promos').dropColumn('image_width').execute();
  await db.schema.dropTable('images').execute();
}

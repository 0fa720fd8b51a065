import { sql, type Kysely } from 'kysely';

/**
 * The translation cache and the operator's own translations (POST /api/translate): one row per
 * source text (by its SHA-256) and target language. `origin` 'operator' rows are pairs the
 * operator wrote (the demo community's name, `translation:set`), 'machine' rows what the
 * configured machine-translation server answered.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('translations')
    .addColumn('source_hash', 'text', (c) => c.notNull())
    .addColumn('target_lang', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('translated', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull().check(sql`origin in ('operator', 'machine')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('translations_pkey', ['source_hash', 'target_lang'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('translations').execute();
}

import { sql, type Kysely } from 'kysely';

/**
 * The pip ledger and everything that moves pips: earn promos and rewards (with their options and
 * gift-card codes), earn QR codes, questionnaires, and the idempotency keys of replayable writes.
 *
 * Invariant: for every user, available_pips = sum(delta), total_earned_pips = sum(delta > 0) and
 * total_used_pips = -sum(delta < 0) over ledger_entries. Only `ledger.post` changes balances, in
 * the same transaction as the row; the CHECK on users.available_pips backs the conditional update.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('delta', 'integer', (c) => c.notNull().check(sql`delta <> 0`))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('promo', 'qr', 'questionnaire', 'redeem', 'adjustment')`),
    )
    /** The promo, QR code, questionnaire or redemption behind the row; null for adjustments. */
    .addColumn('source_id', 'integer')
    /** What the member sees in Activity: a snapshot of the source's LocalizedText (jsonb). */
    .addColumn('title', 'jsonb', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('idempotency_key', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('ledger_entries_user_id_idx').on('ledger_entries').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('operation', 'text', (c) => c.notNull())
    /** The request's meaning (operation inputs), so a different request under a used key is refused. */
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    /** The first answer, returned again on a replay. */
    .addColumn('response', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();

  await db.schema
    .createTable('questionnaires')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('community_id', 'text', (c) => c.notNull().references('communities.id'))
    /** The QuestionnairePayload of openapi.yaml, any text of which may be { en, es }. */
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('pips', 'integer', (c) => c.notNull().defaultTo(0).check(sql`pips >= 0`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('questionnaires_community_id_idx').on('questionnaires').column('community_id').execute();

  await db.schema
    .createTable('questionnaire_answers')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('questionnaire_id', 'integer', (c) => c.notNull().references('questionnaires.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('answers', 'jsonb', (c) => c.notNull())
    .addColumn('ledger_entry_id', 'integer', (c) => c.references('ledger_entries.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('questionnaire_answers_once', ['questionnaire_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('promos')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('community_id', 'text', (c) => c.notNull().references('communities.id'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('EARN', 'REDEEM')`))
    .addColumn('title', 'jsonb', (c) => c.notNull())
    .addColumn('description', 'jsonb')
    .addColumn('terms', 'jsonb')
    .addColumn('image_url', 'text')
    /** EARN: the external page opened in a new tab; REDEEM: where the reward is claimed. */
    .addColumn('url', 'text')
    /** EARN: the pips earned. REDEEM: 0 (prices live on the options). */
    .addColumn('pips', 'integer', (c) => c.notNull().defaultTo(0).check(sql`pips >= 0`))
    .addColumn('earn_limit', 'text', (c) =>
      c.notNull().defaultTo('once').check(sql`earn_limit in ('once', 'daily', 'unlimited')`),
    )
    .addColumn('questionnaire_id', 'integer', (c) => c.references('questionnaires.id'))
    .addColumn('redirect_to_internal_screen', 'text')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('promos_community_type_idx').on('promos').columns(['community_id', 'type']).execute();

  await db.schema
    .createTable('promo_options')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('promo_id', 'integer', (c) => c.notNull().references('promos.id').onDelete('cascade'))
    .addColumn('label', 'jsonb', (c) => c.notNull())
    .addColumn('pips', 'integer', (c) => c.notNull().check(sql`pips > 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('promo_options_promo_id_idx').on('promo_options').column('promo_id').execute();

  await db.schema
    .createTable('redemptions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('promo_id', 'integer', (c) => c.notNull().references('promos.id'))
    .addColumn('option_id', 'integer', (c) => c.notNull().references('promo_options.id'))
    .addColumn('pips', 'integer', (c) => c.notNull().check(sql`pips > 0`))
    .addColumn('ledger_entry_id', 'integer', (c) => c.notNull().references('ledger_entries.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('redemptions_user_id_idx').on('redemptions').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('gift_card_codes')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('option_id', 'integer', (c) => c.notNull().references('promo_options.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    /** Set once, in the redemption's transaction; unique, so a code is never given twice. */
    .addColumn('redemption_id', 'integer', (c) => c.unique().references('redemptions.id'))
    .addColumn('imported_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('gift_card_codes_option_code', ['option_id', 'code'])
    .execute();
  await sql`create index gift_card_codes_free_idx on gift_card_codes (option_id, id) where redemption_id is null`.execute(db);

  await db.schema
    .createTable('earn_qr_codes')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('community_id', 'text', (c) => c.notNull().references('communities.id'))
    /** Random, url-safe; printed as <PUBLIC_URL>/earn?qr=<code>. */
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'jsonb', (c) => c.notNull())
    .addColumn('pips', 'integer', (c) => c.notNull().check(sql`pips > 0`))
    .addColumn('earn_limit', 'text', (c) => c.notNull().defaultTo('once').check(sql`earn_limit in ('once', 'daily')`))
    .addColumn('valid_from', 'timestamptz')
    .addColumn('valid_until', 'timestamptz')
    /** How many scans may credit in all (null: no cap). */
    .addColumn('total_cap', 'integer', (c) => c.check(sql`total_cap is null or total_cap > 0`))
    .addColumn('claims_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('earn_qr_codes_cap', sql`total_cap is null or claims_count <= total_cap`)
    .execute();

  await db.schema
    .createTable('earn_claims')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('promo', 'qr')`))
    .addColumn('source_id', 'integer', (c) => c.notNull())
    /** 'once', or the UTC day 'YYYY-MM-DD' for daily limits: the unique key enforces the limit. */
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('ledger_entry_id', 'integer', (c) => c.notNull().references('ledger_entries.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('earn_claims_limit', ['user_id', 'kind', 'source_id', 'period'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'earn_claims',
    'earn_qr_codes',
    'gift_card_codes',
    'redemptions',
    'promo_options',
    'promos',
    'questionnaire_answers',
    'questionnaires',
    'idempotency_keys',
    'ledger_entries',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

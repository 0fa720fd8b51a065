import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { ContentLanguage } from '../../i18n/localized';
import type { Database } from '../schema';

/** The key of a source text in `translations`. */
export const sourceHash = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * Records a pair the operator wrote: `source` (in the other language) is `translated` in
 * `language`. Stores source -> translated, the translation as already in its language, and
 * the way back, so either half asks for the other.
 */
export async function setOperatorTranslation(db: Kysely<Database>, source: string, language: ContentLanguage, translated: string): Promise<void> {
  const other = language === 'en' ? 'es' : 'en';
  const rows = [
    { source, target_lang: language, translated },
    { source: translated, target_lang: language, translated },
    { source: translated, target_lang: other, translated: source },
  ];
  for (const row of rows) {
    await db
      .insertInto('translations')
      .values({ ...row, source_hash: sourceHash(row.source), origin: 'operator' })
      .onConflict((c) => c.columns(['source_hash', 'target_lang']).doUpdateSet({ translated: row.translated, origin: 'operator' }))
      .execute();
  }
}

/** Every `{ en, es }` column of operator content (table, jsonb column). */
const LOCALIZED_COLUMNS: [string, string][] = [
  ['promos', 'title'],
  ['promos', 'description'],
  ['promos', 'terms'],
  ['promo_options', 'label'],
  ['earn_qr_codes', 'title'],
  ['announcements', 'title'],
  ['announcements', 'text'],
  ['ctw_contests', 'name'],
  ['ctw_contests', 'prize'],
  ['trivia_contests', 'name'],
  ['trivia_contests', 'rules'],
  ['trivia_teams', 'name'],
  ['trivia_questions', 'text'],
  ['trivia_answers', 'text'],
  ['community_support', 'text'],
];

/** The other half of a pair the operator wrote, or null. */
export async function rememberedTranslation(db: Kysely<Database>, text: string, language: string): Promise<string | null> {
  if (language !== 'en' && language !== 'es') return null;
  const other = language === 'en' ? 'es' : 'en';
  const pairs = sql.join(
    LOCALIZED_COLUMNS.map(
      ([table, column]) =>
        sql`select ${sql.ref(`${table}.${column}`)} ->> ${other} as source, ${sql.ref(`${table}.${column}`)} ->> ${language} as target from ${sql.table(table)} where jsonb_typeof(${sql.ref(`${table}.${column}`)}) = 'object'`,
    ),
    sql` union all `,
  );
  const { rows } = await sql<{ target: string }>`
    select target from (${pairs}) pairs
    where target is not null and (source = ${text} or target = ${text})
    limit 1`.execute(db);
  return rows[0]?.target ?? null;
}

/** A machine translation cached earlier, or null. */
export async function cachedTranslation(db: Kysely<Database>, text: string, language: string): Promise<string | null> {
  const row = await db
    .selectFrom('translations')
    .select('translated')
    .where('source_hash', '=', sourceHash(text))
    .where('target_lang', '=', language)
    .executeTakeFirst();
  return row ? row.translated : null;
}

/** Caches a machine translation (an operator's pair, or one cached meanwhile, stays). */
export async function cacheMachineTranslation(db: Kysely<Database>, text: string, language: string, translated: string): Promise<void> {
  await db
    .insertInto('translations')
    .values({ source_hash: sourceHash(text), target_lang: language, source: text, translated, origin: 'machine' })
    .onConflict((c) => c.columns(['source_hash', 'target_lang']).doNothing())
    .execute();
}

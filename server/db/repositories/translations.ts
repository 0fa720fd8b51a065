import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
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

import fp from 'fastify-plugin';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../../config';
import { setOperatorTranslation, sourceHash } from '../../db/repositories/translations';
import type { Database } from '../../db/schema';
import type { ContentLanguage } from '../../i18n/localized';

declare module 'fastify' {
  interface FastifyInstance {
    translations: TranslationService;
  }
}

/**
 * POST /api/translate (SPEC §1, §7): operator content in the member's language. In order:
 * 1. the translation memory: a text the operator wrote in both languages (any `{ en, es }` of
 *    the content tables, or an operator row of `translations`) answers its other half;
 * 2. a machine translation cached in `translations`;
 * 3. the configured LibreTranslate-compatible server (TRANSLATE_URL), with a timeout; its answer
 *    is cached.
 * Anything else (no server, an error, a timeout, a malformed answer) answers the original text.
 */
export interface TranslationService {
  translate(text: string, targetLang: string): Promise<string>;
  /** Records a pair the operator wrote (`source` in the other language, `translated` in `language`). */
  setOperatorTranslation(source: string, language: ContentLanguage, translated: string): Promise<void>;
}

/** A language tag as the content languages: es, es-LA, es-419 … are Spanish; en-* English; others as given. */
export function contentLanguageOf(tag: string): string {
  return tag.toLowerCase().split('-')[0];
}

const hash = sourceHash;

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
async function fromMemory(db: Kysely<Database>, text: string, language: string): Promise<string | null> {
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

/** Asks a LibreTranslate-compatible server; null on any failure. */
async function fromMachine(config: Config, text: string, language: string): Promise<string | null> {
  if (!config.translateUrl) return null;
  try {
    const response = await fetch(`${config.translateUrl}/translate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ q: text, source: 'auto', target: language, format: 'text', ...(config.translateApiKey ? { api_key: config.translateApiKey } : {}) }),
      signal: AbortSignal.timeout(config.translateTimeoutMs),
      redirect: 'error',
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { translatedText?: unknown };
    const translated = body?.translatedText;
    return typeof translated === 'string' && translated.trim() !== '' ? translated : null;
  } catch {
    return null;
  }
}

export function createTranslationService(deps: { db: Kysely<Database>; config: Config; warn?: (error: unknown) => void }): TranslationService {
  const { db, config } = deps;
  return {
    async translate(text, targetLang) {
      const language = contentLanguageOf(targetLang);
      try {
        const remembered = await fromMemory(db, text, language);
        if (remembered !== null) return remembered;
        const cached = await db
          .selectFrom('translations')
          .select('translated')
          .where('source_hash', '=', hash(text))
          .where('target_lang', '=', language)
          .executeTakeFirst();
        if (cached) return cached.translated;
      } catch (error) {
        deps.warn?.(error);
        return text;
      }
      const translated = await fromMachine(config, text, language);
      if (translated === null) return text;
      try {
        await db
          .insertInto('translations')
          .values({ source_hash: hash(text), target_lang: language, source: text, translated, origin: 'machine' })
          .onConflict((c) => c.columns(['source_hash', 'target_lang']).doNothing())
          .execute();
      } catch (error) {
        deps.warn?.(error);
      }
      return translated;
    },
    setOperatorTranslation: (source, language, translated) => setOperatorTranslation(db, source, language, translated),
  };
}

export default fp(
  async (app) => {
    app.decorate('translations', createTranslationService({ db: app.db, config: app.config, warn: (error) => app.log.warn({ err: error }, 'translation lookup failed') }));
  },
  { name: 'translations', dependencies: ['core', 'db'] },
);

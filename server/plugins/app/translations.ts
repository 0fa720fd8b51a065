import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import { cachedTranslation, cacheMachineTranslation, rememberedTranslation, setOperatorTranslation } from '../../db/repositories/translations';
import type { Database } from '../../db/schema';
import type { ContentLanguage } from '../../i18n/localized';

declare module 'fastify' {
  interface FastifyInstance {
    translations: TranslationService;
  }
}

/**
 * POST /api/translate: operator content in the member's language. In order:
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
        const remembered = await rememberedTranslation(db, text, language);
        if (remembered !== null) return remembered;
        const cached = await cachedTranslation(db, text, language);
        if (cached !== null) return cached;
      } catch (error) {
        deps.warn?.(error);
        return text;
      }
      const translated = await fromMachine(config, text, language);
      if (translated === null) return text;
      try {
        await cacheMachineTranslation(db, text, language, translated);
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

import Dexie, { type Table } from 'dexie';
import type { Api } from '../api/client';

/**
 * Operator content in the member's language: texts that came back only in English
 * are sent to POST /api/translate, whose answer (the operator's own translation, or a machine
 * one) is shown instead; when that fails the original stays. Answers are kept per language in
 * memory for the session and, when they differ from the original, in IndexedDB, so a reload or
 * an offline start shows them again without asking.
 */

/** The language tag sent as targetLang: Spanish content is Latin-American Spanish. */
export const translationTarget = (language: string): string => (language.toLowerCase().startsWith('es') ? 'es-LA' : language);

/** English is the content's own language: nothing to translate. */
export const needsTranslation = (language: string): boolean => language !== '' && !language.toLowerCase().startsWith('en');

interface TranslationRow {
  language: string;
  source: string;
  text: string;
  storedAt: number;
}

class TranslationsDatabase extends Dexie {
  texts!: Table<TranslationRow, [language: string, source: string]>;
  constructor() {
    super('translations');
    this.version(1).stores({ texts: '[language+source]' });
  }
}

let database: TranslationsDatabase | undefined;
const db = () => (database ??= new TranslationsDatabase());

/** This session's answers: language -> source -> translation. */
const memory = new Map<string, Map<string, string>>();
/** Calls under way, so one text is asked once however many screens want it. */
const inFlight = new Map<string, Promise<string>>();
/** At most this many translate calls at once. */
const PARALLEL = 4;
/** The longest text the API takes. */
const MAX_LENGTH = 20000;

const remembered = (language: string) => {
  let entries = memory.get(language);
  if (!entries) memory.set(language, (entries = new Map()));
  return entries;
};

async function readStored(language: string, sources: string[]): Promise<void> {
  try {
    const rows = await db().texts.bulkGet(sources.map((source) => [language, source] as [string, string]));
    for (const row of rows) if (row) remembered(language).set(row.source, row.text);
  } catch {
    // No IndexedDB (private mode): ask the server.
  }
}

async function ask(api: Api, language: string, source: string, signal?: AbortSignal): Promise<string> {
  const key = `${language}\u0000${source}`;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = (async () => {
      const result = await api.translate({ data: source, targetLang: translationTarget(language) }, { signal });
      if (!result.success || typeof result.data?.data !== 'string' || result.data.data === '') return source;
      const text = result.data.data;
      remembered(language).set(source, text);
      if (text !== source) await db().texts.put({ language, source, text, storedAt: Date.now() }).catch(() => {});
      return text;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

/**
 * The translations of `texts` into `language` (source -> shown text); a text that could not be
 * translated maps to itself. Never rejects.
 */
export async function translateTexts(api: Api, language: string, texts: Iterable<string>, signal?: AbortSignal): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  const wanted = [...new Set(texts)].filter((text) => text.trim() !== '');
  if (!needsTranslation(language) || wanted.length === 0) {
    for (const text of wanted) result.set(text, text);
    return result;
  }
  const known = remembered(language);
  await readStored(language, wanted.filter((text) => !known.has(text)));
  const missing = wanted.filter((text) => !known.has(text) && text.length <= MAX_LENGTH);
  let next = 0;
  const worker = async () => {
    while (next < missing.length && !signal?.aborted) {
      const source = missing[next++];
      try {
        await ask(api, language, source, signal);
      } catch {
        // The original stays.
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, missing.length) }, worker));
  for (const text of wanted) result.set(text, known.get(text) ?? text);
  return result;
}

/** A function that rewrites every operator text of a value (see `translateContent`). */
export type TextMapper = (text: string) => string;

/**
 * Translates the operator texts of `data`: `pick` walks the value, passing each text through the
 * mapper it is given and building the value anew; it runs once to collect the texts and once to
 * put the translations in.
 */
export async function translateContent<T>(
  api: Api,
  language: string,
  data: T,
  pick: (data: T, text: TextMapper) => T,
  signal?: AbortSignal,
): Promise<T> {
  if (!needsTranslation(language)) return data;
  const texts: string[] = [];
  pick(data, (text) => {
    texts.push(text);
    return text;
  });
  if (texts.length === 0) return data;
  const translated = await translateTexts(api, language, texts, signal);
  return pick(data, (text) => translated.get(text) ?? text);
}

/** Forgets every answer, this session's and the stored ones (tests). */
export async function forgetTranslations(): Promise<void> {
  memory.clear();
  inFlight.clear();
  await db().texts.clear().catch(() => {});
}

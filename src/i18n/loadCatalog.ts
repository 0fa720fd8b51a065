import type { Messages } from '@lingui/core';
import type { Locale } from './locales';
import { browserOnline } from '../actors/watchOnline';

export type CatalogImporter = (locale: Locale) => Promise<{ messages: Messages }>;

export interface RetryOptions {
  /** retries after the first attempt (up to 5) */
  retries?: number;
  /** delay before the first retry, doubled each time (350 ms) */
  initialDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Whether the browser may reach the network (navigator.onLine): offline, a retry cannot help. */
  online?: () => boolean;
  /** Aborted when the load is put aside: no retry after it. */
  signal?: AbortSignal;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));


/**
 * Loads a catalog, retrying a failed chunk load with exponential back-off (350, 700, 1400 ... ms).
 * A load that fails while the browser is offline is not retried: the member would wait 11 s for
 * the English fallback (the language switch then says the choice waits for the connection).
 */
export async function loadCatalog(
  locale: Locale,
  importer: CatalogImporter,
  { retries = 5, initialDelayMs = 350, sleep = wait, online = browserOnline, signal }: RetryOptions = {},
): Promise<Messages> {
  for (let attempt = 0; ; attempt++) {
    try {
      return (await importer(locale)).messages;
    } catch (error) {
      if (attempt >= retries || !online() || signal?.aborted) throw error;
      await sleep(initialDelayMs * 2 ** attempt);
      if (signal?.aborted) throw error;
    }
  }
}

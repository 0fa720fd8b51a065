import type { Messages } from '@lingui/core';
import type { Locale } from './locales';

export type CatalogImporter = (locale: Locale) => Promise<{ messages: Messages }>;

export interface RetryOptions {
  /** retries after the first attempt (SPEC §9: up to 5) */
  retries?: number;
  /** delay before the first retry, doubled each time (SPEC §9: 350 ms) */
  initialDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Loads a catalog, retrying a failed chunk load with exponential back-off (350, 700, 1400 ... ms). */
export async function loadCatalog(
  locale: Locale,
  importer: CatalogImporter,
  { retries = 5, initialDelayMs = 350, sleep = wait }: RetryOptions = {},
): Promise<Messages> {
  for (let attempt = 0; ; attempt++) {
    try {
      return (await importer(locale)).messages;
    } catch (error) {
      if (attempt >= retries) throw error;
      await sleep(initialDelayMs * 2 ** attempt);
    }
  }
}

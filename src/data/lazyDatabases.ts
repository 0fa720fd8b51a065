import type { Databases } from './databases';

/**
 * Dexie and the database classes travel in their own chunk, fetched on the first read or write:
 * a signed-out first visit (/login, /welcome) never needs them (issue 12 budgets).
 */
export async function databases(): Promise<Databases> {
  const { db } = await import('./databases');
  return db();
}

/** Whether this browser has IndexedDB at all (old browsers, some private modes, unit tests have none). */
export async function hasIndexedDb(): Promise<boolean> {
  const { default: Dexie } = await import('dexie');
  return Boolean(Dexie.dependencies.indexedDB);
}

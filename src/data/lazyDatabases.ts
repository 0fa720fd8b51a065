import { nextTask } from '../startup/breathe';
import type { Databases } from './databases';
import { onceRetried } from './onceRetried';

let held: Promise<unknown> = Promise.resolve();

/**
 * Holds every read and write of IndexedDB until `until` settles. The app holds them until its
 * first screen has painted: Dexie's chunk, opening the databases and the first reads took ~200 ms
 * of a throttled phone's main thread, right between the session's start and Home's first render.
 * The screens show their skeletons meanwhile, and the network calls do not wait for it.
 */
export function holdDatabasesUntil(until: Promise<unknown>): void {
  held = until.catch(() => undefined);
}

/** The hold itself: settled once the first screen has painted (or at once when nothing holds). */
export const firstScreenHold = (): Promise<unknown> => held;

/** Loads a module that opens IndexedDB itself (Dexie imported statically) once the hold is over. */
export async function afterDatabaseHold<T>(load: () => Promise<T>): Promise<T> {
  await held;
  return load();
}

// Once for every caller (see `databases`); a chunk that failed to come is asked again next time.
const databasesChunk = onceRetried(async () => {
  const chunk = await import('./databases');
  await nextTask();
  return chunk;
});

/**
 * Dexie and the database classes travel in their own chunk, fetched on the first read or write:
 * a signed-out first visit (/login, /welcome) never needs them (issue 12 budgets). The chunk's
 * evaluation (Dexie's module) ends its task before the databases are made and first read: the
 * two together were one task of 60-80 ms on /home at 1x in a trace.
 */
export async function databases(): Promise<Databases> {
  await held;
  const { db } = await databasesChunk();
  return db();
}

/** Whether this browser has IndexedDB at all (old browsers, some private modes, unit tests have none). */
export async function hasIndexedDb(): Promise<boolean> {
  await held;
  const { default: Dexie } = await import('dexie');
  return Boolean(Dexie.dependencies.indexedDB);
}

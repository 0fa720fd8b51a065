import type { Table } from 'dexie';
import { storedCopy, type StoredCopy } from '../../machines/storedCopy';
import type { Transaction } from '../api/client';
import type { CacheKey, CachedRow, Databases } from './databases';
import { inLanguageOrNewest } from './inLanguageOrNewest';
import { databases } from './lazyDatabases';
import type { ResourceData, ResourceKey } from './resourceFetchers';

/** The tables of the resources kept per member and language (the transaction detail has its own). */
const tables: Partial<{ [K in ResourceKey]: (db: Databases) => Table<CachedRow<ResourceData[K]>, CacheKey> }> = {
  earnPromos: (db) => db.earn.promos,
  redeemPromos: (db) => db.redeem.promos,
  forms: (db) => db.forms.questionnaires,
  activity: (db) => db.user.actions,
  giftCards: (db) => db.user.rewards,
  dashboard: (db) => db.user.dashboard,
  profile: (db) => db.user.profile,
  support: (db) => db.community.support,
};

/** Whose copy in which language. */
export interface CacheScope {
  userId: number;
  language: string;
}

/** A cached copy, marked with the language it was saved in when not the one asked for. */
export type CachedResourceCopy<T> = StoredCopy<{ data: T }> | null;

const copyOf = <T>(row: CachedRow<T> | undefined, scope: CacheScope): CachedResourceCopy<T> =>
  row ? storedCopy({ data: row.data }, row.language, scope.language) : null;

/**
 * The cached copy of a resource for this member in this language, or else the one last saved in
 * another language, marked so (see inLanguageOrNewest); null when the member has none.
 */
export async function readCachedResource<K extends ResourceKey>(key: K, scope: CacheScope): Promise<CachedResourceCopy<ResourceData[K]>> {
  const pick = tables[key];
  if (!pick) return null;
  const table = pick(await databases()) as Table<CachedRow<ResourceData[K]>, CacheKey>;
  const row = await inLanguageOrNewest(table.get([scope.userId, scope.language]), () =>
    table.where('userId').equals(scope.userId).toArray(),
  );
  return copyOf(row, scope);
}

export async function writeCachedResource<K extends ResourceKey>(key: K, scope: CacheScope, data: ResourceData[K]): Promise<void> {
  const pick = tables[key];
  if (!pick) return;
  const table = pick(await databases()) as Table<CachedRow<ResourceData[K]>, CacheKey>;
  await table.put({ userId: scope.userId, language: scope.language, data, storedAt: Date.now() });
}

/** The cached detail of a transaction for this member, as readCachedResource finds a copy. */
export async function readCachedTransaction(transactionId: number, scope: CacheScope): Promise<CachedResourceCopy<Transaction>> {
  const table = (await databases()).user.transactions;
  const row = await inLanguageOrNewest(table.get([scope.userId, transactionId, scope.language]), () =>
    table
      .where('userId')
      .equals(scope.userId)
      .filter((other) => other.transactionId === transactionId)
      .toArray(),
  );
  return copyOf(row, scope);
}

export async function writeCachedTransaction(scope: CacheScope, data: Transaction): Promise<void> {
  await (await databases()).user.transactions.put({
    userId: scope.userId,
    language: scope.language,
    transactionId: data.transactionId,
    data,
    storedAt: Date.now(),
  });
}
